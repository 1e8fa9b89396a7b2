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
    // Every licence Acme holds, soonest to run out first, with the seats its product has there.
    const held = await stack.db.query<{ product: string; plan: string; validTill: string; seatsUsed: number; seatsCapacity: number }>(
      `SELECT pr.product_name AS product, pl.plan_name AS plan, to_char(l.valid_till, 'YYYY-MM-DD') AS "validTill",
              (SELECT count(DISTINCT u.user_id)::int FROM client_users u JOIN user_roles ur ON ur.user_id = u.user_id
                WHERE u.client_id = l.client_id AND u.is_active AND ur.product_id = l.product_id) AS "seatsUsed",
              (SELECT coalesce(sum(p2.capacity), 0)::int FROM licences l2 JOIN plans p2 ON p2.plan_id = l2.plan_id
                WHERE l2.client_id = l.client_id AND l2.product_id = l.product_id AND l2.is_active
                  AND l2.valid_till >= current_date) AS "seatsCapacity"
         FROM licences l JOIN plans pl ON pl.plan_id = l.plan_id JOIN products pr ON pr.product_id = l.product_id
        WHERE l.client_id = $1
        ORDER BY l.valid_till, l.licence_id`,
      [Number(acme)],
    );
    expect(answer.data!.licences.totalCount).toBe(held.length);
    expect(answer.data!.licences.nodes.map((l) => [l.organizationId, l.productName, l.planName])).toEqual(
      held.map((l) => [acme, l.product, l.plan]),
    );
    expect(answer.data!.licences.nodes.map(({ validTill, seatsUsed, seatsCapacity }) => ({ validTill, seatsUsed, seatsCapacity }))).toEqual(
      held.map(({ validTill, seatsUsed, seatsCapacity }) => ({ validTill, seatsUsed, seatsCapacity })),
    );
    // The demo's Yozy Lite licence runs out in twelve days and nobody holds a seat on it; Acme's
    // people sit on its one Yozy Web licence.
    const lite = answer.data!.licences.nodes[0];
    const web = answer.data!.licences.nodes.find((l) => l.planName === 'Web Business');
    expect(lite).toMatchObject({ productName: 'Yozy Lite', validTill: daysFromToday(12), isActive: true, seatsUsed: 0, seatsCapacity: 10 });
    expect(web).toMatchObject({ frequency: 'MONTHLY', capacity: 50 });
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
