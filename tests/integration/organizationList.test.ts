import { beforeAll, describe, expect, it } from 'vitest';
import { factories } from '../support/factories';
import { signedIn, type GraphQLSession } from '../support/graphql';
import { DATABASES } from '../support/stack';
import { useStack } from '../support/useStack';

const LIST = /* GraphQL */ `
  query ($search: String, $filter: OrganizationFilter) {
    organizations(search: $search, filter: $filter, page: { limit: 100 }) {
      totalCount
      nodes {
        companyName
        isActive
        userCount
        seatsUsed
        seatCapacity
        licenceExpiresOn
      }
    }
  }
`;

type Node = {
  companyName: string;
  isActive: boolean;
  userCount: number;
  seatsUsed: number;
  seatCapacity: number;
  licenceExpiresOn: string | null;
};

describe.each(DATABASES)("the organisation list's usage columns and filters on %s", (kind) => {
  const stack = useStack(kind);
  let provider: GraphQLSession;
  const names = { soon: '', later: '', inactive: '' };

  beforeAll(async () => {
    provider = await signedIn(stack.gatewayUrl, 'admin@yozy.local');
    const make = factories(stack.db);
    const plan = await make.plan({ capacity: 20 });
    const soon = await make.organisation({ companyName: `Usage ${kind} soon` });
    await make.licence(soon, { plan, validDays: 10 });
    await make.licence(soon, { plan, validDays: 200 });
    const admin = await make.user(soon, { typeOfUser: 'OrgAdmin' });
    await make.role(admin, plan);
    await make.user(soon);
    await make.user(soon, { isActive: false });
    const later = await make.organisation({ companyName: `Usage ${kind} later` });
    await make.licence(later, { plan, validDays: 90 });
    await make.licence(later, { plan, validDays: 5, isActive: false });
    const inactive = await make.organisation({ companyName: `Usage ${kind} inactive` });
    await stack.db.query('UPDATE clients SET is_active = false WHERE client_id = $1', [inactive.clientId]);
    Object.assign(names, { soon: soon.companyName, later: later.companyName, inactive: inactive.companyName });
  });

  const list = async (variables: Record<string, unknown>) => {
    const answer = await provider.request<{ organizations: { nodes: Node[] } }>(LIST, variables);
    expect(answer.errors).toBeUndefined();
    return answer.data!.organizations.nodes;
  };

  it('shows users, seats used of capacity and the next licence end of each organisation', async () => {
    const rows = await list({ search: `Usage ${kind}` });
    const today = new Date();
    const inDays = (days: number) => new Date(today.getTime() + days * 86_400_000).toISOString().slice(0, 10);
    expect(rows.find((r) => r.companyName === names.soon)).toMatchObject({
      isActive: true,
      userCount: 2,
      seatsUsed: 1,
      seatCapacity: 40,
    });
    expect(rows.find((r) => r.companyName === names.soon)?.licenceExpiresOn).toBe(inDays(10));
    expect(rows.find((r) => r.companyName === names.later)).toMatchObject({ userCount: 0, seatsUsed: 0, seatCapacity: 20 });
    expect(rows.find((r) => r.companyName === names.inactive)).toMatchObject({ isActive: false, seatCapacity: 0, licenceExpiresOn: null });
  });

  it('filters on being active and on a licence ending within 30 days', async () => {
    const search = `Usage ${kind}`;
    const inactive = await list({ search, filter: { active: false } });
    expect(inactive.map((r) => r.companyName)).toEqual([names.inactive]);
    const active = await list({ search, filter: { active: true } });
    expect(active.map((r) => r.companyName).sort()).toEqual([names.later, names.soon].sort());
    const expiring = await list({ search, filter: { licenceExpiringSoon: true } });
    expect(expiring.map((r) => r.companyName)).toEqual([names.soon]);
    const all = await list({ search, filter: { licenceExpiringSoon: false } });
    expect(all).toHaveLength(3);
  });

  it('is the provider’s alone', async () => {
    const admin = await signedIn(stack.gatewayUrl, 'admin@acme.local');
    const answer = await admin.request(LIST, { filter: { licenceExpiringSoon: true } });
    expect(answer.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
