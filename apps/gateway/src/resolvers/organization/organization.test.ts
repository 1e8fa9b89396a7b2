import { describe, expect, it, vi } from 'vitest';
import { restError } from '#errors';
import { CALLERS, execute, fakeContext, ORGANIZATIONS } from '#testing/fakes';

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

const UPDATE = /* GraphQL */ `
  mutation ($input: UpdateOrganizationInput!) {
    updateOrganization(input: $input) {
      organization {
        id
        companyName
        defaultRegions
      }
      errors {
        code
        field
        message
      }
    }
  }
`;

const SET_ACTIVE = /* GraphQL */ `
  mutation ($input: SetOrganizationActiveInput!) {
    setOrganizationActive(input: $input) {
      organization {
        id
        isActive
        isProvider
      }
      errors {
        code
        field
        message
      }
    }
  }
`;

describe('updateOrganization and setOrganizationActive', () => {
  const A = ORGANIZATIONS.A;
  const details = {
    id: String(A.ClientId),
    companyName: 'Acme Holdings',
    city: 'Shelbyville',
    currencyCode: 'EUR',
    revenueUsd: 2500,
    defaultRegions: ['eu-west-1'],
  };

  it.each([
    ['anonymous', 'UNAUTHENTICATED'],
    ['memberOfA', 'FORBIDDEN'],
    ['orgAdminOfA', 'FORBIDDEN'],
    ['orgAdminOfB', 'FORBIDDEN'],
  ] as const)('refuses %s with %s before asking the REST service, whatever organisation is named', async (caller, code) => {
    const updateClient = vi.fn(async () => A);
    const context = fakeContext({ viewer: CALLERS[caller], sources: { organization: { updateClient } } });
    const edit = await execute(UPDATE, { input: details }, context);
    const toggle = await execute(SET_ACTIVE, { input: { id: String(A.ClientId), active: false } }, context);
    expect(edit.errors?.[0]?.extensions).toEqual({ code });
    expect(toggle.errors?.[0]?.extensions).toEqual({ code });
    expect(updateClient).not.toHaveBeenCalled();
  });

  it('sends every detail to the REST service under its names and answers the organisation as saved', async () => {
    const updateClient = vi.fn(async () => ({ ...A, ClientCompanyName: 'Acme Holdings', DefaultRegions: ['eu-west-1'] }));
    const answer = await execute(
      UPDATE,
      { input: details },
      fakeContext({ viewer: CALLERS.superAdmin, sources: { organization: { updateClient } } }),
    );
    expect(answer.data).toEqual({
      updateOrganization: {
        organization: { id: String(A.ClientId), companyName: 'Acme Holdings', defaultRegions: ['eu-west-1'] },
        errors: [],
      },
    });
    expect(updateClient).toHaveBeenCalledWith(String(A.ClientId), {
      ClientCompanyName: 'Acme Holdings',
      City: 'Shelbyville',
      CurrencyCode: 'EUR',
      ClientRevenueInUSD: 2500,
      DefaultRegions: ['eu-west-1'],
    });
  });

  it('answers a refusal as errors naming the input field', async () => {
    const updateClient = vi.fn(() =>
      Promise.reject(restError(400, { code: 'BAD_REQUEST', message: 'Choose regions from the list', field: 'DefaultRegions' })),
    );
    const answer = await execute(
      UPDATE,
      { input: details },
      fakeContext({ viewer: CALLERS.superAdmin, sources: { organization: { updateClient } } }),
    );
    expect(answer.data).toEqual({
      updateOrganization: {
        organization: null,
        errors: [{ code: 'BAD_USER_INPUT', field: 'defaultRegions', message: 'Choose regions from the list' }],
      },
    });
  });

  it('deactivates through the same REST change, and answers CONFLICT for the provider naming isActive', async () => {
    const updateClient = vi
      .fn()
      .mockResolvedValueOnce({ ...A, IsActive: false })
      .mockRejectedValueOnce(
        restError(409, { code: 'CONFLICT', message: 'The provider’s own organization cannot be deactivated', field: 'IsActive' }),
      );
    const context = fakeContext({ viewer: CALLERS.superAdmin, sources: { organization: { updateClient } } });
    const done = await execute(SET_ACTIVE, { input: { id: String(A.ClientId), active: false } }, context);
    expect(done.data).toEqual({
      setOrganizationActive: { organization: { id: String(A.ClientId), isActive: false, isProvider: false }, errors: [] },
    });
    expect(updateClient).toHaveBeenCalledWith(String(A.ClientId), { IsActive: false });
    const refused = await execute(SET_ACTIVE, { input: { id: '1', active: false } }, context);
    expect(refused.data).toEqual({
      setOrganizationActive: {
        organization: null,
        errors: [{ code: 'CONFLICT', field: 'isActive', message: 'The provider’s own organization cannot be deactivated' }],
      },
    });
  });
});
