import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { startDnsServer, type DnsServer } from '../testing/dnsServer';
import { startIdentityProvider, type IdentityProvider } from '../testing/identityProvider';
import { hashToken } from '../security/tokens';
import { PERSON_STATE_SQL } from '../domain/personLifecycle';
import { openRestApi, type RestApi } from '../testing/restApi';

type Settings = {
  ClientId: number;
  Enabled: boolean;
  Issuer: string | null;
  ClientSecretSet: boolean;
  Domains: string[];
  DomainVerifications: { Domain: string; Verified: boolean; VerifiedBy: string | null; RecordName: string; RecordValue: string }[];
  RequireSso: boolean;
  AllowJit: boolean;
};

const REDIRECT = 'http://127.0.0.1:4000/sso/callback';
const PATH = '/subscription_sso_settings';

let api: RestApi;
let idp: IdentityProvider;
let dns: DnsServer;
let acmeAdmin: string;
let acmeId: number;
beforeAll(async () => {
  dns = await startDnsServer();
  api = await openRestApi({ allowHttpIssuers: true, dnsServers: [dns.address] });
  idp = await startIdentityProvider({ redirectUri: REDIRECT, codeTtlSeconds: 2 });
  acmeAdmin = await api.signIn('admin@acme.local');
  const [acme] = await api.db.query<{ client_id: number }>("SELECT client_id FROM client_users WHERE email = 'admin@acme.local'");
  acmeId = acme!.client_id;
  // The demo data has acme.local verified (by the provider's word); these tests claim and verify it themselves.
  await api.db.query("DELETE FROM organization_domains WHERE domain = 'acme.local'");
});
afterAll(async () => {
  await api.close();
  await idp.close();
  await dns.close();
});

const acmeSso = (extra: Record<string, unknown> = {}) => ({
  Enabled: true,
  Issuer: idp.issuer,
  OidcClientId: idp.clientId,
  ClientSecret: idp.clientSecret,
  Domains: ['acme.local'],
  RequireSso: false,
  AllowJit: false,
  ...extra,
});
const save = (body: Record<string, unknown>, token = acmeAdmin) => api.agent.patch(PATH).auth(token, { type: 'bearer' }).send(body);
const verify = (domain: string, token = acmeAdmin) =>
  api.agent.post(`${PATH}/domains/verify`).auth(token, { type: 'bearer' }).send({ Domain: domain });

/** Saves Acme's single sign-on and proves it owns acme.local through its DNS record, as an organisation does. */
async function saveVerified(extra: Record<string, unknown> = {}) {
  const saved = await save(acmeSso(extra));
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const record = saved.body.DomainVerifications.find((d: Settings['DomainVerifications'][number]) => d.Domain === 'acme.local')!;
  if (!record.Verified) {
    dns.setTxt(record.RecordName, [record.RecordValue]);
    expect((await verify('acme.local')).status).toBe(200);
  }
}
const start = (email: string, extra: Record<string, unknown> = {}) =>
  api.agent.post('/sso/start').send({ Email: email, RedirectUri: REDIRECT, ...extra });
const finish = (callbackUrl: string, state: string) => api.agent.post('/sso/finish').send({ CallbackUrl: callbackUrl, State: state });

async function signInThroughProvider(email: string, extra: Record<string, unknown> = {}) {
  idp.signInAs({ email, givenName: 'Kai', familyName: 'Moreno' });
  const started = await start(email, extra);
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  return { started: started.body, callback: await idp.followToCallback(started.body.AuthorizationUrl) };
}

describe('single sign-on settings', () => {
  it('keeps the client secret sealed and never answers it; a domain belongs to one organisation', async () => {
    const saved = await save(acmeSso());
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ Enabled: true, ClientSecretSet: true, Domains: ['acme.local'] });
    expect(JSON.stringify(saved.body)).not.toContain(idp.clientSecret);
    const [row] = await api.db.query<{ oidc_secret_sealed: string }>('SELECT oidc_secret_sealed FROM sso_settings WHERE client_id = $1', [
      acmeId,
    ]);
    expect(row!.oidc_secret_sealed).toMatch(/^v1\./);

    const globexAdmin = await api.signIn('admin@globex.local');
    expect((await api.agent.get(`${PATH}?ClientId=${acmeId}`).auth(globexAdmin, { type: 'bearer' })).status).toBe(403);
  });

  it('covers a domain only once its TXT record proves the organisation owns it, and one organisation only', async () => {
    const saved = await save(acmeSso({ RequireSso: true }));
    const [record] = saved.body.DomainVerifications;
    expect(record).toMatchObject({ Domain: 'acme.local', Verified: false, RecordName: '_yozy-verification.acme.local' });
    expect(record!.RecordValue).toMatch(/^yozy-verification=[0-9a-f]{32}$/);
    // Unverified, the claim does nothing: no single sign-on offered, the password still works.
    expect((await api.agent.get('/sso/lookup?email=admin%40acme.local')).body).toEqual({ Sso: false, Required: false });
    expect((await api.agent.post('/users/signIn').send({ email: 'admin@acme.local', password: 'Admin@123' })).status).toBe(200);

    // Another organisation may claim it too, unverified; neither blocks the other.
    const globexAdmin = await api.signIn('admin@globex.local');
    const globexClaim = await save({ ...acmeSso(), Domains: ['acme.local', 'globex.local'] }, globexAdmin);
    expect(globexClaim.status, JSON.stringify(globexClaim.body)).toBe(200);

    dns.setTxt('_yozy-verification.acme.local', ['yozy-verification=not-the-token']);
    const wrong = await verify('acme.local');
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({ field: 'Domain' });
    expect(wrong.body.error.message).toContain(record!.RecordValue);

    dns.setTxt(record!.RecordName, [record!.RecordValue]);
    const verified = await verify('acme.local');
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(verified.body.DomainVerifications[0]).toMatchObject({ Domain: 'acme.local', Verified: true, VerifiedBy: 'DNS' });
    expect((await api.agent.get('/sso/lookup?email=admin%40acme.local')).body).toEqual({ Sso: true, Required: true });

    // Globex's record would have to be in acme.local's DNS: its claim stays unverified, and now refused to verify.
    const globexRecord = globexClaim.body.DomainVerifications.find(
      (d: Settings['DomainVerifications'][number]) => d.Domain === 'acme.local',
    )!;
    dns.setTxt(globexRecord.RecordName, [globexRecord.RecordValue]);
    const taken = await verify('acme.local', globexAdmin);
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({ code: 'CONFLICT', message: 'acme.local is verified by another organization' });
    expect((await save({ ...acmeSso(), Domains: ['acme.local'] }, globexAdmin)).status).toBe(409);
    await save({ ...acmeSso(), Enabled: false, Domains: [] }, globexAdmin);
    await save(acmeSso({ RequireSso: false }));
  });

  it('refuses public mail domains and the provider’s own, and an issuer whose discovery document cannot be read', async () => {
    const before = await api.agent.get(PATH).auth(acmeAdmin, { type: 'bearer' });
    for (const domain of ['gmail.com', 'outlook.com', 'yozy.local']) {
      const refused = await save(acmeSso({ Domains: ['acme.local', domain] }));
      expect(refused.status, domain).toBe(400);
      expect(refused.body.error).toMatchObject({ field: 'Domains' });
      expect(refused.body.error.message).toContain(domain);
    }
    const unreachable = await save(acmeSso({ Issuer: 'http://127.0.0.1:9' }));
    expect(unreachable.status).toBe(400);
    expect(unreachable.body.error).toMatchObject({ field: 'Issuer' });
    expect(unreachable.body.error.message).toMatch(/^The issuer’s discovery document could not be read: /);
    expect((await api.agent.get(PATH).auth(acmeAdmin, { type: 'bearer' })).body).toEqual(before.body);
  });

  it('lets a SuperAdmin in person vouch for a domain, never a public or the provider’s one', async () => {
    await save(acmeSso({ Domains: ['acme.local', 'acme-partners.example'] }));
    const superAdmin = await api.signIn('admin@yozy.local');
    const confirm = (domain: string, token: string) =>
      api.agent.post(`${PATH}/domains/confirm`).auth(token, { type: 'bearer' }).send({ ClientId: acmeId, Domain: domain });
    expect((await confirm('acme-partners.example', acmeAdmin)).status).toBe(403);
    const confirmed = await confirm('acme-partners.example', superAdmin);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(
      confirmed.body.DomainVerifications.find((d: Settings['DomainVerifications'][number]) => d.Domain === 'acme-partners.example'),
    ).toMatchObject({
      Verified: true,
      VerifiedBy: 'PROVIDER',
    });
    const [entry] = await api.db.query<{ after: Record<string, unknown> }>(
      "SELECT after FROM audit_log WHERE action = 'organization.sso_domain_verify' AND client_id = $1 ORDER BY audit_id DESC LIMIT 1",
      [acmeId],
    );
    expect(entry!.after).toMatchObject({ Domain: 'acme-partners.example', VerifiedBy: 'PROVIDER' });
    expect((await confirm('yozy.local', superAdmin)).status).toBe(400);
    await save(acmeSso());
  });

  it('refuses to turn on without an issuer, a client id or a domain, naming the field', async () => {
    const before = await api.agent.get(PATH).auth(acmeAdmin, { type: 'bearer' });
    expect((await save({ ...acmeSso(), Issuer: '' })).body.error).toMatchObject({ field: 'Issuer' });
    expect((await save({ ...acmeSso(), Domains: [] })).body.error).toMatchObject({ field: 'Domains' });
    expect((await api.agent.get(PATH).auth(acmeAdmin, { type: 'bearer' })).body).toEqual(before.body);
  });

  it('reads the issuer’s discovery document for the Test button, and says why one cannot be read', async () => {
    const found = await api.agent.post(`${PATH}/discover`).auth(acmeAdmin, { type: 'bearer' }).send({ Issuer: idp.issuer });
    expect(found.body).toMatchObject({ Issuer: idp.issuer, Pkce: true, AuthorizationEndpoint: `${idp.issuer}/auth` });
    const missing = await api.agent.post(`${PATH}/discover`).auth(acmeAdmin, { type: 'bearer' }).send({ Issuer: 'http://127.0.0.1:9' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toMatch(/^The issuer’s discovery document could not be read: /);
  });
});

describe('signing in with single sign-on', () => {
  it('signs in a person of a covered domain who has an account, with a session like a password sign-in', async () => {
    await saveVerified();
    const lookup = await api.agent.get('/sso/lookup?email=someone%40ACME.local');
    expect(lookup.body).toEqual({ Sso: true, Required: false });
    const { started, callback } = await signInThroughProvider('admin@acme.local');
    const session = await finish(callback, started.State);
    expect(session.status, JSON.stringify(session.body)).toBe(200);
    expect(session.body.user).toMatchObject({ OfficialEmail: 'admin@acme.local', ClientId: acmeId });
    expect((await api.agent.get('/users/me').auth(session.body.token, { type: 'bearer' })).status).toBe(200);
    // The state is used once.
    expect((await finish(callback, started.State)).body.error).toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('keeps the person signed in for a day, or three hours, as they chose when the sign-in started', async () => {
    await saveVerified();
    const lifetime = async (body: { token: string; expiresAt: string }) => {
      const [row] = await api.db.query<{ expires_at: Date }>('SELECT s.expires_at FROM sessions s WHERE s.token_hash = $1', [
        hashToken(body.token),
      ]);
      expect(new Date(row!.expires_at).toISOString()).toBe(body.expiresAt);
      return (new Date(body.expiresAt).getTime() - Date.now()) / 3_600_000;
    };
    for (const [extra, keepSignedIn, hours] of [
      [{}, true, 24],
      [{ KeepSignedIn: true }, true, 24],
      [{ KeepSignedIn: false }, false, 3],
    ] as const) {
      const { started, callback } = await signInThroughProvider('admin@acme.local', extra);
      const session = await finish(callback, started.State);
      expect(session.body).toMatchObject({ keepSignedIn });
      expect(await lifetime(session.body)).toBeCloseTo(hours, 1);
    }
  });

  it('refuses a state it did not give, and a code the provider no longer honours', async () => {
    await saveVerified();
    const { callback } = await signInThroughProvider('admin@acme.local');
    expect((await finish(callback, 'not-the-state')).body.error).toMatchObject({ code: 'INVALID_TOKEN' });

    const late = await signInThroughProvider('admin@acme.local');
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const expired = await finish(late.callback, late.started.State);
    expect(expired.status).toBe(401);
    expect(expired.body.error.message).toMatch(/^The identity provider did not confirm the sign-in/);
  });

  it('refuses an unknown person of a covered domain, and makes nothing', async () => {
    await saveVerified({ AllowJit: false });
    const { started, callback } = await signInThroughProvider('stranger@acme.local');
    const refused = await finish(callback, started.State);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(
      'There is no account for stranger@acme.local in Acme Corporation: ask one of its admins to invite you',
    );
    expect(await api.db.query("SELECT 1 FROM client_users WHERE email = 'stranger@acme.local'")).toEqual([]);
  });

  it('makes an invited person active when they first sign in, and never lets a deactivated one in', async () => {
    await saveVerified();
    const status = async (email: string) =>
      (await api.db.query<{ status: string }>(`SELECT ${PERSON_STATE_SQL} AS status FROM client_users u WHERE email = $1`, [email]))[0]!
        .status;
    const [invited] = await api.db.query<{ user_id: number }>(
      `INSERT INTO client_users (client_id, first_name, last_name, email, type_of_user) VALUES ($1, 'Ines', 'Invited', 'ines.invited@acme.local', 'User')
       RETURNING user_id`,
      [acmeId],
    );
    expect(await status('ines.invited@acme.local')).toBe('INVITED');
    const first = await signInThroughProvider('ines.invited@acme.local');
    expect((await finish(first.callback, first.started.State)).status).toBe(200);
    expect(await status('ines.invited@acme.local')).toBe('ACTIVE');

    await api.db.query('UPDATE client_users SET is_active = false WHERE user_id = $1', [invited!.user_id]);
    const again = await signInThroughProvider('ines.invited@acme.local');
    const refused = await finish(again.callback, again.started.State);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe('ines.invited@acme.local is deactivated in Acme Corporation');
    expect(await status('ines.invited@acme.local')).toBe('DISABLED');
  });

  it('makes an account just in time when the organisation allows it, within its seats', async () => {
    await saveVerified({ AllowJit: true });
    const { started, callback } = await signInThroughProvider('newcomer@acme.local');
    const session = await finish(callback, started.State);
    expect(session.status, JSON.stringify(session.body)).toBe(200);
    const [person] = await api.db.query<{ first_name: string; type_of_user: string; roles: number }>(
      `SELECT first_name, type_of_user, (SELECT count(*)::int FROM user_roles r WHERE r.user_id = u.user_id) AS roles
         FROM client_users u WHERE email = 'newcomer@acme.local'`,
    );
    expect(person).toEqual({ first_name: 'Kai', type_of_user: 'User', roles: 1 });

    // No seat left: nobody more is made.
    await api.db.query('UPDATE licences SET is_active = false WHERE client_id = $1', [acmeId]);
    const full = await signInThroughProvider('latecomer@acme.local');
    const refused = await finish(full.callback, full.started.State);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('SEAT_LIMIT');
    expect(await api.db.query("SELECT 1 FROM client_users WHERE email = 'latecomer@acme.local'")).toEqual([]);
    await api.db.query('UPDATE licences SET is_active = true WHERE client_id = $1', [acmeId]);
  });

  it('with single sign-on required, refuses the password with a clear message, even a right one', async () => {
    await saveVerified({ RequireSso: true });
    const refused = await api.agent.post('/users/signIn').send({ email: 'admin@acme.local', password: 'Admin@123' });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({
      field: 'email',
      message:
        'Your organization signs in with single sign-on: choose “Continue with single sign-on” on the sign-in page instead of a password',
    });
    await save(acmeSso({ RequireSso: false }));
    expect((await api.agent.post('/users/signIn').send({ email: 'admin@acme.local', password: 'Admin@123' })).status).toBe(200);
  });

  it('answers only the gateway', async () => {
    expect((await request(api.app).get('/sso/lookup?email=a%40acme.local')).status).toBe(401);
  });

  it('validates what the identity provider says like any input, making and signing in nobody', async () => {
    await saveVerified({ AllowJit: true });
    const refusals: [string, Record<string, unknown>][] = [
      ['two addresses', { email: 'kai@acme.local,boss@acme.local' }],
      ['a second @', { email: 'kai@evil.example@acme.local' }],
      ['a control character', { email: 'kai\u0000@acme.local' }],
      ['an unverified email', { email_verified: false }],
      ['no word on verification', { email_verified: undefined }],
      ['a name with a line break', { given_name: 'Kai\nAdmin' }],
      ['a name too long', { family_name: 'M'.repeat(101) }],
    ];
    for (const [what, claims] of refusals) {
      idp.signInAs({ email: 'claims@acme.local', claims });
      const started = await start('claims@acme.local');
      const refused = await finish(await idp.followToCallback(started.body.AuthorizationUrl), started.body.State);
      expect(refused.status, what).toBe(400);
      expect(refused.body.error.code, what).toBe('BAD_REQUEST');
    }
    expect(await api.db.query("SELECT 1 FROM client_users WHERE email ILIKE '%claims%' OR email ILIKE 'kai%'")).toEqual([]);
  });

  it('asks a person with two-factor for the console’s code unless the identity provider used multi-factor', async () => {
    await saveVerified({ MfaAcrValues: ['urn:acme:mfa'] });
    const [admin] = await api.db.query<{ user_id: number }>("SELECT user_id FROM client_users WHERE email = 'admin@acme.local'");
    await api.db.query("INSERT INTO two_factor (user_id, totp_secret, enabled, enabled_at) VALUES ($1, 'sealed', true, now())", [
      admin!.user_id,
    ]);
    try {
      const through = async (person: { amr?: string[]; acr?: string }) => {
        idp.signInAs({ email: 'admin@acme.local', ...person });
        const started = await start('admin@acme.local');
        return finish(await idp.followToCallback(started.body.AuthorizationUrl), started.body.State);
      };
      const passwordOnly = await through({ amr: ['pwd'] });
      expect(passwordOnly.status).toBe(200);
      expect(passwordOnly.body).toMatchObject({ twoFactor: 'code' });
      expect(passwordOnly.body).not.toHaveProperty('token');
      const [step] = await api.db.query<{ began_with: string }>(
        'SELECT began_with FROM sign_in_challenges WHERE user_id = $1 ORDER BY challenge_id DESC LIMIT 1',
        [admin!.user_id],
      );
      expect(step!.began_with).toBe('sso');

      expect((await through({ amr: ['pwd', 'mfa'] })).body).toHaveProperty('token');
      expect((await through({ amr: ['hwk'] })).body).toHaveProperty('token');
      expect((await through({ amr: ['pwd'], acr: 'urn:acme:mfa' })).body).toHaveProperty('token');
      expect((await through({ amr: ['pwd'], acr: 'urn:other' })).body).toMatchObject({ twoFactor: 'code' });

      // An organisation that requires two-factor: a person without it sets it up after the provider returns.
      await api.db.query('DELETE FROM two_factor WHERE user_id = $1', [admin!.user_id]);
      await api.db.query(
        'INSERT INTO org_settings (client_id, two_factor_required) VALUES ($1, true) ON CONFLICT (client_id) DO UPDATE SET two_factor_required = true',
        [acmeId],
      );
      expect((await through({ amr: ['pwd'] })).body).toMatchObject({ twoFactor: 'enrol' });
    } finally {
      await api.db.query('DELETE FROM two_factor WHERE user_id = $1', [admin!.user_id]);
      await api.db.query('UPDATE org_settings SET two_factor_required = false WHERE client_id = $1', [acmeId]);
    }
  }, 30_000);

  it('voids a password’s code step once single sign-on is required, and sends no reset to people it covers', async () => {
    await saveVerified({ RequireSso: false });
    const [admin] = await api.db.query<{ user_id: number }>("SELECT user_id FROM client_users WHERE email = 'admin@acme.local'");
    await api.db.query("INSERT INTO two_factor (user_id, totp_secret, enabled, enabled_at) VALUES ($1, 'sealed', true, now())", [
      admin!.user_id,
    ]);
    try {
      const step = await api.agent.post('/users/signIn').send({ email: 'admin@acme.local', password: 'Admin@123' });
      expect(step.body.challenge).toBeTruthy();
      await saveVerified({ RequireSso: true });
      const voided = await api.agent.post('/users/signIn/code').send({ challenge: step.body.challenge, code: '000000' });
      expect(voided.body.error).toMatchObject({ code: 'INVALID_TOKEN' });

      const mails = async () => (await api.db.query("SELECT 1 FROM mail_outbox WHERE to_address = 'admin@acme.local'")).length;
      const before = await mails();
      const reset = await api.agent.post('/auth/password/request').send({ email: 'admin@acme.local' });
      expect(reset.status).toBe(400);
      expect(reset.body.error).toMatchObject({ field: 'email', message: expect.stringContaining('single sign-on') });
      expect(await mails()).toBe(before);
    } finally {
      await api.db.query('DELETE FROM two_factor WHERE user_id = $1', [admin!.user_id]);
      await saveVerified({ RequireSso: false });
    }
  });

  it('refuses a finish at another address than the sign-in started from', async () => {
    await saveVerified();
    const { started, callback } = await signInThroughProvider('admin@acme.local');
    const elsewhere = callback.replace('http://127.0.0.1:4000/', 'http://attacker.example/');
    expect((await finish(elsewhere, started.State)).body.error).toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('invites a person it covers with the way to single sign-on, never a link to choose a password', async () => {
    await saveVerified({ RequireSso: true });
    try {
      const [role] = await api.db.query<{ role_id: number }>(
        "SELECT r.role_id FROM roles r JOIN products p ON p.product_id = r.product_id WHERE p.product_code = 'YOZY-WEB' AND r.is_active ORDER BY r.role_id LIMIT 1",
      );
      const invited = await api.agent
        .post('/subscription/usercreation')
        .auth(acmeAdmin, { type: 'bearer' })
        .send({ UserFirstname: 'Sam', UserLastname: 'Sso', OfficialEmail: 'sam.sso@acme.local', RoleId: role!.role_id });
      expect(invited.status, JSON.stringify(invited.body)).toBe(201);
      const [mail] = await api.db.query<{ text_body: string }>(
        "SELECT text_body FROM mail_outbox WHERE to_address = 'sam.sso@acme.local' ORDER BY mail_id DESC LIMIT 1",
      );
      expect(mail!.text_body).toContain('http://localhost:4000/login');
      expect(mail!.text_body).toContain('continue with single sign-on');
      expect(mail!.text_body).not.toContain('/setpassword/');
      expect(
        await api.db.query("SELECT 1 FROM user_tokens t JOIN client_users u USING (user_id) WHERE u.email = 'sam.sso@acme.local'"),
      ).toEqual([]);
      const copy = await api.agent
        .post('/subscription/invitations/resend')
        .auth(acmeAdmin, { type: 'bearer' })
        .send({ UserId: invited.body.ClientUserId, SendMail: false });
      expect(copy.body.error).toMatchObject({ code: 'BAD_REQUEST', field: 'SendMail' });
    } finally {
      await saveVerified({ RequireSso: false });
    }
  });
});
