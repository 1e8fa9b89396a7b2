import { describe, expect, it, vi } from 'vitest';
import { CALLERS, execute, fakeContext, ORGANIZATIONS } from '../../testing/fakes';

const ORGANIZATION = /* GraphQL */ `
  query ($id: ID!) {
    organization(id: $id) {
      id
      companyName
      dateOnboarded
      contactName
      clientType
      businessVertical
      revenueUsd
      currencyCode
    }
  }
`;

describe('organization', () => {
  const A = ORGANIZATIONS.A;

  it.each([
    ['anonymous', 'UNAUTHENTICATED'],
    ['memberOfA', 'FORBIDDEN'],
    ['orgAdminOfB', 'FORBIDDEN'],
  ] as const)('refuses %s with %s before asking the REST service', async (caller, code) => {
    const getClient = vi.fn(async () => A);
    const answer = await execute(
      ORGANIZATION,
      { id: String(A.ClientId) },
      fakeContext({ viewer: CALLERS[caller], sources: { organization: { getClient } } }),
    );
    expect(answer.data).toEqual({ organization: null });
    expect(answer.errors?.[0]?.extensions).toEqual({ code });
    expect(JSON.stringify(answer)).not.toContain(A.ClientCompanyName);
    expect(getClient).not.toHaveBeenCalled();
  });

  it.each(['orgAdminOfA', 'superAdmin'] as const)('answers %s with the organisation in GraphQL names', async (caller) => {
    const getClient = vi.fn(async () => A);
    const answer = await execute(
      ORGANIZATION,
      { id: String(A.ClientId) },
      fakeContext({ viewer: CALLERS[caller], sources: { organization: { getClient } } }),
    );
    expect(answer.data).toEqual({
      organization: {
        id: String(A.ClientId),
        companyName: 'Acme Corporation',
        dateOnboarded: '2024-03-01',
        contactName: 'Acme Corporation contact',
        clientType: 'Enterprise',
        businessVertical: 'Industrial',
        revenueUsd: 1000,
        currencyCode: 'USD',
      },
    });
    expect(getClient).toHaveBeenCalledWith(String(A.ClientId));
  });

  it('is null when there is no such organisation', async () => {
    const getClient = vi.fn(async () => null);
    const answer = await execute(
      ORGANIZATION,
      { id: '999' },
      fakeContext({ viewer: CALLERS.superAdmin, sources: { organization: { getClient } } }),
    );
    expect(answer).toEqual({ data: { organization: null }, errors: undefined });
  });
});

const ORGANIZATIONS_PAGE = /* GraphQL */ `
  query ($page: PageInput, $search: String, $filter: OrganizationFilter, $sort: OrganizationSort) {
    organizations(page: $page, search: $search, filter: $filter, sort: $sort) {
      totalCount
      pageInfo {
        offset
        limit
        hasNextPage
        hasPreviousPage
      }
      nodes {
        id
        companyName
      }
    }
  }
`;

describe('organizations', () => {
  it.each([
    ['anonymous', 'UNAUTHENTICATED'],
    ['memberOfA', 'FORBIDDEN'],
    ['orgAdminOfA', 'FORBIDDEN'],
  ] as const)('refuses %s with %s before asking the REST service', async (caller, code) => {
    const listClients = vi.fn();
    const answer = await execute(
      ORGANIZATIONS_PAGE,
      {},
      fakeContext({ viewer: CALLERS[caller], sources: { organization: { listClients } } }),
    );
    expect(answer.data).toBeNull();
    expect(answer.errors?.[0]?.extensions).toEqual({ code });
    expect(listClients).not.toHaveBeenCalled();
  });

  it('answers a SuperAdmin one page with the total, asking the REST service in its own names', async () => {
    const listClients = vi.fn(async (_params: URLSearchParams) => ({ rows: [ORGANIZATIONS.B], contentRange: '10-10/11' }));
    const ctx = fakeContext({ viewer: CALLERS.superAdmin, sources: { organization: { listClients } } });
    const answer = await execute(
      ORGANIZATIONS_PAGE,
      {
        page: { offset: 10, limit: 10 },
        search: 'glob',
        filter: { clientType: 'Enterprise', onboardedFrom: '2024-01-01' },
        sort: { field: 'DATE_ONBOARDED', direction: 'DESC' },
      },
      ctx,
    );
    expect(answer.data).toEqual({
      organizations: {
        totalCount: 11,
        pageInfo: { offset: 10, limit: 10, hasNextPage: false, hasPreviousPage: true },
        nodes: [{ id: String(ORGANIZATIONS.B.ClientId), companyName: 'Globex Industries' }],
      },
    });
    expect(Object.fromEntries(listClients.mock.calls[0]![0])).toEqual({
      limit: '10',
      offset: '10',
      or: '(ClientCompanyName.ilike."*glob*",ClientContactName.ilike."*glob*")',
      ClientType: 'eq.Enterprise',
      DateOnboarded: 'gte.2024-01-01',
      order: 'DateOnboarded.desc',
    });
  });

  it('turns "active" and "licence expiring soon" into REST filters, the latter as the last day within 30 days', async () => {
    const listClients = vi.fn(async (_params: URLSearchParams) => ({ rows: [], contentRange: '*/0' }));
    const ctx = fakeContext({ viewer: CALLERS.superAdmin, sources: { organization: { listClients } } });
    vi.useFakeTimers({ now: new Date('2026-11-22T12:00:00Z'), toFake: ['Date'] });
    try {
      await execute(ORGANIZATIONS_PAGE, { filter: { active: false, licenceExpiringSoon: true } }, ctx);
    } finally {
      vi.useRealTimers();
    }
    const params = Object.fromEntries(listClients.mock.calls[0]![0]);
    expect(params).toMatchObject({ IsActive: 'eq.false', LicenceExpiresOn: 'lte.2026-12-22' });
  });

  it('refuses a date that is not one before asking the REST service', async () => {
    const listClients = vi.fn();
    const ctx = fakeContext({ viewer: CALLERS.superAdmin, sources: { organization: { listClients } } });
    const answer = await execute(ORGANIZATIONS_PAGE, { filter: { onboardedTo: '2024-02-30' } }, ctx);
    expect(answer.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(listClients).not.toHaveBeenCalled();
  });
});
