import { beforeAll, describe, expect, it } from 'vitest';
import { GraphQLSession, signedIn } from '../support/graphql';
import { DATABASES } from '../support/stack';
import { useStack } from '../support/useStack';

const LICENCES = /* GraphQL */ `
  query ($organizationId: ID, $search: String, $sort: LicenceSort) {
    licences(organizationId: $organizationId, search: $search, sort: $sort) {
      totalCount
      nodes {
        organizationId
        productName
        planName
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

type Licence = {
  organizationId: string;
  productName: string;
  planName: string;
  validTill: string;
  isActive: boolean;
  seatsUsed: number;
  seatsCapacity: number;
};
type Data = { licences: { totalCount: number; nodes: Licence[] } };

const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe.each(DATABASES)('licences over /graphql on %s', (kind) => {
  const stack = useStack(kind);
  let acme: string;
  let initech: string;

  beforeAll(async () => {
    const clients = await stack.db.query<{ client_id: number; company_name: string }>('SELECT client_id, company_name FROM clients');
    acme = String(clients.find((c) => c.company_name === 'Acme Corporation')!.client_id);
    initech = String(clients.find((c) => c.company_name === 'Initech Ltd')!.client_id);
  });

  it("answers an OrgAdmin their organisation's licences, the one near expiry first, with seats", async () => {
    const admin = await signedIn(stack.gatewayUrl, 'admin@acme.local');
    const answer = await admin.request<Data>(LICENCES);
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.licences.nodes.map((l) => [l.organizationId, l.productName, l.planName])).toEqual([
      [acme, 'Yozy Lite', 'Lite Starter'],
      [acme, 'Yozy Web', 'Web Business'],
    ]);
    const [lite, web] = answer.data!.licences.nodes;
    expect(lite).toMatchObject({ validTill: daysFromToday(12), isActive: true, seatsUsed: 0, seatsCapacity: 10 });
    expect(web).toMatchObject({ frequency: 'MONTHLY', capacity: 50, seatsCapacity: 50 });
    expect(web!.seatsUsed).toBeGreaterThan(0);

    const searched = await admin.request<Data>(LICENCES, { search: 'business', sort: { field: 'VALID_TILL', direction: 'DESC' } });
    expect(searched.data!.licences.nodes.map((l) => l.planName)).toEqual(['Web Business']);
  });

  it('shows a SuperAdmin an expired licence of the organisation named, with no seats', async () => {
    const provider = await signedIn(stack.gatewayUrl, 'admin@yozy.local');
    const answer = await provider.request<Data>(LICENCES, { organizationId: initech });
    expect(answer.data!.licences.nodes).toEqual([
      expect.objectContaining({
        organizationId: initech,
        planName: 'Web Enterprise',
        validTill: daysFromToday(-15),
        isActive: false,
        seatsCapacity: 0,
      }),
    ]);
  });

  it("refuses another organisation's licences to Globex's admin, members and signed-out callers", async () => {
    const globex = await signedIn(stack.gatewayUrl, 'admin@globex.local');
    const refused = await globex.request(LICENCES, { organizationId: acme });
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(JSON.stringify(refused)).not.toContain('Web Business');
    const member = await signedIn(stack.gatewayUrl, 'member@acme.local');
    expect((await member.request(LICENCES)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await new GraphQLSession(stack.gatewayUrl).request(LICENCES)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
