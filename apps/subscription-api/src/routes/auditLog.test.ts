import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRestApi, type RestApi } from '#testing/restApi';

type AuditRow = {
  AuditId: number;
  ClientId: number | null;
  CompanyName: string | null;
  ActorEmail: string | null;
  Action: string;
  EntityType: string;
  EntityId: string | null;
  Before: string | null;
  After: string | null;
  CreatedAt: string;
  Names: Record<string, string>;
};

let api: RestApi;
let acmeId: number;
let globexId: number;
let acmeAdmin: string;
let provider: string;
beforeAll(async () => {
  api = await openRestApi();
  const ids = await api.db.query<{ company_name: string; client_id: number }>('SELECT company_name, client_id FROM clients');
  acmeId = ids.find((row) => row.company_name === 'Acme Corporation')!.client_id;
  globexId = ids.find((row) => row.company_name === 'Globex Industries')!.client_id;
  acmeAdmin = await api.signIn('admin@acme.local');
  provider = await api.signIn('admin@yozy.local');
  // One change in each organisation, made through the service, so the log has something of each.
  const [someone] = await api.db.query<{ user_id: number }>(
    "SELECT user_id FROM client_users WHERE client_id = $1 AND type_of_user = 'User' AND is_active AND email <> 'member@acme.local' LIMIT 1",
    [acmeId],
  );
  await api.agent
    .post('/subscription/UserActivation')
    .auth(acmeAdmin, { type: 'bearer' })
    .send({ UserIds: [someone!.user_id], IsActive: false });
  const globexAdmin = await api.signIn('admin@globex.local');
  await api.agent.post('/subscription_user_sessions/end-others').auth(globexAdmin, { type: 'bearer' }).send({});
});
afterAll(() => api.close());

const list = (query: string, token = acmeAdmin) => api.agent.get(`/subscription_audit_log?${query}`).auth(token, { type: 'bearer' });

describe('GET /subscription_audit_log', () => {
  it("shows an organisation admin their own organisation's entries, newest first, with who made them", async () => {
    const answer = await list('order=CreatedAt.desc&limit=100');
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBeGreaterThan(0);
    expect(new Set(answer.body.map((row: AuditRow) => row.ClientId))).toEqual(new Set([acmeId]));
    const deactivation = answer.body.find((row: AuditRow) => row.Action === 'user.deactivate');
    expect(deactivation).toMatchObject({ ActorEmail: 'admin@acme.local', CompanyName: 'Acme Corporation', EntityType: 'user' });
    expect(JSON.parse(deactivation!.Before!)).toMatchObject({ isActive: true });
    const times = answer.body.map((row: AuditRow) => row.CreatedAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it("refuses another organisation's log to an organisation admin, and the log to a member", async () => {
    expect((await list(`ClientId=eq.${globexId}`)).status).toBe(403);
    const member = await api.signIn('member@acme.local');
    expect((await list('limit=1', member)).status).toBe(403);
    expect((await api.agent.get('/subscription_audit_log?limit=1')).status).toBe(401);
  });

  it('shows a SuperAdmin the whole platform, or one organisation when asked', async () => {
    const all = await list('limit=1000', provider);
    const organizations = new Set(all.body.map((row: AuditRow) => row.ClientId));
    expect(organizations).toContain(acmeId);
    expect(organizations).toContain(globexId);
    const globex = await list(`ClientId=eq.${globexId}&limit=1000`, provider);
    expect(globex.body.length).toBeGreaterThan(0);
    expect(globex.body.every((row: AuditRow) => row.ClientId === globexId)).toBe(true);
  });

  it('filters by action and finds entries by the person', async () => {
    const ended = await list('Action=eq.session.end_all_others&limit=100', provider);
    expect(ended.body.length).toBeGreaterThan(0);
    expect(ended.body.every((row: AuditRow) => row.Action === 'session.end_all_others')).toBe(true);
    const found = await list('or=(ActorEmail.ilike.*GLOBEX*)&limit=100', provider);
    expect(found.body.length).toBeGreaterThan(0);
    expect(found.body.every((row: AuditRow) => row.ActorEmail?.includes('globex'))).toBe(true);
  });
});

describe('the names of the records of a page', () => {
  it('names the record of each entry and the records its fields name by id', async () => {
    const [held] = await api.db.query<{ user_id: number; first_name: string; last_name: string; product_id: number; product_name: string }>(
      `SELECT u.user_id, u.first_name, u.last_name, p.product_id, p.product_name
         FROM client_users u JOIN user_roles ur ON ur.user_id = u.user_id JOIN products p ON p.product_id = ur.product_id
        WHERE u.client_id = $1 AND u.type_of_user = 'User' AND u.email <> 'member@acme.local' ORDER BY u.user_id LIMIT 1`,
      [acmeId],
    );
    const removed = await api.agent
      .post('/subscription/users/role/remove')
      .auth(acmeAdmin, { type: 'bearer' })
      .send({ UserId: held!.user_id, ProductId: held!.product_id });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);

    const answer = await list(`EntityType=eq.user&EntityId=eq.${held!.user_id}&order=CreatedAt.desc&limit=1`);
    const [entry] = answer.body as AuditRow[];
    expect(entry!.Action).toBe('user.role_remove');
    expect(entry!.Names).toEqual({
      [`user:${held!.user_id}`]: `${held!.first_name} ${held!.last_name}`,
      [`product:${held!.product_id}`]: held!.product_name,
    });
  });

  it("never names another organisation's records to an organisation admin", async () => {
    const [globexPerson] = await api.db.query<{ user_id: number }>(
      "SELECT user_id FROM client_users WHERE client_id = $1 AND type_of_user = 'User' ORDER BY user_id LIMIT 1",
      [globexId],
    );
    // An entry of Acme's log that names a person of Globex, as a damaged or forged row would.
    await api.db.query(
      `INSERT INTO audit_log (client_id, actor_user_id, action, entity_type, entity_id, before, after)
       VALUES ($1, NULL, 'group.add_members', 'group', '999999', NULL, $2)`,
      [acmeId, JSON.stringify({ addedUserIds: [globexPerson!.user_id] })],
    );
    const [entry] = (await list('Action=eq.group.add_members&EntityId=eq.999999&limit=1')).body as AuditRow[];
    expect(entry!.Names).toEqual({});
    const [seen] = (await list('Action=eq.group.add_members&EntityId=eq.999999&limit=1', provider)).body as AuditRow[];
    expect(Object.keys(seen!.Names)).toEqual([`user:${globexPerson!.user_id}`]);
  });
});

describe('GET /subscription_audit_log/actions', () => {
  it("names each action of the caller's scope once", async () => {
    const own = await api.agent.get('/subscription_audit_log/actions').auth(acmeAdmin, { type: 'bearer' });
    expect(own.body).toContain('user.deactivate');
    expect(own.body).not.toContain('session.end_all_others');
    expect(new Set(own.body).size).toBe(own.body.length);
    const platform = await api.agent.get('/subscription_audit_log/actions').auth(provider, { type: 'bearer' });
    expect(platform.body).toEqual(expect.arrayContaining(['user.deactivate', 'session.end_all_others']));
    const globex = await api.agent.get(`/subscription_audit_log/actions?ClientId=${globexId}`).auth(provider, { type: 'bearer' });
    expect(globex.body).toContain('session.end_all_others');
    expect(globex.body).not.toContain('user.deactivate');
    expect((await api.agent.get(`/subscription_audit_log/actions?ClientId=${globexId}`).auth(acmeAdmin, { type: 'bearer' })).status).toBe(
      403,
    );
  });
});
