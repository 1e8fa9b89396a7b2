import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRestApi, type RestApi } from '#testing/restApi';

let api: RestApi;
let acme: number;
let globex: number;
let acmeAdmin: string;
let provider: string;
let webMember: number;
beforeAll(async () => {
  api = await openRestApi();
  const ids = await api.db.query<{ company_name: string; client_id: number }>('SELECT company_name, client_id FROM clients');
  acme = ids.find((row) => row.company_name === 'Acme Corporation')!.client_id;
  globex = ids.find((row) => row.company_name === 'Globex Industries')!.client_id;
  acmeAdmin = await api.signIn('admin@acme.local');
  provider = await api.signIn('admin@yozy.local');
  const [role] = await api.db.query<{ role_id: number }>(
    "SELECT r.role_id FROM roles r JOIN products p USING (product_id) WHERE p.product_code = 'YOZY-WEB' AND r.role_name = 'Member'",
  );
  webMember = role!.role_id;
});
afterAll(() => api.close());

const PATH = '/subscription_org_settings';
const settings = (changes: Record<string, unknown> = {}) => ({
  RequiresApproval: false,
  TwoFactorRequired: false,
  SessionIdleMinutes: null,
  AllowedEmailDomains: [],
  ...changes,
});
const save = (body: Record<string, unknown>, token = acmeAdmin) => api.agent.patch(PATH).auth(token, { type: 'bearer' }).send(body);

describe('organisation settings', () => {
  it("reads and changes the admin's own organisation's settings, writing what changed to the audit log", async () => {
    const read = await api.agent.get(PATH).auth(acmeAdmin, { type: 'bearer' });
    expect(read.body).toMatchObject({ ClientId: acme, SessionIdleMinutes: null });
    const saved = await save(
      settings({ TwoFactorRequired: true, SessionIdleMinutes: 30, AllowedEmailDomains: ['@Acme.local', 'acme.com'] }),
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ TwoFactorRequired: true, SessionIdleMinutes: 30, AllowedEmailDomains: ['acme.local', 'acme.com'] });
    const [entry] = await api.db.query<{ before: Record<string, unknown>; after: Record<string, unknown> }>(
      "SELECT before, after FROM audit_log WHERE action = 'organization.settings_change' AND client_id = $1 ORDER BY audit_id DESC LIMIT 1",
      [acme],
    );
    expect(entry).toMatchObject({ before: { TwoFactorRequired: false }, after: { TwoFactorRequired: true, SessionIdleMinutes: 30 } });
    // Requiring two-factor ended the admin's own session (they have none yet): the provider puts it back.
    await save(settings({ ClientId: acme }), provider);
    acmeAdmin = await api.signIn('admin@acme.local');
  });

  it('refuses bad input by field and changes nothing', async () => {
    const before = await api.agent.get(PATH).auth(acmeAdmin, { type: 'bearer' });
    for (const [body, field] of [
      [settings({ SessionIdleMinutes: 2 }), 'SessionIdleMinutes'],
      [settings({ SessionIdleMinutes: 99999 }), 'SessionIdleMinutes'],
      [settings({ AllowedEmailDomains: ['not a domain'] }), 'AllowedEmailDomains'],
      [settings({ TwoFactorRequired: 'yes' }), 'TwoFactorRequired'],
    ] as const) {
      const answer = await save(body);
      expect(answer.status).toBe(400);
      expect(answer.body.error.field).toContain(field);
    }
    expect((await api.agent.get(PATH).auth(acmeAdmin, { type: 'bearer' })).body).toEqual(before.body);
  });

  it("keeps an organisation admin to their own organisation's settings; a SuperAdmin reaches any; members none", async () => {
    expect((await api.agent.get(`${PATH}?ClientId=${globex}`).auth(acmeAdmin, { type: 'bearer' })).status).toBe(403);
    expect((await save(settings({ ClientId: globex, SessionIdleMinutes: 5 }))).status).toBe(403);
    expect((await api.agent.get(`${PATH}?ClientId=${globex}`).auth(provider, { type: 'bearer' })).body.ClientId).toBe(globex);
    const member = await api.signIn('member@acme.local');
    expect((await api.agent.get(PATH).auth(member, { type: 'bearer' })).status).toBe(403);
    const [globexSettings] = await api.db.query('SELECT session_idle_minutes FROM org_settings WHERE client_id = $1', [globex]);
    expect(globexSettings).toEqual({ session_idle_minutes: null });
  });
});

describe('what the settings do', () => {
  it('ends the sessions of the people without two-factor when two-factor becomes required, the admin’s own too, and audits how many', async () => {
    const acmePeople = await api.db.query<{ email: string; user_id: number }>(
      `SELECT email, user_id FROM client_users WHERE client_id = $1 AND is_active AND password_hash IS NOT NULL AND email <> 'admin@acme.local'
        ORDER BY user_id LIMIT 2`,
      [acme],
    );
    const [withTwoFactor, without] = acmePeople;
    const kept = await api.signIn(withTwoFactor!.email);
    await api.db.query(
      "INSERT INTO two_factor (user_id, totp_secret, enabled, enabled_at) VALUES ($1, 'sealed', true, now()) ON CONFLICT (user_id) DO UPDATE SET enabled = true",
      [withTwoFactor!.user_id],
    );
    const admin = await api.signIn('admin@acme.local');
    const theirs = await api.signIn(without!.email);
    const globexAdmin = await api.signIn('admin@globex.local');
    const live = await api.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM sessions s WHERE s.client_id = $1 AND s.ended_at IS NULL AND s.expires_at > now()
          AND NOT EXISTS (SELECT 1 FROM two_factor tf WHERE tf.user_id = s.user_id AND tf.enabled)`,
      [acme],
    );

    expect((await save(settings({ TwoFactorRequired: true }), admin)).status).toBe(200);
    for (const token of [admin, theirs]) expect((await api.agent.get('/users/me').auth(token, { type: 'bearer' })).status).toBe(401);
    for (const token of [kept, globexAdmin]) expect((await api.agent.get('/users/me').auth(token, { type: 'bearer' })).status).toBe(200);
    const ended = await api.db.query<{ end_reason: string }>(
      "SELECT DISTINCT end_reason FROM sessions WHERE client_id = $1 AND ended_at > now() - interval '1 minute' AND end_reason = 'two_factor_required'",
      [acme],
    );
    expect(ended).toEqual([{ end_reason: 'two_factor_required' }]);
    const survivors = await api.db.query<{ user_id: number }>(
      `SELECT DISTINCT user_id FROM sessions WHERE client_id = $1 AND ended_at IS NULL AND expires_at > now()`,
      [acme],
    );
    expect(survivors.map((row) => row.user_id)).toEqual([withTwoFactor!.user_id]);
    const [entry] = await api.db.query<{ after: Record<string, unknown> }>(
      "SELECT after FROM audit_log WHERE action = 'organization.settings_change' AND client_id = $1 ORDER BY audit_id DESC LIMIT 1",
      [acme],
    );
    expect(entry!.after).toEqual({ TwoFactorRequired: true, SessionsEnded: live[0]!.n });

    // Saving again while it is required ends nothing more.
    expect((await save(settings({ ClientId: acme, TwoFactorRequired: true, SessionIdleMinutes: 60 }), provider)).status).toBe(200);
    const [again] = await api.db.query<{ after: Record<string, unknown> }>(
      "SELECT after FROM audit_log WHERE action = 'organization.settings_change' AND client_id = $1 ORDER BY audit_id DESC LIMIT 1",
      [acme],
    );
    expect(again!.after).toEqual({ SessionIdleMinutes: 60 });
    await save(settings({ ClientId: acme }), provider);
    await api.db.query('DELETE FROM two_factor WHERE user_id = $1', [withTwoFactor!.user_id]);
    acmeAdmin = await api.signIn('admin@acme.local');
  });

  it('refuses an invitation outside the allowed domains, naming them, and writes nothing', async () => {
    await save(settings({ AllowedEmailDomains: ['acme.local'] }));
    const refused = await api.agent
      .post('/subscription/usercreation')
      .auth(acmeAdmin, { type: 'bearer' })
      .send({ UserFirstname: 'Out', UserLastname: 'Sider', OfficialEmail: 'out.sider@elsewhere.example', RoleId: webMember });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ field: 'OfficialEmail', message: 'Acme Corporation invites only addresses at acme.local' });
    expect(await api.db.query("SELECT 1 FROM client_users WHERE email = 'out.sider@elsewhere.example'")).toEqual([]);
    const allowed = await api.agent
      .post('/subscription/usercreation')
      .auth(acmeAdmin, { type: 'bearer' })
      .send({ UserFirstname: 'In', UserLastname: 'Sider', OfficialEmail: 'in.sider@ACME.local', RoleId: webMember });
    expect(allowed.status).toBe(201);
    await save(settings());
  });

  it('ends a session left idle longer than the organisation allows, and signs it out', async () => {
    await save(settings({ SessionIdleMinutes: 15 }));
    const member = await api.signIn('member@acme.local');
    expect((await api.agent.get('/users/me').auth(member, { type: 'bearer' })).status).toBe(200);
    await api.db.query(
      `UPDATE sessions SET last_seen_at = now() - interval '16 minutes'
        WHERE user_id = (SELECT user_id FROM client_users WHERE email = 'member@acme.local') AND ended_at IS NULL`,
    );
    const after = await api.agent.get('/users/me').auth(member, { type: 'bearer' });
    expect(after.status).toBe(401);
    expect(after.body.error.message).toBe('Signed out after 15 minutes without activity');
    const ended = await api.db.query<{ end_reason: string }>(
      `SELECT end_reason FROM sessions WHERE user_id = (SELECT user_id FROM client_users WHERE email = 'member@acme.local')
        AND ended_at IS NOT NULL ORDER BY session_id DESC LIMIT 1`,
    );
    expect(ended).toEqual([{ end_reason: 'idle' }]);
    // Another organisation's sessions keep going: the limit is Acme's.
    const globexAdmin = await api.signIn('admin@globex.local');
    await api.db.query(
      `UPDATE sessions SET last_seen_at = now() - interval '16 minutes'
        WHERE user_id = (SELECT user_id FROM client_users WHERE email = 'admin@globex.local') AND ended_at IS NULL`,
    );
    expect((await api.agent.get('/users/me').auth(globexAdmin, { type: 'bearer' })).status).toBe(200);
    await save(settings());
  });
});
