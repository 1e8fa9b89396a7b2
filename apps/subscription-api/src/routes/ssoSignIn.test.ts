import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { hashToken } from '#security/tokens';
import { PERSON_STATE_SQL } from '#domain/personLifecycle';
import { ssoTestbed } from '#testing/singleSignOn';

const bed = ssoTestbed();
const { acmeSso, save, saveVerified, start, finish, signInThroughProvider } = bed;

describe('signing in with single sign-on', () => {
  it('signs in a person of a covered domain who has an account, with a session like a password sign-in', async () => {
    await saveVerified();
    const lookup = await bed.api.agent.get('/sso/lookup?email=someone%40ACME.local');
    expect(lookup.body).toEqual({ Sso: true, Required: false });
    const { started, callback } = await signInThroughProvider('admin@acme.local');
    const session = await finish(callback, started.State);
    expect(session.status, JSON.stringify(session.body)).toBe(200);
    expect(session.body.user).toMatchObject({ OfficialEmail: 'admin@acme.local', ClientId: bed.acmeId });
    expect((await bed.api.agent.get('/users/me').auth(session.body.token, { type: 'bearer' })).status).toBe(200);
    // The state is used once.
    expect((await finish(callback, started.State)).body.error).toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('keeps the person signed in for a day, or three hours, as they chose when the sign-in started', async () => {
    await saveVerified();
    const lifetime = async (body: { token: string; expiresAt: string }) => {
      const [row] = await bed.api.db.query<{ expires_at: Date }>('SELECT s.expires_at FROM sessions s WHERE s.token_hash = $1', [
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
    expect(await bed.api.db.query("SELECT 1 FROM client_users WHERE email = 'stranger@acme.local'")).toEqual([]);
  });

  it('makes an invited person active when they first sign in, and never lets a deactivated one in', async () => {
    await saveVerified();
    const status = async (email: string) =>
      (await bed.api.db.query<{ status: string }>(`SELECT ${PERSON_STATE_SQL} AS status FROM client_users u WHERE email = $1`, [email]))[0]!
        .status;
    const [invited] = await bed.api.db.query<{ user_id: number }>(
      `INSERT INTO client_users (client_id, first_name, last_name, email, type_of_user) VALUES ($1, 'Ines', 'Invited', 'ines.invited@acme.local', 'User')
       RETURNING user_id`,
      [bed.acmeId],
    );
    expect(await status('ines.invited@acme.local')).toBe('INVITED');
    const first = await signInThroughProvider('ines.invited@acme.local');
    expect((await finish(first.callback, first.started.State)).status).toBe(200);
    expect(await status('ines.invited@acme.local')).toBe('ACTIVE');

    await bed.api.db.query('UPDATE client_users SET is_active = false WHERE user_id = $1', [invited!.user_id]);
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
    const [person] = await bed.api.db.query<{ first_name: string; type_of_user: string; roles: number }>(
      `SELECT first_name, type_of_user, (SELECT count(*)::int FROM user_roles r WHERE r.user_id = u.user_id) AS roles
         FROM client_users u WHERE email = 'newcomer@acme.local'`,
    );
    expect(person).toEqual({ first_name: 'Kai', type_of_user: 'User', roles: 1 });

    // No seat left: nobody more is made.
    await bed.api.db.query('UPDATE licences SET is_active = false WHERE client_id = $1', [bed.acmeId]);
    const full = await signInThroughProvider('latecomer@acme.local');
    const refused = await finish(full.callback, full.started.State);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('SEAT_LIMIT');
    expect(await bed.api.db.query("SELECT 1 FROM client_users WHERE email = 'latecomer@acme.local'")).toEqual([]);
    await bed.api.db.query('UPDATE licences SET is_active = true WHERE client_id = $1', [bed.acmeId]);
  });

  it('with single sign-on required, refuses the password with a clear message, even a right one', async () => {
    await saveVerified({ RequireSso: true });
    const refused = await bed.api.agent.post('/users/signIn').send({ email: 'admin@acme.local', password: 'Admin@123' });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({
      field: 'email',
      message:
        'Your organization signs in with single sign-on: choose “Continue with single sign-on” on the sign-in page instead of a password',
    });
    await save(acmeSso({ RequireSso: false }));
    expect((await bed.api.agent.post('/users/signIn').send({ email: 'admin@acme.local', password: 'Admin@123' })).status).toBe(200);
  });

  it('answers only the gateway', async () => {
    expect((await request(bed.api.app).get('/sso/lookup?email=a%40acme.local')).status).toBe(401);
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
      bed.idp.signInAs({ email: 'claims@acme.local', claims });
      const started = await start('claims@acme.local');
      const refused = await finish(await bed.idp.followToCallback(started.body.AuthorizationUrl), started.body.State);
      expect(refused.status, what).toBe(400);
      expect(refused.body.error.code, what).toBe('BAD_REQUEST');
    }
    expect(await bed.api.db.query("SELECT 1 FROM client_users WHERE email ILIKE '%claims%' OR email ILIKE 'kai%'")).toEqual([]);
  });

  it('asks a person with two-factor for the console’s code unless the identity provider used multi-factor', async () => {
    await saveVerified({ MfaAcrValues: ['urn:acme:mfa'] });
    const [admin] = await bed.api.db.query<{ user_id: number }>("SELECT user_id FROM client_users WHERE email = 'admin@acme.local'");
    await bed.api.db.query("INSERT INTO two_factor (user_id, totp_secret, enabled, enabled_at) VALUES ($1, 'sealed', true, now())", [
      admin!.user_id,
    ]);
    try {
      const through = async (person: { amr?: string[]; acr?: string }) => {
        bed.idp.signInAs({ email: 'admin@acme.local', ...person });
        const started = await start('admin@acme.local');
        return finish(await bed.idp.followToCallback(started.body.AuthorizationUrl), started.body.State);
      };
      const passwordOnly = await through({ amr: ['pwd'] });
      expect(passwordOnly.status).toBe(200);
      expect(passwordOnly.body).toMatchObject({ twoFactor: 'code' });
      expect(passwordOnly.body).not.toHaveProperty('token');
      const [step] = await bed.api.db.query<{ began_with: string }>(
        'SELECT began_with FROM sign_in_challenges WHERE user_id = $1 ORDER BY challenge_id DESC LIMIT 1',
        [admin!.user_id],
      );
      expect(step!.began_with).toBe('sso');

      expect((await through({ amr: ['pwd', 'mfa'] })).body).toHaveProperty('token');
      expect((await through({ amr: ['hwk'] })).body).toHaveProperty('token');
      expect((await through({ amr: ['pwd'], acr: 'urn:acme:mfa' })).body).toHaveProperty('token');
      expect((await through({ amr: ['pwd'], acr: 'urn:other' })).body).toMatchObject({ twoFactor: 'code' });

      // An organisation that requires two-factor: a person without it sets it up after the provider returns.
      await bed.api.db.query('DELETE FROM two_factor WHERE user_id = $1', [admin!.user_id]);
      await bed.api.db.query(
        'INSERT INTO org_settings (client_id, two_factor_required) VALUES ($1, true) ON CONFLICT (client_id) DO UPDATE SET two_factor_required = true',
        [bed.acmeId],
      );
      expect((await through({ amr: ['pwd'] })).body).toMatchObject({ twoFactor: 'enrol' });
    } finally {
      await bed.api.db.query('DELETE FROM two_factor WHERE user_id = $1', [admin!.user_id]);
      await bed.api.db.query('UPDATE org_settings SET two_factor_required = false WHERE client_id = $1', [bed.acmeId]);
    }
  }, 30_000);

  it('voids a password’s code step once single sign-on is required, and sends no reset to people it covers', async () => {
    await saveVerified({ RequireSso: false });
    const [admin] = await bed.api.db.query<{ user_id: number }>("SELECT user_id FROM client_users WHERE email = 'admin@acme.local'");
    await bed.api.db.query("INSERT INTO two_factor (user_id, totp_secret, enabled, enabled_at) VALUES ($1, 'sealed', true, now())", [
      admin!.user_id,
    ]);
    try {
      const step = await bed.api.agent.post('/users/signIn').send({ email: 'admin@acme.local', password: 'Admin@123' });
      expect(step.body.challenge).toBeTruthy();
      await saveVerified({ RequireSso: true });
      const voided = await bed.api.agent.post('/users/signIn/code').send({ challenge: step.body.challenge, code: '000000' });
      expect(voided.body.error).toMatchObject({ code: 'INVALID_TOKEN' });

      const mails = async () => (await bed.api.db.query("SELECT 1 FROM mail_outbox WHERE to_address = 'admin@acme.local'")).length;
      const before = await mails();
      const reset = await bed.api.agent.post('/auth/password/request').send({ email: 'admin@acme.local' });
      expect(reset.status).toBe(400);
      expect(reset.body.error).toMatchObject({ field: 'email', message: expect.stringContaining('single sign-on') });
      expect(await mails()).toBe(before);
    } finally {
      await bed.api.db.query('DELETE FROM two_factor WHERE user_id = $1', [admin!.user_id]);
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
      const [role] = await bed.api.db.query<{ role_id: number }>(
        "SELECT r.role_id FROM roles r JOIN products p ON p.product_id = r.product_id WHERE p.product_code = 'YOZY-WEB' AND r.is_active ORDER BY r.role_id LIMIT 1",
      );
      const invited = await bed.api.agent
        .post('/subscription/usercreation')
        .auth(bed.acmeAdmin, { type: 'bearer' })
        .send({ UserFirstname: 'Sam', UserLastname: 'Sso', OfficialEmail: 'sam.sso@acme.local', RoleId: role!.role_id });
      expect(invited.status, JSON.stringify(invited.body)).toBe(201);
      const [mail] = await bed.api.db.query<{ text_body: string }>(
        "SELECT text_body FROM mail_outbox WHERE to_address = 'sam.sso@acme.local' ORDER BY mail_id DESC LIMIT 1",
      );
      expect(mail!.text_body).toContain('http://localhost:4000/login');
      expect(mail!.text_body).toContain('continue with single sign-on');
      expect(mail!.text_body).not.toContain('/setpassword/');
      expect(
        await bed.api.db.query("SELECT 1 FROM user_tokens t JOIN client_users u USING (user_id) WHERE u.email = 'sam.sso@acme.local'"),
      ).toEqual([]);
      const copy = await bed.api.agent
        .post('/subscription/invitations/resend')
        .auth(bed.acmeAdmin, { type: 'bearer' })
        .send({ UserId: invited.body.ClientUserId, SendMail: false });
      expect(copy.body.error).toMatchObject({ code: 'BAD_REQUEST', field: 'SendMail' });
    } finally {
      await saveVerified({ RequireSso: false });
    }
  });
});
