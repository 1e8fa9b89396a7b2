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
