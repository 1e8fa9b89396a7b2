import { describe, expect, it, vi } from 'vitest';
import type { DashboardRecord, StatisticsRecord } from '#datasources/types';
import { restError } from '#errors';
import { CALLERS, execute, fakeContext, ORGANIZATIONS } from '#testing/fakes';

const A = String(ORGANIZATIONS.A.ClientId);
const B = String(ORGANIZATIONS.B.ClientId);

const DASHBOARD: DashboardRecord = {
  clientId: ORGANIZATIONS.A.ClientId,
  activeUsers: 11,
  disabledUsers: 1,
  sessionsActiveNow: 3,
  licencesExpiringSoon: 1,
  expiringWithinDays: 30,
  pendingInvitations: 1,
  failedSignInsLastDay: 4,
  seats: [{ productId: 7, productName: 'Yozy Web', capacity: 50, used: 11 }],
  signInsPerDay: [{ day: '2026-11-22', count: 4 }],
};

const STATISTICS: StatisticsRecord = {
  clientId: ORGANIZATIONS.A.ClientId,
  from: '2026-11-01',
  to: '2026-11-02',
  signInsPerDay: [
    { day: '2026-11-01', count: 5 },
    { day: '2026-11-02', count: 0 },
  ],
  activeUsersPerDay: [
    { day: '2026-11-01', count: 3 },
    { day: '2026-11-02', count: 0 },
  ],
  seats: [{ productId: 7, productName: 'Yozy Web', capacity: 50, used: 11 }],
  usersPerDepartment: [{ name: null, count: 2 }],
  usersPerGroup: [{ name: 'Sales', count: 4 }],
  projects: [{ projectId: 9, shortCode: 'ACM-WEB', name: 'Website Revamp', allocations: 4, issues: 3, openIssues: 2, releases: 2 }],
};

const DASHBOARD_QUERY = /* GraphQL */ `
  query ($organizationId: ID) {
    dashboard(organizationId: $organizationId) {
      organizationId
      activeUsers
      disabledUsers
      sessionsActiveNow
      licencesExpiringSoon
      expiringWithinDays
      pendingInvitations
      failedSignInsLastDay
      seats {
        productId
        productName
        capacity
        used
      }
      signInsPerDay {
        day
        count
      }
    }
  }
`;

const STATISTICS_QUERY = /* GraphQL */ `
  query ($organizationId: ID, $from: Date, $to: Date) {
    statistics(organizationId: $organizationId, from: $from, to: $to) {
      organizationId
      from
      to
      signInsPerDay {
        day
        count
      }
      activeUsersPerDay {
        count
      }
      seats {
        productId
        used
      }
      usersPerDepartment {
        name
        count
      }
      usersPerGroup {
        name
        count
      }
      projects {
        projectId
        shortCode
        allocations
        issues
        openIssues
        releases
      }
    }
  }
`;

describe('dashboard', () => {
  it.each([
    ['anonymous', undefined, 'UNAUTHENTICATED'],
    ['memberOfA', undefined, 'FORBIDDEN'],
    ['orgAdminOfB', A, 'FORBIDDEN'],
  ] as const)('refuses %s (organisation %s) with %s before asking the REST service', async (caller, organizationId, code) => {
    const getDashboard = vi.fn(async () => DASHBOARD);
    const answer = await execute(
      DASHBOARD_QUERY,
      { organizationId },
      fakeContext({ viewer: CALLERS[caller], sources: { insights: { getDashboard } } }),
    );
    expect(answer.data).toBeNull();
    expect(answer.errors?.[0]?.extensions).toEqual({ code });
    expect(getDashboard).not.toHaveBeenCalled();
  });

  it.each([
    ['orgAdminOfA', undefined],
    ['orgAdminOfA', A],
    ['superAdmin', A],
  ] as const)('answers %s (organisation %s) in GraphQL names', async (caller, organizationId) => {
    const getDashboard = vi.fn(async () => DASHBOARD);
    const answer = await execute(
      DASHBOARD_QUERY,
      { organizationId },
      fakeContext({ viewer: CALLERS[caller], sources: { insights: { getDashboard } } }),
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data).toEqual({
      dashboard: {
        organizationId: A,
        activeUsers: 11,
        disabledUsers: 1,
        sessionsActiveNow: 3,
        licencesExpiringSoon: 1,
        expiringWithinDays: 30,
        pendingInvitations: 1,
        failedSignInsLastDay: 4,
        seats: [{ productId: '7', productName: 'Yozy Web', capacity: 50, used: 11 }],
        signInsPerDay: [{ day: '2026-11-22', count: 4 }],
      },
    });
    expect(getDashboard).toHaveBeenCalledWith(organizationId ?? null);
  });
});

describe('statistics', () => {
  it('passes the organisation and the days on, and renames the ids', async () => {
    const getStatistics = vi.fn(async () => STATISTICS);
    const answer = await execute(
      STATISTICS_QUERY,
      { organizationId: B, from: '2026-11-01', to: '2026-11-02' },
      fakeContext({ viewer: CALLERS.superAdmin, sources: { insights: { getStatistics } } }),
    );
    expect(answer.errors).toBeUndefined();
    expect(getStatistics).toHaveBeenCalledWith(B, { from: '2026-11-01', to: '2026-11-02' });
    expect(answer.data).toMatchObject({
      statistics: {
        organizationId: A,
        from: '2026-11-01',
        signInsPerDay: [
          { day: '2026-11-01', count: 5 },
          { day: '2026-11-02', count: 0 },
        ],
        seats: [{ productId: '7', used: 11 }],
        usersPerDepartment: [{ name: null, count: 2 }],
        projects: [{ projectId: '9', shortCode: 'ACM-WEB', allocations: 4, issues: 3, openIssues: 2, releases: 2 }],
      },
    });
  });

  it("refuses an organisation's admin another organisation's statistics", async () => {
    const getStatistics = vi.fn(async () => STATISTICS);
    const answer = await execute(
      STATISTICS_QUERY,
      { organizationId: A },
      fakeContext({ viewer: CALLERS.orgAdminOfB, sources: { insights: { getStatistics } } }),
    );
    expect(answer.errors?.[0]?.extensions).toEqual({ code: 'FORBIDDEN' });
    expect(getStatistics).not.toHaveBeenCalled();
  });

  it('answers a refused range as BAD_USER_INPUT', async () => {
    const getStatistics = vi.fn(async () => {
      throw restError(400, { code: 'BAD_REQUEST', message: 'The first day must not be after the last day', field: 'from' });
    });
    const answer = await execute(
      STATISTICS_QUERY,
      { from: '2026-11-05', to: '2026-11-01' },
      fakeContext({ viewer: CALLERS.orgAdminOfA, sources: { insights: { getStatistics } } }),
    );
    expect(answer.data).toBeNull();
    expect(answer.errors?.[0]).toMatchObject({
      message: 'The first day must not be after the last day',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });
});
