import { describe, expect, it, vi } from 'vitest';
import { restError } from '#errors';
import { CALLERS, execute, fakeContext, ORGANIZATIONS } from '#testing/fakes';

const GROUP = {
  GroupId: 7,
  ClientId: ORGANIZATIONS.A.ClientId,
  GroupName: 'Engineering',
  Description: 'Builds things',
  MemberCount: 3,
  CreatedAt: '2026-01-02T03:04:05.123456+00:00',
};

const GROUPS = /* GraphQL */ `
  query ($organizationId: ID, $search: String, $sort: GroupSort) {
    groups(organizationId: $organizationId, search: $search, sort: $sort, page: { offset: 0, limit: 10 }) {
      totalCount
      pageInfo {
        hasNextPage
      }
      nodes {
        id
        organizationId
        name
        description
        memberCount
        createdAt
      }
    }
  }
`;

const CREATE = /* GraphQL */ `
  mutation ($input: CreateGroupInput!) {
    createGroup(input: $input) {
      group {
        id
        name
      }
      errors {
        code
        field
        message
      }
    }
  }
`;

const ADD = /* GraphQL */ `
  mutation ($input: GroupMembersInput!) {
    addGroupMembers(input: $input) {
      group {
        memberCount
      }
      errors {
        code
        field
        message
      }
    }
  }
`;

describe('groups', () => {
  it.each([
    ['anonymous', {}, 'UNAUTHENTICATED'],
    ['memberOfA', {}, 'FORBIDDEN'],
    ['orgAdminOfB', { organizationId: String(ORGANIZATIONS.A.ClientId) }, 'FORBIDDEN'],
  ] as const)('refuses %s with %s before asking the REST service', async (caller, variables, code) => {
    const listGroups = vi.fn();
    const answer = await execute(GROUPS, variables, fakeContext({ viewer: CALLERS[caller], sources: { group: { listGroups } } }));
    expect(answer.errors?.[0]?.extensions).toEqual({ code });
    expect(listGroups).not.toHaveBeenCalled();
  });

  it.each([
    ['orgAdminOfA', undefined, ORGANIZATIONS.A.ClientId],
    ['superAdmin', String(ORGANIZATIONS.B.ClientId), ORGANIZATIONS.B.ClientId],
  ] as const)('lists the groups of the organisation %s acts on, in GraphQL names', async (caller, organizationId, expected) => {
    const listGroups = vi.fn(async (_params: URLSearchParams) => ({ rows: [GROUP], contentRange: '0-0/11' }));
    const answer = await execute(
      GROUPS,
      { organizationId, search: ' eng ', sort: { field: 'CREATED_AT', direction: 'DESC' } },
      fakeContext({ viewer: CALLERS[caller], sources: { group: { listGroups } } }),
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data).toEqual({
      groups: {
        totalCount: 11,
        pageInfo: { hasNextPage: true },
        nodes: [
          {
            id: '7',
            organizationId: String(ORGANIZATIONS.A.ClientId),
            name: 'Engineering',
            description: 'Builds things',
            memberCount: 3,
            createdAt: GROUP.CreatedAt,
          },
        ],
      },
    });
    expect(Object.fromEntries(listGroups.mock.calls[0]![0])).toEqual({
      ClientId: `eq.${expected}`,
      limit: '10',
      offset: '0',
      or: '(GroupName.ilike."*eng*",Description.ilike."*eng*")',
      order: 'CreatedAt.desc',
    });
  });

  it('refuses an OrgAdmin creating a group in another organisation without calling the REST service', async () => {
    const createGroup = vi.fn();
    const answer = await execute(
      CREATE,
      { input: { organizationId: String(ORGANIZATIONS.A.ClientId), name: 'Moles' } },
      fakeContext({ viewer: CALLERS.orgAdminOfB, sources: { group: { createGroup } } }),
    );
    expect(answer.errors?.[0]?.extensions).toEqual({ code: 'FORBIDDEN' });
    expect(createGroup).not.toHaveBeenCalled();
  });

  it('sends the REST names and answers a name clash under the input field', async () => {
    const createGroup = vi.fn(() =>
      Promise.reject(
        restError(409, { code: 'CONFLICT', message: 'The organization has a group of this name already', field: 'GroupName' }),
      ),
    );
    const answer = await execute(
      CREATE,
      { input: { name: 'Engineering', description: 'Again' } },
      fakeContext({ viewer: CALLERS.orgAdminOfA, sources: { group: { createGroup } } }),
    );
    expect(createGroup).toHaveBeenCalledWith({ GroupName: 'Engineering', Description: 'Again' });
    expect(answer.data).toEqual({
      createGroup: {
        group: null,
        errors: [{ code: 'CONFLICT', field: 'name', message: 'The organization has a group of this name already' }],
      },
    });
  });

  it('adds members and answers the new count; a refusal of the people names userIds', async () => {
    const addGroupMembers = vi
      .fn()
      .mockResolvedValueOnce({ ...GROUP, MemberCount: 5 })
      .mockRejectedValueOnce(restError(400, { code: 'BAD_REQUEST', message: 'Choose active people', field: 'UserIds' }));
    const ctx = () => fakeContext({ viewer: CALLERS.orgAdminOfA, sources: { group: { addGroupMembers } } });
    const input = { groupId: '7', userIds: ['11', '12'] };
    expect((await execute(ADD, { input }, ctx())).data).toEqual({ addGroupMembers: { group: { memberCount: 5 }, errors: [] } });
    expect(addGroupMembers).toHaveBeenCalledWith({ GroupId: '7', UserIds: ['11', '12'] });
    expect((await execute(ADD, { input }, ctx())).data).toEqual({
      addGroupMembers: { group: null, errors: [{ code: 'BAD_USER_INPUT', field: 'userIds', message: 'Choose active people' }] },
    });
  });

  it('throws a REST refusal of another organisation’s group as FORBIDDEN', async () => {
    const addGroupMembers = vi.fn(() =>
      Promise.reject(restError(403, { code: 'FORBIDDEN', message: 'You can only see and change your own organization' })),
    );
    const answer = await execute(
      ADD,
      { input: { groupId: '9', userIds: ['1'] } },
      fakeContext({ viewer: CALLERS.orgAdminOfB, sources: { group: { addGroupMembers } } }),
    );
    expect(answer.errors?.[0]?.extensions).toEqual({ code: 'FORBIDDEN' });
  });
});
