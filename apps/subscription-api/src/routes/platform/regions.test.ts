import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, openRestApi, type RestApi } from '#testing/restApi';

type RegionRow = { RegionId: number; RegionCode: string; RegionName: string; IsActive: boolean; OrganizationCount: number };

let api: RestApi;
let provider: string;
beforeAll(async () => {
  api = await openRestApi();
  provider = await api.signIn('admin@yozy.local');
});
afterAll(() => api.close());

const list = (query: string, token = provider) => api.agent.get(`/platform/regions?${query}`).auth(token, { type: 'bearer' });

describe('GET /platform/regions', () => {
  it('lists the regions by name with how many organisations name each among their defaults', async () => {
    const answer = await list('order=RegionName.asc&limit=100');
    expect(answer.status).toBe(200);
    const names = answer.body.map((row: RegionRow) => row.RegionName);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    const [{ n } = { n: 0 }] = await api.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM org_settings WHERE 'us-east-1' = ANY(default_regions)",
    );
    expect(answer.body.find((row: RegionRow) => row.RegionCode === 'us-east-1')).toMatchObject({ IsActive: true, OrganizationCount: n });
  });

  it('narrows to active regions and finds one by code or name', async () => {
    const active = await list('IsActive=eq.true&limit=100');
    expect(active.body.length).toBeGreaterThan(0);
    expect(active.body.every((row: RegionRow) => row.IsActive)).toBe(true);
    const found = await list('or=(RegionCode.ilike.*FRANKFURT*,RegionName.ilike.*FRANKFURT*)');
    expect(found.body.map((row: RegionRow) => row.RegionCode)).toEqual(['eu-central-1']);
  });

  it('is for the provider’s SuperAdmins only', async () => {
    expect((await list('limit=1', await api.signIn('admin@acme.local'))).status).toBe(403);
    expect((await api.agent.get('/platform/regions?limit=1')).status).toBe(401);
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
    const created = await api.agent
      .post('/platform/regions')
      .auth(provider, { type: 'bearer' })
      .send({ RegionCode: 'ME-South-1', RegionName: 'Middle East (Bahrain)' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      RegionCode: 'me-south-1',
      RegionName: 'Middle East (Bahrain)',
      IsActive: true,
      OrganizationCount: 0,
    });
    const one = `/platform/regions?RegionId=eq.${created.body.RegionId}`;
    const renamed = await api.agent.patch(one).auth(provider, { type: 'bearer' }).send({ RegionName: 'Middle East (Manama)' });
    expect(renamed.body).toMatchObject({ RegionCode: 'me-south-1', RegionName: 'Middle East (Manama)' });
    expect((await api.agent.patch(one).auth(provider, { type: 'bearer' }).send({ IsActive: false })).body.IsActive).toBe(false);
    expect((await api.agent.patch(one).auth(provider, { type: 'bearer' }).send({ IsActive: true })).body.IsActive).toBe(true);
    expect((await api.agent.delete(one).auth(provider, { type: 'bearer' })).status).toBe(204);
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
    const refused = await api.agent.delete(one).auth(provider, { type: 'bearer' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ field: 'RegionId' });
    expect(refused.body.error.message).toContain(`${used!.region_name} among its default regions; retire it instead`);
    expect(await api.db.query('SELECT 1 FROM regions WHERE region_id = $1', [used!.region_id])).toHaveLength(1);
    const retired = await api.agent.patch(one).auth(provider, { type: 'bearer' }).send({ IsActive: false });
    expect(retired.body).toMatchObject({ IsActive: false, OrganizationCount: used!.n });
    await api.agent.patch(one).auth(provider, { type: 'bearer' }).send({ IsActive: true });
  });

  it.each([
    [{ RegionCode: 'eu west', RegionName: 'Somewhere' }, 400, 'RegionCode'],
    [{ RegionCode: 'zz-1', RegionName: '' }, 400, 'RegionName'],
    [{ RegionCode: 'x'.repeat(33), RegionName: 'Long' }, 400, 'RegionCode'],
    [{ RegionCode: 'eu-central-1', RegionName: 'Copy' }, 409, 'RegionCode'],
  ])('refuses %o, naming the field and writing nothing', async (body, status, field) => {
    const before = await regionRows();
    const answer = await api.agent.post('/platform/regions').auth(provider, { type: 'bearer' }).send(body);
    expect([answer.status, answer.body.error.field]).toEqual([status, field]);
    expect(await regionRows()).toEqual(before);
  });

  it('refuses a name another region has, and an empty change', async () => {
    const [first, second] = await api.db.query<{ region_id: number; region_name: string }>(
      'SELECT region_id, region_name FROM regions ORDER BY region_id LIMIT 2',
    );
    const one = `/platform/regions?RegionId=eq.${first!.region_id}`;
    const taken = await api.agent.patch(one).auth(provider, { type: 'bearer' }).send({ RegionName: second!.region_name.toUpperCase() });
    expect([taken.status, taken.body.error.field]).toEqual([409, 'RegionName']);
    expect((await api.agent.patch(one).auth(provider, { type: 'bearer' }).send({})).status).toBe(400);
    expect((await api.agent.delete('/platform/regions?RegionId=eq.999999').auth(provider, { type: 'bearer' })).status).toBe(404);
  });

  it('refuses an organisation admin and a caller without a session, writing nothing', async () => {
    const before = await regionRows();
    const orgAdmin = await api.signIn('admin@acme.local');
    const [first] = await api.db.query<{ region_id: number }>('SELECT region_id FROM regions ORDER BY region_id LIMIT 1');
    const one = `/platform/regions?RegionId=eq.${first!.region_id}`;
    for (const token of [orgAdmin, undefined]) {
      const answers = await Promise.all([
        api.agent.post('/platform/regions').use(bearer(token)).send({ RegionCode: 'sneaky-1', RegionName: 'Sneaky' }),
        api.agent.patch(one).use(bearer(token)).send({ IsActive: false }),
        api.agent.delete(one).use(bearer(token)),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual(token ? [403, 403, 403] : [401, 401, 401]);
    }
    expect(await regionRows()).toEqual(before);
  });
});
