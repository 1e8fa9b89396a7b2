import { describe, expect, it, vi } from 'vitest';
import type { AdministratorRecord } from '#datasources/types';
import { restError } from '#errors';
import type { RestPage } from '#lists';
import { CALLERS, execute, fakeContext } from '#testing/fakes';

const ADMINISTRATORS = /* GraphQL */ `
  query ($search: String) {
    administrators(search: $search) {
      totalCount
      nodes {
        id
        firstName
        email
        status
        twoFactorOn
        lastSignInAt
      }
    }
  }
`;

const SET_ACTIVE = /* GraphQL */ `
  mutation ($id: ID!) {
    setAdministratorActive(input: { id: $id, active: false }) {
      administrator {
        id
      }
      errors {
        code
        field
        message
      }
    }
  }
`;

const ROW: AdministratorRecord = {
  UserId: 1,
  UserFirstname: 'Asha',
  UserLastname: 'Rao',
  OfficialEmail: 'admin@yozy.local',
  Phone: null,
  IsActive: true,
  Status: 'ACTIVE',
  TwoFactorOn: false,
  LastSignInAt: '2026-11-20T09:30:00+00:00',
  CreatedAt: '2026-01-01T00:00:00+00:00',
};
const page = (rows: AdministratorRecord[]): RestPage<AdministratorRecord> => ({
  rows,
  contentRange: rows.length ? `0-${rows.length - 1}/${rows.length}` : '*/0',
});

describe('administrators', () => {
  it('lists the SuperAdmins by first name, searched on the REST service', async () => {
    const listAdministrators = vi.fn(async (_params: URLSearchParams) => page([ROW]));
    const answer = await execute(
      ADMINISTRATORS,
      { search: 'asha' },
      fakeContext({ viewer: CALLERS.superAdmin, sources: { platform: { listAdministrators } } }),
    );
    expect(answer.data).toEqual({
      administrators: {
        totalCount: 1,
        nodes: [
          {
            id: '1',
            firstName: 'Asha',
            email: 'admin@yozy.local',
            status: 'ACTIVE',
            twoFactorOn: false,
            lastSignInAt: '2026-11-20T09:30:00.000Z',
          },
        ],
      },
    });
    const params = listAdministrators.mock.calls[0]![0];
    expect(params.get('order')).toBe('UserFirstname.asc');
    expect(params.get('or')).toContain('OfficialEmail.ilike."*asha*"');
  });

  it.each([
    ['anonymous', 'UNAUTHENTICATED'],
    ['memberOfA', 'FORBIDDEN'],
    ['orgAdminOfA', 'FORBIDDEN'],
  ] as const)('refuses %s with %s without asking the REST service', async (caller, code) => {
    const listAdministrators = vi.fn(async () => page([ROW]));
    const setAdministratorActive = vi.fn(async () => ROW);
    const context = fakeContext({ viewer: CALLERS[caller], sources: { platform: { listAdministrators, setAdministratorActive } } });
    expect((await execute(ADMINISTRATORS, {}, context)).errors?.[0]?.extensions).toEqual({ code });
    expect((await execute(SET_ACTIVE, { id: '1' }, context)).errors?.[0]?.extensions).toEqual({ code });
    expect(listAdministrators).not.toHaveBeenCalled();
    expect(setAdministratorActive).not.toHaveBeenCalled();
  });

  it('answers the refusal of the last administrator in the payload, naming the field', async () => {
    const setAdministratorActive = vi.fn(() =>
      Promise.reject(
        restError(409, { code: 'CONFLICT', message: 'The provider needs at least one active administrator', field: 'UserId' }),
      ),
    );
    const answer = await execute(
      SET_ACTIVE,
      { id: '1' },
      fakeContext({ viewer: CALLERS.superAdmin, sources: { platform: { setAdministratorActive } } }),
    );
    expect(answer.data).toEqual({
      setAdministratorActive: {
        administrator: null,
        errors: [{ code: 'CONFLICT', field: 'id', message: 'The provider needs at least one active administrator' }],
      },
    });
  });
});
