import { describe, expect, it, vi } from 'vitest';
import { CALLERS, execute, fakeContext, ORGANIZATIONS } from '../../testing/fakes';

const LICENCE = {
  LicenceId: 4,
  ClientId: ORGANIZATIONS.B.ClientId,
  ProductId: 2,
  ProductName: 'Yozy Web',
  PlanId: 3,
  PlanName: 'Web Business',
  PlanGroup: 'STANDARD',
  Cost: 49,
  Currency: 'USD',
  Frequency: 'MONTHLY',
  Capacity: 50,
  ValidTill: '2027-01-31',
  IsActive: true,
  SeatsUsed: 11,
  SeatsCapacity: 50,
};

const LICENCES = /* GraphQL */ `
  query ($organizationId: ID, $search: String) {
    licences(organizationId: $organizationId, search: $search) {
      totalCount
      nodes {
        id
        organizationId
        productId
        productName
        planId
        planName
        planGroup
        cost
        currency
        frequency
        capacity
        validTill
        isActive
        seatsUsed
        seatsCapacity
      }
    }
  }
`;

describe('licences', () => {
  it.each([
    ['anonymous', {}, 'UNAUTHENTICATED'],
    ['memberOfA', {}, 'FORBIDDEN'],
    ['orgAdminOfA', { organizationId: String(ORGANIZATIONS.B.ClientId) }, 'FORBIDDEN'],
  ] as const)('refuses %s with %s before asking the REST service', async (caller, variables, code) => {
    const listLicences = vi.fn();
    const answer = await execute(LICENCES, variables, fakeContext({ viewer: CALLERS[caller], sources: { licence: { listLicences } } }));
    expect(answer.errors?.[0]?.extensions).toEqual({ code });
    expect(listLicences).not.toHaveBeenCalled();
  });

  it.each([
    ['orgAdminOfB', undefined],
    ['superAdmin', String(ORGANIZATIONS.B.ClientId)],
  ] as const)("answers %s the organisation's licences in GraphQL names, soonest to expire first", async (caller, organizationId) => {
    const listLicences = vi.fn(async (_params: URLSearchParams) => ({ rows: [LICENCE], contentRange: '0-0/1' }));
    const answer = await execute(
      LICENCES,
      { organizationId, search: 'web' },
      fakeContext({ viewer: CALLERS[caller], sources: { licence: { listLicences } } }),
    );
    expect(answer.data).toEqual({
      licences: {
        totalCount: 1,
        nodes: [
          {
            id: '4',
            organizationId: String(ORGANIZATIONS.B.ClientId),
            productId: '2',
            productName: 'Yozy Web',
            planId: '3',
            planName: 'Web Business',
            planGroup: 'STANDARD',
            cost: 49,
            currency: 'USD',
            frequency: 'MONTHLY',
            capacity: 50,
            validTill: '2027-01-31',
            isActive: true,
            seatsUsed: 11,
            seatsCapacity: 50,
          },
        ],
      },
    });
    expect(Object.fromEntries(listLicences.mock.calls[0]![0])).toEqual({
      ClientId: `eq.${ORGANIZATIONS.B.ClientId}`,
      limit: '25',
      offset: '0',
      or: '(ProductName.ilike."*web*",PlanName.ilike."*web*")',
      order: 'ValidTill.asc',
    });
  });
});
