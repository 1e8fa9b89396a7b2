import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '#seed/demo';
import { authenticatorCode } from '#testing/authenticator';
import { openRestApi, type RestApi } from '#testing/restApi';

let api: RestApi;
beforeAll(async () => {
  api = await openRestApi();
});
afterAll(() => api.close());

const idOf = async (email: string) => {
  const [row] = await api.db.query<{ user_id: number; client_id: number }>('SELECT user_id, client_id FROM client_users WHERE email = $1', [
    email,
  ]);
  return row!;
};

/** Turns the person's own two-factor on, as they would in Privacy & Setting; their session token. */
async function enrol(email: string): Promise<string> {
  const token = await api.signIn(email);
  const started = await api.agent.post('/users/two-factor/enrolment').auth(token, { type: 'bearer' });
  const confirmed = await api.agent
    .post('/users/two-factor/confirm')
    .auth(token, { type: 'bearer' })
    .send({ code: authenticatorCode(started.body.secret) });
  expect(confirmed.status).toBe(200);
  return token;
}

const twoFactorOf = (admin: string, query: Record<string, string>) =>
  api.agent.get('/subscription/users/two-factor').query(query).auth(admin, { type: 'bearer' });
const reset = (admin: string, body: Record<string, unknown>) =>
  api.agent.post('/subscription/users/two-factor/reset').auth(admin, { type: 'bearer' }).send(body);

const twoFactorList = (admin: string, query: string) =>
  api.agent.get(`/subscription_user_two_factor?${query}`).auth(admin, { type: 'bearer' });

describe('who of an organisation has two-factor sign-in on, for many people at once', { timeout: 60_000 }, () => {
  it('lists the people asked about who have it on, of the caller’s own organisation only', async () => {
    const admin = await idOf('admin@globex.local');
    const [member] = await api.db.query<{ user_id: number; client_id: number }>(
      'SELECT user_id, client_id FROM client_users WHERE client_id = $1 AND user_id <> $2 ORDER BY user_id LIMIT 1',
      [admin.client_id, admin.user_id],
    );
    if (!member) throw new Error('The demo data has a second person at Globex');
    await api.db.query(
      `INSERT INTO two_factor (user_id, totp_secret, enabled, enabled_at, recovery_code_hashes) VALUES ($1, 'sealed', true, now(), '{a,b,c}')
       ON CONFLICT (user_id) DO UPDATE SET enabled = true, enabled_at = now(), recovery_code_hashes = '{a,b,c}'`,
      [member.user_id],
    );
    const globexAdmin = await api.signIn('admin@globex.local');
    const own = await twoFactorList(globexAdmin, `UserId=in.(${member.user_id},${admin.user_id})`);
    expect(own.status).toBe(200);
    // The admin has it off, so only the member is listed.
    expect(own.body).toEqual([expect.objectContaining({ UserId: member.user_id, ClientId: member.client_id, RecoveryCodesLeft: 3 })]);

    const acmeAdmin = await api.signIn('admin@acme.local');
    expect((await twoFactorList(acmeAdmin, `UserId=in.(${member.user_id})`)).body).toEqual([]);
    expect((await twoFactorList(acmeAdmin, `UserId=in.(${member.user_id})&ClientId=eq.${member.client_id}`)).status).toBe(403);
    await api.db.query('DELETE FROM two_factor WHERE user_id = $1', [member.user_id]);
  });
});

// Sign-ins hash passwords (argon2id), which takes a while on a busy machine.
describe("an admin's reset of a person's two-factor sign-in", { timeout: 60_000 }, () => {
  it('removes the authenticator and recovery codes, keeps the sessions, audits before and after, and asks for enrolment at the next sign-in', async () => {
    const member = await idOf('member@acme.local');
    const memberSession = await enrol('member@acme.local');
    const admin = await api.signIn('admin@acme.local');

    const before = await twoFactorOf(admin, { UserId: String(member.user_id) });
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });

    const answer = await reset(admin, { UserId: member.user_id });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });
    expect(await api.db.query('SELECT 1 FROM two_factor WHERE user_id = $1', [member.user_id])).toEqual([]);
    // Their session goes on.
    expect((await api.agent.get('/users/me').auth(memberSession, { type: 'bearer' })).status).toBe(200);

    const [logged] = await api.db.query<{ client_id: number; before: { enabled: boolean; recoveryCodesLeft: number }; after: unknown }>(
      "SELECT client_id, before, after FROM audit_log WHERE action = 'two_factor.reset' AND entity_id = $1",
      [String(member.user_id)],
    );
    expect(logged).toMatchObject({ client_id: member.client_id, before: { enabled: true, recoveryCodesLeft: 10 } });
    expect(logged!.after).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });

    // Without two-factor required, the password is enough again; once required, they set it up again.
    const plain = await api.agent.post('/users/signIn').send({ email: 'member@acme.local', password: DEMO_PASSWORD });
    expect(plain.body.token).toEqual(expect.any(String));
    await api.db.query(
      `INSERT INTO org_settings (client_id, two_factor_required) VALUES ($1, true)
       ON CONFLICT (client_id) DO UPDATE SET two_factor_required = true`,
      [member.client_id],
    );
    const step = await api.agent.post('/users/signIn').send({ email: 'member@acme.local', password: DEMO_PASSWORD });
    expect(step.body).toMatchObject({ twoFactor: 'enrol' });
    await api.db.query('UPDATE org_settings SET two_factor_required = false WHERE client_id = $1', [member.client_id]);
  });

  it('refuses a person without two-factor, the admin themself, and bad ids, changing nothing', async () => {
    const admin = await api.signIn('admin@acme.local');
    const member = await idOf('member@acme.local');
    const self = await idOf('admin@acme.local');

    const off = await reset(admin, { UserId: member.user_id });
    expect(off.status).toBe(409);
    expect(off.body.error).toMatchObject({ code: 'CONFLICT', field: 'UserId' });
    expect(off.body.error.message).toMatch(/does not have two-factor sign-in on/);

    const own = await reset(admin, { UserId: self.user_id });
    expect(own.status).toBe(400);
    expect(own.body.error.message).toMatch(/Privacy & Setting/);

    expect((await reset(admin, { UserId: 'x' })).body.error).toMatchObject({ code: 'BAD_REQUEST', field: 'UserId' });
    expect((await twoFactorOf(admin, { UserId: 'x' })).status).toBe(400);
    expect((await reset(admin, { UserId: 999999 })).status).toBe(404);
  });

  it("keeps another organisation's people out of reach of an organisation admin, but not of a SuperAdmin", async () => {
    const globexAdmin = await idOf('admin@globex.local');
    await enrol('admin@globex.local');
    const acmeAdmin = await api.signIn('admin@acme.local');

    // Named by id alone, the person is not of the caller's organisation; naming theirs is refused.
    expect((await twoFactorOf(acmeAdmin, { UserId: String(globexAdmin.user_id) })).status).toBe(404);
    expect((await reset(acmeAdmin, { UserId: globexAdmin.user_id })).status).toBe(404);
    const named = await reset(acmeAdmin, { UserId: globexAdmin.user_id, ClientId: globexAdmin.client_id });
    expect(named.status).toBe(403);
    expect(await api.db.query('SELECT enabled FROM two_factor WHERE user_id = $1', [globexAdmin.user_id])).toEqual([{ enabled: true }]);

    // A member is no admin.
    const member = await api.signIn('member@acme.local');
    expect((await reset(member, { UserId: globexAdmin.user_id })).status).toBe(403);

    // A read-only key is refused; the provider's SuperAdmin may.
    const superAdmin = await api.signIn('admin@yozy.local');
    const key = await api.agent.post('/platform/api-keys').auth(superAdmin, { type: 'bearer' }).send({ Name: 'Reader', Access: 'READ' });
    const byKey = await reset(key.body.Secret, { UserId: globexAdmin.user_id, ClientId: globexAdmin.client_id });
    expect(byKey.status).toBe(403);
    expect(await api.db.query('SELECT enabled FROM two_factor WHERE user_id = $1', [globexAdmin.user_id])).toEqual([{ enabled: true }]);

    const bySuperAdmin = await reset(superAdmin, { UserId: globexAdmin.user_id, ClientId: globexAdmin.client_id });
    expect(bySuperAdmin.status).toBe(200);
    expect(bySuperAdmin.body.enabled).toBe(false);
  });
});
