import { beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type GraphQLSession } from '../support/graphql';
import { DATABASES } from '../support/stack';
import { useStack } from '../support/useStack';

const REGIONS = /* GraphQL */ `
  query ($filter: RegionFilter, $search: String, $sort: RegionSort) {
    regions(filter: $filter, search: $search, sort: $sort, page: { limit: 100 }) {
      totalCount
      nodes {
        code
        name
        active
        organizationCount
      }
    }
  }
`;
type Data = { regions: { totalCount: number; nodes: { code: string; name: string; active: boolean; organizationCount: number }[] } };

describe.each(DATABASES)('the regions master over /graphql on %s', (kind) => {
  const stack = useStack(kind);
  let provider: GraphQLSession;
  beforeAll(async () => {
    provider = await signedIn(stack.gatewayUrl, 'admin@yozy.local');
  });

  it('lists every region by name, with how many organisations default to it', async () => {
    const answer = await provider.request<Data>(REGIONS);
    const rows = await stack.db.query<{ region_code: string; n: number }>(
      `SELECT r.region_code, (SELECT count(*)::int FROM org_settings s WHERE r.region_code = ANY(s.default_regions)) AS n
         FROM regions r ORDER BY lower(r.region_name)`,
    );
    expect(answer.data!.regions.totalCount).toBe(rows.length);
    expect(answer.data!.regions.nodes.map((node) => [node.code, node.organizationCount])).toEqual(
      rows.map((row) => [row.region_code, row.n]),
    );
  });

  it('narrows to the regions that can be chosen, and finds one by code, sorted by code', async () => {
    const active = await provider.request<Data>(REGIONS, { filter: { active: true }, sort: { field: 'CODE', direction: 'DESC' } });
    const codes = active.data!.regions.nodes.map((node) => node.code);
    expect(active.data!.regions.nodes.every((node) => node.active)).toBe(true);
    expect(codes).toEqual([...codes].sort().reverse());
    const found = await provider.request<Data>(REGIONS, { search: 'EU-CENTRAL' });
    expect(found.data!.regions.nodes.map((node) => node.code)).toEqual(['eu-central-1']);
  });

  it('is for the provider only', async () => {
    const admin = await signedIn(stack.gatewayUrl, 'admin@acme.local');
    expect((await admin.request<Data>(REGIONS)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
