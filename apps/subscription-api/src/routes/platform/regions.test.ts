import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRestApi, type ErrorBody, type RestApi } from '../../testing/restApi';

type RegionRow = { RegionId: number; RegionCode: string; RegionName: string; IsActive: boolean; OrganizationCount: number };

let api: RestApi;
let provider: string;
beforeAll(async () => {
  api = await startRestApi();
  provider = await api.signIn('admin@yozy.local');
});
afterAll(() => api.stop());

const list = (query: string, token = provider) => api.get<RegionRow[] & ErrorBody>(`/platform/regions?${query}`, token);

describe('GET /platform/regions', () => {
  it('lists the regions by name with how many organisations name each among their defaults', async () => {
    const answer = await list('order=RegionName.asc&limit=100');
    expect(answer.status).toBe(200);
    const names = answer.body.map((row) => row.RegionName);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    const [{ n } = { n: 0 }] = await api.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM org_settings WHERE 'us-east-1' = ANY(default_regions)",
    );
    expect(answer.body.find((row) => row.RegionCode === 'us-east-1')).toMatchObject({ IsActive: true, OrganizationCount: n });
  });

  it('narrows to active regions and finds one by code or name', async () => {
    const active = await list('IsActive=eq.true&limit=100');
    expect(active.body.length).toBeGreaterThan(0);
    expect(active.body.every((row) => row.IsActive)).toBe(true);
    const found = await list('or=(RegionCode.ilike.*FRANKFURT*,RegionName.ilike.*FRANKFURT*)');
    expect(found.body.map((row) => row.RegionCode)).toEqual(['eu-central-1']);
  });

  it('is for the provider’s SuperAdmins only', async () => {
    expect((await list('limit=1', await api.signIn('admin@acme.local'))).status).toBe(403);
    expect((await api.get('/platform/regions?limit=1')).status).toBe(401);
  });
});
