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

type Audit = { action: string; actor_user_id: number; before: unknown; after: unknown };
const auditOf = (regionId: number) =>
  api.db.query<Audit>(
    "SELECT action, actor_user_id, before, after FROM audit_log WHERE entity_type = 'region' AND entity_id = $1 ORDER BY audit_id",
    [String(regionId)],
  );
const regionRows = () => api.db.query('SELECT region_id, region_code, region_name, is_active FROM regions ORDER BY region_id');

describe('changing the regions', () => {
  it('adds a region, renames it, retires and reactivates it, and deletes it, each in the audit log', async () => {
    const [me] = await api.db.query<{ user_id: number }>("SELECT user_id FROM client_users WHERE email = 'admin@yozy.local'");
    const created = await api.post<RegionRow>(
      '/platform/regions',
      { RegionCode: 'ME-South-1', RegionName: 'Middle East (Bahrain)' },
      provider,
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      RegionCode: 'me-south-1',
      RegionName: 'Middle East (Bahrain)',
      IsActive: true,
      OrganizationCount: 0,
    });
    const one = `/platform/regions?RegionId=eq.${created.body.RegionId}`;
    const renamed = await api.call<RegionRow>('PATCH', one, { RegionName: 'Middle East (Manama)' }, { token: provider });
    expect(renamed.body).toMatchObject({ RegionCode: 'me-south-1', RegionName: 'Middle East (Manama)' });
    expect((await api.call<RegionRow>('PATCH', one, { IsActive: false }, { token: provider })).body.IsActive).toBe(false);
    expect((await api.call<RegionRow>('PATCH', one, { IsActive: true }, { token: provider })).body.IsActive).toBe(true);
    expect((await api.call('DELETE', one, undefined, { token: provider })).status).toBe(204);
    expect(await api.db.query('SELECT 1 FROM regions WHERE region_id = $1', [created.body.RegionId])).toEqual([]);

    const by = me!.user_id;
    expect(await auditOf(created.body.RegionId)).toEqual([
      {
        action: 'region.create',
        actor_user_id: by,
        before: null,
        after: { RegionCode: 'me-south-1', RegionName: 'Middle East (Bahrain)', IsActive: true },
      },
      {
        action: 'region.rename',
        actor_user_id: by,
        before: { RegionName: 'Middle East (Bahrain)' },
        after: { RegionName: 'Middle East (Manama)' },
      },
      { action: 'region.retire', actor_user_id: by, before: { IsActive: true }, after: { IsActive: false } },
      { action: 'region.reactivate', actor_user_id: by, before: { IsActive: false }, after: { IsActive: true } },
      {
        action: 'region.delete',
        actor_user_id: by,
        before: { RegionCode: 'me-south-1', RegionName: 'Middle East (Manama)', IsActive: true },
        after: null,
      },
    ]);
  });

  it('refuses to delete a region an organisation names among its defaults, and retires it instead', async () => {
    const [used] = await api.db.query<{ region_id: number; region_name: string; n: number }>(
      `SELECT r.region_id, r.region_name, count(*)::int AS n FROM regions r JOIN org_settings s ON r.region_code = ANY (s.default_regions)
        GROUP BY r.region_id ORDER BY r.region_id LIMIT 1`,
    );
    const one = `/platform/regions?RegionId=eq.${used!.region_id}`;
    const refused = await api.call<ErrorBody>('DELETE', one, undefined, { token: provider });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ field: 'RegionId' });
    expect(refused.body.error.message).toContain(`${used!.region_name} among its default regions; retire it instead`);
    expect(await api.db.query('SELECT 1 FROM regions WHERE region_id = $1', [used!.region_id])).toHaveLength(1);
    const retired = await api.call<RegionRow>('PATCH', one, { IsActive: false }, { token: provider });
    expect(retired.body).toMatchObject({ IsActive: false, OrganizationCount: used!.n });
    await api.call('PATCH', one, { IsActive: true }, { token: provider });
  });

  it.each([
    [{ RegionCode: 'eu west', RegionName: 'Somewhere' }, 400, 'RegionCode'],
    [{ RegionCode: 'zz-1', RegionName: '' }, 400, 'RegionName'],
    [{ RegionCode: 'x'.repeat(33), RegionName: 'Long' }, 400, 'RegionCode'],
    [{ RegionCode: 'eu-central-1', RegionName: 'Copy' }, 409, 'RegionCode'],
  ])('refuses %o, naming the field and writing nothing', async (body, status, field) => {
    const before = await regionRows();
    const answer = await api.post<ErrorBody>('/platform/regions', body, provider);
    expect([answer.status, answer.body.error.field]).toEqual([status, field]);
    expect(await regionRows()).toEqual(before);
  });

  it('refuses a name another region has, and an empty change', async () => {
    const [first, second] = await api.db.query<{ region_id: number; region_name: string }>(
      'SELECT region_id, region_name FROM regions ORDER BY region_id LIMIT 2',
    );
    const one = `/platform/regions?RegionId=eq.${first!.region_id}`;
    const taken = await api.call<ErrorBody>('PATCH', one, { RegionName: second!.region_name.toUpperCase() }, { token: provider });
    expect([taken.status, taken.body.error.field]).toEqual([409, 'RegionName']);
    expect((await api.call<ErrorBody>('PATCH', one, {}, { token: provider })).status).toBe(400);
    expect((await api.call('DELETE', '/platform/regions?RegionId=eq.999999', undefined, { token: provider })).status).toBe(404);
  });

  it('refuses an organisation admin and a caller without a session, writing nothing', async () => {
    const before = await regionRows();
    const orgAdmin = await api.signIn('admin@acme.local');
    const [first] = await api.db.query<{ region_id: number }>('SELECT region_id FROM regions ORDER BY region_id LIMIT 1');
    const one = `/platform/regions?RegionId=eq.${first!.region_id}`;
    for (const token of [orgAdmin, undefined]) {
      const answers = await Promise.all([
        api.post('/platform/regions', { RegionCode: 'sneaky-1', RegionName: 'Sneaky' }, token),
        api.call('PATCH', one, { IsActive: false }, { token }),
        api.call('DELETE', one, undefined, { token }),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual(token ? [403, 403, 403] : [401, 401, 401]);
    }
    expect(await regionRows()).toEqual(before);
  });
});
