import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIdentityProvider, type IdentityProvider } from '../testing/identityProvider';
import { startRestApi, type ErrorBody, type RestApi } from '../testing/restApi';

type Settings = {
  ClientId: number;
  Enabled: boolean;
  Issuer: string | null;
  ClientSecretSet: boolean;
  Domains: string[];
  RequireSso: boolean;
  AllowJit: boolean;
};
type Started = { AuthorizationUrl: string; State: string };
type Session = { token: string; user: { OfficialEmail: string; ClientId: number } };

const REDIRECT = 'http://127.0.0.1:4000/sso/callback';
const PATH = '/subscription_sso_settings';

let api: RestApi;
let idp: IdentityProvider;
let acmeAdmin: string;
let acmeId: number;
beforeAll(async () => {
  api = await startRestApi({ allowHttpIssuers: true });
  idp = await startIdentityProvider({ redirectUri: REDIRECT, codeTtlSeconds: 2 });
  acmeAdmin = await api.signIn('admin@acme.local');
  const [acme] = await api.db.query<{ client_id: number }>("SELECT client_id FROM client_users WHERE email = 'admin@acme.local'");
  acmeId = acme!.client_id;
});
afterAll(async () => {
  await api.stop();
  await idp.close();
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
const save = (body: Record<string, unknown>, token = acmeAdmin) => api.call<Settings & ErrorBody>('PATCH', PATH, body, { token });
const start = (email: string) => api.post<Started & ErrorBody>('/sso/start', { Email: email, RedirectUri: REDIRECT });
const finish = (callbackUrl: string, state: string) =>
  api.post<Session & ErrorBody>('/sso/finish', { CallbackUrl: callbackUrl, State: state });

async function signInThroughProvider(email: string) {
  idp.signInAs({ email, givenName: 'Kai', familyName: 'Moreno' });
  const started = await start(email);
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
    const taken = await save({ ...acmeSso(), Domains: ['acme.local', 'globex.local'] }, globexAdmin);
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({ field: 'Domains', message: 'acme.local signs in to Acme Corporation already' });
    expect((await api.get(`${PATH}?ClientId=${acmeId}`, globexAdmin)).status).toBe(403);
  });

  it('refuses to turn on without an issuer, a client id or a domain, naming the field', async () => {
    const before = await api.get<Settings>(PATH, acmeAdmin);
    expect((await save({ ...acmeSso(), Issuer: '' })).body.error).toMatchObject({ field: 'Issuer' });
    expect((await save({ ...acmeSso(), Domains: [] })).body.error).toMatchObject({ field: 'Domains' });
    expect((await api.get<Settings>(PATH, acmeAdmin)).body).toEqual(before.body);
  });

  it('reads the issuer’s discovery document for the Test button, and says why one cannot be read', async () => {
    const found = await api.post<{ Issuer: string; Pkce: boolean; AuthorizationEndpoint: string }>(
      `${PATH}/discover`,
      { Issuer: idp.issuer },
      acmeAdmin,
    );
    expect(found.body).toMatchObject({ Issuer: idp.issuer, Pkce: true, AuthorizationEndpoint: `${idp.issuer}/auth` });
    const missing = await api.post<ErrorBody>(`${PATH}/discover`, { Issuer: 'http://127.0.0.1:9' }, acmeAdmin);
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toMatch(/^The issuer’s discovery document could not be read: /);
  });
});

describe('signing in with single sign-on', () => {
  it('signs in a person of a covered domain who has an account, with a session like a password sign-in', async () => {
    await save(acmeSso());
    const lookup = await api.get<{ Sso: boolean; Required: boolean }>('/sso/lookup?email=someone%40ACME.local');
    expect(lookup.body).toMatchObject({ Sso: true, Required: false });
    const { started, callback } = await signInThroughProvider('admin@acme.local');
    const session = await finish(callback, started.State);
    expect(session.status, JSON.stringify(session.body)).toBe(200);
    expect(session.body.user).toMatchObject({ OfficialEmail: 'admin@acme.local', ClientId: acmeId });
    expect((await api.get('/users/me', session.body.token)).status).toBe(200);
    // The state is used once.
    expect((await finish(callback, started.State)).body.error).toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('refuses a state it did not give, and a code the provider no longer honours', async () => {
    await save(acmeSso());
    const { callback } = await signInThroughProvider('admin@acme.local');
    expect((await finish(callback, 'not-the-state')).body.error).toMatchObject({ code: 'INVALID_TOKEN' });

    const late = await signInThroughProvider('admin@acme.local');
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const expired = await finish(late.callback, late.started.State);
    expect(expired.status).toBe(401);
    expect(expired.body.error.message).toMatch(/^The identity provider did not confirm the sign-in/);
  });

  it('refuses an unknown person of a covered domain, and makes nothing', async () => {
    await save(acmeSso({ AllowJit: false }));
    const { started, callback } = await signInThroughProvider('stranger@acme.local');
    const refused = await finish(callback, started.State);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(
      'There is no account for stranger@acme.local in Acme Corporation: ask one of its admins to invite you',
    );
    expect(await api.db.query("SELECT 1 FROM client_users WHERE email = 'stranger@acme.local'")).toEqual([]);
  });

  it('makes an account just in time when the organisation allows it, within its seats', async () => {
    await save(acmeSso({ AllowJit: true }));
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
    await save(acmeSso({ RequireSso: true }));
    const refused = await api.post<ErrorBody>('/users/signIn', { email: 'admin@acme.local', password: 'Admin@123' });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({
      field: 'email',
      message: 'Acme Corporation signs in with single sign-on: continue with single sign-on',
    });
    await save(acmeSso({ RequireSso: false }));
    expect((await api.post('/users/signIn', { email: 'admin@acme.local', password: 'Admin@123' })).status).toBe(200);
  });

  it('answers only the gateway', async () => {
    expect((await api.call('GET', '/sso/lookup?email=a%40acme.local', undefined, { anonymous: true })).status).toBe(401);
  });
});
