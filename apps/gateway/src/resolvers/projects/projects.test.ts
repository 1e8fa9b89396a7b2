import { describe, expect, it, vi } from 'vitest';
import { restError } from '#errors';
import { CALLERS, execute, fakeContext, ORGANIZATIONS } from '#testing/fakes';

const ALLOCATION = {
  AllocationId: 31,
  ProjectId: 9,
  ClientId: ORGANIZATIONS.A.ClientId,
  TeamMemberId: 12,
  UserFirstname: 'Ada',
  UserLastname: 'Lovelace',
  OfficialEmail: 'ada@a.example',
  AllocPercentage: 60,
  ProjectRole: 'Developer',
  IsCurrent: true,
  ProjectEndDate: null,
  PersonCurrentTotal: 130,
  ProjectShortCode: 'ACM-WEB',
  ProjectName: 'Website',
  ProjectClosed: false,
};

const ALLOCATIONS = /* GraphQL */ `
  query ($organizationId: ID, $filter: AllocationFilter) {
    allocations(organizationId: $organizationId, filter: $filter, page: { offset: 0, limit: 10 }) {
      totalCount
      nodes {
        id
        projectId
        userId
        percentage
        endDate
        personTotalPercentage
      }
    }
  }
`;

const ALLOCATE = /* GraphQL */ `
  mutation ($input: AllocateToProjectInput!) {
    allocateToProject(input: $input) {
      allocation {
        id
        personTotalPercentage
      }
      errors {
        code
        field
        message
      }
    }
  }
`;

describe('projects', () => {
  it.each([
    ['anonymous', {}, 'UNAUTHENTICATED'],
    ['memberOfA', {}, 'FORBIDDEN'],
    ['orgAdminOfB', { organizationId: String(ORGANIZATIONS.A.ClientId) }, 'FORBIDDEN'],
  ] as const)('refuses %s with %s before asking the REST service', async (caller, variables, code) => {
    const listAllocations = vi.fn();
    const answer = await execute(
      ALLOCATIONS,
      variables,
      fakeContext({ viewer: CALLERS[caller], sources: { projects: { listAllocations } } }),
    );
    expect(answer.errors?.[0]?.extensions).toEqual({ code });
    expect(listAllocations).not.toHaveBeenCalled();
  });

  it('lists one person’s current allocations of the caller’s organisation, people as an in-list', async () => {
    const listAllocations = vi.fn(async (_params: URLSearchParams) => ({ rows: [ALLOCATION], contentRange: '0-0/1' }));
    const answer = await execute(
      ALLOCATIONS,
      { filter: { userIds: ['12', '13'], isCurrent: true } },
      fakeContext({ viewer: CALLERS.orgAdminOfA, sources: { projects: { listAllocations } } }),
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data).toEqual({
      allocations: {
        totalCount: 1,
        nodes: [{ id: '31', projectId: '9', userId: '12', percentage: 60, endDate: null, personTotalPercentage: 130 }],
      },
    });
    expect(Object.fromEntries(listAllocations.mock.calls[0]![0])).toEqual({
      ClientId: `eq.${ORGANIZATIONS.A.ClientId}`,
      TeamMemberId: 'in.(12,13)',
      IsCurrent: 'eq.true',
      limit: '10',
      offset: '0',
      order: 'UserFirstname.asc',
    });
  });

  it('refuses people named by anything but ids before asking the REST service', async () => {
    const listAllocations = vi.fn();
    const answer = await execute(
      ALLOCATIONS,
      { filter: { userIds: ['12)', '13'] } },
      fakeContext({ viewer: CALLERS.orgAdminOfA, sources: { projects: { listAllocations } } }),
    );
    expect(answer.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(listAllocations).not.toHaveBeenCalled();
  });

  it('allocates open-ended when no end date is given, and answers a stranger under userId', async () => {
    const createAllocation = vi
      .fn()
      .mockResolvedValueOnce(ALLOCATION)
      .mockRejectedValueOnce(restError(400, { code: 'BAD_REQUEST', message: 'Choose an active person', field: 'TeamMemberId' }));
    const ctx = () => fakeContext({ viewer: CALLERS.orgAdminOfA, sources: { projects: { createAllocation } } });
    const input = { projectId: '9', userId: '12', percentage: 60, role: 'Developer' };
    expect((await execute(ALLOCATE, { input }, ctx())).data).toEqual({
      allocateToProject: { allocation: { id: '31', personTotalPercentage: 130 }, errors: [] },
    });
    expect(createAllocation).toHaveBeenCalledWith({
      ProjectId: '9',
      TeamMemberId: '12',
      AllocPercentage: 60,
      ProjectRole: 'Developer',
      ProjectEndDate: null,
    });
    expect((await execute(ALLOCATE, { input }, ctx())).data).toEqual({
      allocateToProject: { allocation: null, errors: [{ code: 'BAD_USER_INPUT', field: 'userId', message: 'Choose an active person' }] },
    });
  });
});
