import { describe, expect, it, vi } from 'vitest';
import type { ClientUser } from '#datasources/types';
import { restError } from '#errors';
import { CALLERS, execute, fakeContext, ORGANIZATIONS } from '#testing/fakes';

const IDA: ClientUser = {
  ClientUserId: 52,
  UUID: '00000000-0000-4000-8000-000000000052',
  ClientId: ORGANIZATIONS.A.ClientId,
  UserFirstname: 'Ida',
  UserLastname: 'Import',
  OfficialEmail: 'ida@acme.local',
  Phone: null,
  DepartmentName: null,
  DepartmentCode: null,
  TypeOfUser: 'User',
  IsActive: true,
  Status: 'INVITED',
  CreatedAt: '2026-11-01T09:00:00Z',
};

const PREVIEW = /* GraphQL */ `
  query ($organizationId: ID, $rows: [UserImportRowInput!]!) {
    userImportPreview(organizationId: $organizationId, rows: $rows) {
      goodRows
      seatProblems
      rows {
        row
        problems {
          code
          field
          message
        }
      }
    }
  }
`;

const IMPORT = /* GraphQL */ `
  mutation ($organizationId: ID, $rows: [UserImportRowInput!]!) {
    importUsers(organizationId: $organizationId, rows: $rows) {
      invited
      users {
        id
        email
      }
      errors {
        code
        field
        message
      }
    }
  }
`;

const ROWS = [
  { firstName: 'Ida', lastName: 'Import', email: 'ida@acme.local', roles: 'Yozy Web: Member' },
  { firstName: 'Bad', lastName: 'Row', email: 'not-an-email', phone: '+1 555', roles: 'Astronaut' },
];

describe('userImportPreview', () => {
  it.each([
    ['anonymous', 'UNAUTHENTICATED'],
    ['memberOfA', 'FORBIDDEN'],
    ['orgAdminOfB', 'FORBIDDEN'],
  ] as const)('refuses %s a check of rows for Acme with %s before asking the REST service', async (caller, code) => {
    const previewUserImport = vi.fn();
    const ctx = fakeContext({ viewer: CALLERS[caller], sources: { users: { previewUserImport } } });
    const answer = await execute(PREVIEW, { organizationId: String(ORGANIZATIONS.A.ClientId), rows: ROWS }, ctx);
    expect(answer.errors?.[0]?.extensions).toEqual({ code });
    expect(previewUserImport).not.toHaveBeenCalled();
  });

  it('sends the rows in REST names and answers each row’s problems under the input’s field names', async () => {
    const previewUserImport = vi.fn(async () => ({
      GoodRows: 1,
      SeatProblems: [],
      Rows: [
        { Row: 1, Problems: [] },
        {
          Row: 2,
          Problems: [
            { Field: 'OfficialEmail', Code: 'BAD_REQUEST' as const, Message: 'Enter an email address such as name@example.com' },
            { Field: 'Roles', Code: 'BAD_REQUEST' as const, Message: '“Astronaut” is not a role of the organization’s products' },
          ],
        },
      ],
    }));
    const ctx = fakeContext({ viewer: CALLERS.superAdmin, sources: { users: { previewUserImport } } });
    const answer = await execute(PREVIEW, { organizationId: String(ORGANIZATIONS.A.ClientId), rows: ROWS }, ctx);
    expect(previewUserImport).toHaveBeenCalledWith(String(ORGANIZATIONS.A.ClientId), [
      { UserFirstname: 'Ida', UserLastname: 'Import', OfficialEmail: 'ida@acme.local', Roles: 'Yozy Web: Member' },
      { UserFirstname: 'Bad', UserLastname: 'Row', OfficialEmail: 'not-an-email', Phone: '+1 555', Roles: 'Astronaut' },
    ]);
    expect(answer.data?.userImportPreview).toEqual({
      goodRows: 1,
      seatProblems: [],
      rows: [
        { row: 1, problems: [] },
        {
          row: 2,
          problems: [
            { code: 'BAD_USER_INPUT', field: 'email', message: 'Enter an email address such as name@example.com' },
            { code: 'BAD_USER_INPUT', field: 'roles', message: '“Astronaut” is not a role of the organization’s products' },
          ],
        },
      ],
    });
  });
});

describe('importUsers', () => {
  it('refuses a member and another organisation’s admin before asking the REST service', async () => {
    for (const caller of ['memberOfA', 'orgAdminOfB'] as const) {
      const importUsers = vi.fn();
      const ctx = fakeContext({ viewer: CALLERS[caller], sources: { users: { importUsers } } });
      const answer = await execute(IMPORT, { organizationId: String(ORGANIZATIONS.A.ClientId), rows: ROWS }, ctx);
      expect(answer.errors?.[0]?.extensions).toEqual({ code: 'FORBIDDEN' });
      expect(importUsers).not.toHaveBeenCalled();
    }
  });

  it('answers how many were invited, and who', async () => {
    const importUsers = vi.fn(async () => ({ Invited: 1, Users: [IDA] }));
    const ctx = fakeContext({ viewer: CALLERS.orgAdminOfA, sources: { users: { importUsers } } });
    const answer = await execute(IMPORT, { rows: [ROWS[0]] }, ctx);
    expect(importUsers).toHaveBeenCalledWith(undefined, [expect.objectContaining({ OfficialEmail: 'ida@acme.local' })]);
    expect(answer.data?.importUsers).toEqual({ invited: 1, users: [{ id: '52', email: 'ida@acme.local' }], errors: [] });
  });

  it('answers a file that does not fit as a SEAT_LIMIT payload error on the rows', async () => {
    const message = 'Acme Corporation has 2 of 50 seats left on Yozy Web (3 are needed)';
    const importUsers = vi.fn(async () => {
      throw restError(409, { code: 'SEAT_LIMIT', message, field: 'Rows' });
    });
    const ctx = fakeContext({ viewer: CALLERS.orgAdminOfA, sources: { users: { importUsers } } });
    const answer = await execute(IMPORT, { rows: ROWS }, ctx);
    expect(answer.data?.importUsers).toEqual({ invited: 0, users: [], errors: [{ code: 'SEAT_LIMIT', field: 'rows', message }] });
  });
});
