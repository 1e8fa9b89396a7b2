import { describe, expect, it, vi } from 'vitest';
import type { ClientUser } from '#datasources/types';
import { restError } from '#errors';
import { CALLERS, execute, fakeContext, ORGANIZATIONS } from '#testing/fakes';

const NINA: ClientUser = {
  ClientUserId: 41,
  UUID: '00000000-0000-4000-8000-000000000041',
  ClientId: ORGANIZATIONS.A.ClientId,
  UserFirstname: 'Nina',
  UserLastname: 'Invitee',
  OfficialEmail: 'nina@acme.local',
  Phone: null,
  DepartmentName: 'Research',
  DepartmentCode: 'RND',
  TypeOfUser: 'User',
  IsActive: true,
  Status: 'INVITED',
  CreatedAt: '2026-11-01T09:00:00Z',
};

const USERS = /* GraphQL */ `
  query ($organizationId: ID, $search: String, $filter: UserFilter, $sort: UserSort) {
    users(organizationId: $organizationId, search: $search, filter: $filter, sort: $sort, page: { limit: 10 }) {
      totalCount
      nodes {
        id
        firstName
        email
        status
        typeOfUser
        departmentName
      }
    }
  }
`;

const INVITE = /* GraphQL */ `
  mutation ($organizationId: ID, $input: InviteUserInput!) {
    inviteUser(organizationId: $organizationId, input: $input) {
      user {
        id
        status
      }
      errors {
        code
        field
        message
      }
    }
  }
`;

const INPUT = { firstName: 'Nina', lastName: 'Invitee', email: 'nina@acme.local', departmentCode: 'RND', roleId: '7' };

describe('users', () => {
  it.each([
    ['anonymous', 'UNAUTHENTICATED'],
    ['memberOfA', 'FORBIDDEN'],
    ['orgAdminOfB', 'FORBIDDEN'],
  ] as const)("refuses %s Acme's people with %s before asking the REST service", async (caller, code) => {
    const listUsers = vi.fn();
    const ctx = fakeContext({ viewer: CALLERS[caller], sources: { users: { listUsers } } });
    const answer = await execute(USERS, { organizationId: String(ORGANIZATIONS.A.ClientId) }, ctx);
    expect(answer.errors?.[0]?.extensions).toEqual({ code });
    expect(listUsers).not.toHaveBeenCalled();
  });

  it('asks the REST service for one page in its own names, with the organisation a SuperAdmin named', async () => {
    const listUsers = vi.fn(async (_params: URLSearchParams) => ({ rows: [NINA], contentRange: '0-0/1' }));
    const ctx = fakeContext({ viewer: CALLERS.superAdmin, sources: { users: { listUsers } } });
    const answer = await execute(
      USERS,
      {
        organizationId: String(ORGANIZATIONS.A.ClientId),
        search: 'nin',
        filter: { status: 'INVITED', departmentName: 'Research' },
        sort: { field: 'CREATED_AT', direction: 'DESC' },
      },
      ctx,
    );
    expect(answer.data).toEqual({
      users: {
        totalCount: 1,
        nodes: [
          { id: '41', firstName: 'Nina', email: 'nina@acme.local', status: 'INVITED', typeOfUser: 'USER', departmentName: 'Research' },
        ],
      },
    });
    expect(Object.fromEntries(listUsers.mock.calls[0]![0])).toEqual({
      limit: '10',
      offset: '0',
      or: '(UserFirstname.ilike."*nin*",UserLastname.ilike."*nin*",OfficialEmail.ilike."*nin*",DepartmentName.ilike."*nin*")',
      Status: 'eq.INVITED',
      DepartmentName: 'eq.Research',
      order: 'CreatedAt.desc',
      ClientId: `eq.${ORGANIZATIONS.A.ClientId}`,
    });
  });

  it("leaves an organisation admin's own organisation to the REST service when none is named", async () => {
    const listUsers = vi.fn(async (_params: URLSearchParams) => ({ rows: [], contentRange: '*/0' }));
    const ctx = fakeContext({ viewer: CALLERS.orgAdminOfA, sources: { users: { listUsers } } });
    await execute(USERS, {}, ctx);
    expect(listUsers.mock.calls[0]![0].has('ClientId')).toBe(false);
  });
});

describe('inviteUser', () => {
  it('sends the invitation in REST names and answers the invited person', async () => {
    const inviteUser = vi.fn(async () => NINA);
    const ctx = fakeContext({ viewer: CALLERS.orgAdminOfA, sources: { users: { inviteUser } } });
    const answer = await execute(INVITE, { input: INPUT }, ctx);
    expect(answer.data).toEqual({ inviteUser: { user: { id: '41', status: 'INVITED' }, errors: [] } });
    expect(inviteUser).toHaveBeenCalledWith(undefined, {
      UserFirstname: 'Nina',
      UserLastname: 'Invitee',
      OfficialEmail: 'nina@acme.local',
      DepartmentCode: 'RND',
      RoleId: '7',
    });
  });

  it('answers a full licence as a payload error on the role', async () => {
    const message = 'Acme Corporation has 0 of 50 seats left on Yozy Web';
    const inviteUser = vi.fn(async () => {
      throw restError(409, { code: 'SEAT_LIMIT', message, field: 'RoleId' });
    });
    const ctx = fakeContext({ viewer: CALLERS.superAdmin, sources: { users: { inviteUser } } });
    const answer = await execute(INVITE, { organizationId: String(ORGANIZATIONS.A.ClientId), input: INPUT }, ctx);
    expect(answer.data).toEqual({ inviteUser: { user: null, errors: [{ code: 'SEAT_LIMIT', field: 'roleId', message }] } });
    expect(inviteUser).toHaveBeenCalledWith(String(ORGANIZATIONS.A.ClientId), expect.objectContaining({ RoleId: '7' }));
  });

  it("refuses an organisation admin another organisation's invitation before asking the REST service", async () => {
    const inviteUser = vi.fn();
    const ctx = fakeContext({ viewer: CALLERS.orgAdminOfB, sources: { users: { inviteUser } } });
    const answer = await execute(INVITE, { organizationId: String(ORGANIZATIONS.A.ClientId), input: INPUT }, ctx);
    expect(answer.errors?.[0]?.extensions).toEqual({ code: 'FORBIDDEN' });
    expect(inviteUser).not.toHaveBeenCalled();
  });
});

const RESEND = /* GraphQL */ `
  mutation ($organizationId: ID, $input: ResendInvitationInput!) {
    resendInvitation(organizationId: $organizationId, input: $input) {
      invitation {
        id
        status
        email
      }
      link
      errors {
        code
        field
      }
    }
  }
`;

describe('invitations', () => {
  const INVITATION = {
    InvitationId: 9,
    UserId: 41,
    ClientId: ORGANIZATIONS.A.ClientId,
    OfficialEmail: 'nina@acme.local',
    UserFirstname: 'Nina',
    UserLastname: 'Invitee',
    Status: 'PENDING',
    PersonStatus: 'INVITED',
    SentAt: '2026-11-01T09:00:00Z',
    ExpiresAt: '2026-11-01T17:00:00Z',
  };

  it('sends one again in REST names, answering the new link to copy', async () => {
    const resendInvitation = vi.fn(async () => ({ Invitation: INVITATION, Link: 'http://console/setpassword/x' }));
    const ctx = fakeContext({ viewer: CALLERS.orgAdminOfA, sources: { users: { resendInvitation } } });
    const answer = await execute(RESEND, { input: { userId: '41', sendMail: false } }, ctx);
    expect(answer.data).toEqual({
      resendInvitation: {
        invitation: { id: '9', status: 'PENDING', email: 'nina@acme.local' },
        link: 'http://console/setpassword/x',
        errors: [],
      },
    });
    expect(resendInvitation).toHaveBeenCalledWith(undefined, { UserId: '41', SendMail: false, Activate: false });
  });

  it('answers an accepted invitation as a payload error on userId', async () => {
    const resendInvitation = vi.fn(async () => {
      throw restError(409, { code: 'CONFLICT', message: 'accepted already', field: 'UserId' });
    });
    const ctx = fakeContext({ viewer: CALLERS.superAdmin, sources: { users: { resendInvitation } } });
    const answer = await execute(RESEND, { organizationId: '2', input: { userId: '41' } }, ctx);
    expect(answer.data).toEqual({ resendInvitation: { invitation: null, link: null, errors: [{ code: 'CONFLICT', field: 'userId' }] } });
    expect(resendInvitation).toHaveBeenCalledWith('2', { UserId: '41', SendMail: true, Activate: false });
  });

  it("refuses another organisation's admin before asking the REST service", async () => {
    const resendInvitation = vi.fn();
    const ctx = fakeContext({ viewer: CALLERS.orgAdminOfB, sources: { users: { resendInvitation } } });
    const answer = await execute(RESEND, { organizationId: String(ORGANIZATIONS.A.ClientId), input: { userId: '41' } }, ctx);
    expect(answer.errors?.[0]?.extensions).toEqual({ code: 'FORBIDDEN' });
    expect(resendInvitation).not.toHaveBeenCalled();
  });
});

describe('setUsersActive and signOutUsers', () => {
  const SET_ACTIVE = /* GraphQL */ `
    mutation ($organizationId: ID, $input: SetUsersActiveInput!) {
      setUsersActive(organizationId: $organizationId, input: $input) {
        users {
          id
          status
        }
        errors {
          code
          field
          message
        }
      }
    }
  `;

  it('asks the REST service in its own names and answers the people as they are now', async () => {
    const setUsersActive = vi.fn(async () => [{ ...NINA, IsActive: false, Status: 'DISABLED' }]);
    const ctx = fakeContext({ viewer: CALLERS.orgAdminOfA, sources: { users: { setUsersActive } } });
    const answer = await execute(SET_ACTIVE, { input: { userIds: ['41'], active: false } }, ctx);
    expect(answer.data).toEqual({ setUsersActive: { users: [{ id: '41', status: 'DISABLED' }], errors: [] } });
    expect(setUsersActive).toHaveBeenCalledWith(undefined, { UserIds: ['41'], IsActive: false });
  });

  it('answers a full licence as a payload error on userIds', async () => {
    const setUsersActive = vi.fn(async () => {
      throw restError(409, { code: 'SEAT_LIMIT', message: 'Acme Corporation has 0 of 50 seats left on Yozy Web', field: 'UserIds' });
    });
    const ctx = fakeContext({ viewer: CALLERS.superAdmin, sources: { users: { setUsersActive } } });
    const answer = await execute(SET_ACTIVE, { organizationId: '2', input: { userIds: ['41'], active: true } }, ctx);
    expect(answer.data?.setUsersActive).toMatchObject({ users: [], errors: [{ code: 'SEAT_LIMIT', field: 'userIds' }] });
  });

  it("refuses another organisation's admin before asking the REST service", async () => {
    const signOutUsers = vi.fn();
    const ctx = fakeContext({ viewer: CALLERS.orgAdminOfB, sources: { users: { signOutUsers } } });
    const answer = await execute(
      'mutation ($o: ID) { signOutUsers(organizationId: $o, input: { userIds: ["41"] }) { sessionsEnded } }',
      { o: String(ORGANIZATIONS.A.ClientId) },
      ctx,
    );
    expect(answer.errors?.[0]?.extensions).toEqual({ code: 'FORBIDDEN' });
    expect(signOutUsers).not.toHaveBeenCalled();
  });
});

describe('one person’s page', () => {
  const SET_ROLE = /* GraphQL */ `
    mutation ($organizationId: ID, $input: SetUserRoleInput!) {
      setUserRole(organizationId: $organizationId, input: $input) {
        user {
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

  it('asks the REST service to edit a profile in its own names', async () => {
    const editUserProfile = vi.fn(async () => ({ ...NINA, DepartmentName: 'Quality' }));
    const ctx = fakeContext({ viewer: CALLERS.orgAdminOfA, sources: { users: { editUserProfile } } });
    const answer = await execute(
      'mutation ($input: EditUserProfileInput!) { editUserProfile(input: $input) { user { departmentName } errors { code } } }',
      { input: { userId: '41', firstName: 'Nina', lastName: 'Invitee', departmentName: 'Quality' } },
      ctx,
    );
    expect(answer.data).toEqual({ editUserProfile: { user: { departmentName: 'Quality' }, errors: [] } });
    expect(editUserProfile).toHaveBeenCalledWith(undefined, {
      UserId: '41',
      UserFirstname: 'Nina',
      UserLastname: 'Invitee',
      DepartmentName: 'Quality',
    });
  });

  it('answers a full product as a payload error on roleId, with the seats left', async () => {
    const setUserRole = vi.fn(async () => {
      throw restError(409, { code: 'SEAT_LIMIT', message: 'Acme Corporation has 0 of 10 seats left on Yozy Lite', field: 'RoleId' });
    });
    const ctx = fakeContext({ viewer: CALLERS.orgAdminOfA, sources: { users: { setUserRole } } });
    const answer = await execute(SET_ROLE, { input: { userId: '41', roleId: '7' } }, ctx);
    expect(answer.data?.setUserRole).toMatchObject({
      user: null,
      errors: [{ code: 'SEAT_LIMIT', field: 'roleId', message: 'Acme Corporation has 0 of 10 seats left on Yozy Lite' }],
    });
  });

  it("refuses another organisation's admin before asking the REST service", async () => {
    const setUserAdmin = vi.fn();
    const ctx = fakeContext({ viewer: CALLERS.orgAdminOfB, sources: { users: { setUserAdmin } } });
    const answer = await execute(
      'mutation ($o: ID) { setUserAdmin(organizationId: $o, input: { userId: "41", admin: true }) { errors { code } } }',
      { o: String(ORGANIZATIONS.A.ClientId) },
      ctx,
    );
    expect(answer.errors?.[0]?.extensions).toEqual({ code: 'FORBIDDEN' });
    expect(setUserAdmin).not.toHaveBeenCalled();
  });
});
