import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRestApi, type RestApi } from '../testing/restApi';

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
