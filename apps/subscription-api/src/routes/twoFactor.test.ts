import { authenticatorCode } from '#testing/authenticator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { DEMO_PASSWORD } from '#seed/demo';
import { openRestApi, TEST_SECRET_KEY, type RestApi } from '#testing/restApi';
import { createSecretBox } from '#security/secretBox';
import { STEP_ENDED_MESSAGE } from '#domain/signInStepBudget';

let api: RestApi;
beforeAll(async () => {
  api = await openRestApi();
});
afterAll(() => api.close());

async function enrol(email: string): Promise<{ token: string; secret: string; firstCode: string; recoveryCodes: string[] }> {
  const token = await api.signIn(email);
  const started = await api.agent.post('/users/two-factor/enrolment').auth(token, { type: 'bearer' });
  expect(started.status).toBe(200);
  const firstCode = authenticatorCode(started.body.secret);
  const confirmed = await api.agent.post('/users/two-factor/confirm').auth(token, { type: 'bearer' }).send({ code: firstCode });
  expect(confirmed.status).toBe(200);
  return { token, secret: started.body.secret, firstCode, recoveryCodes: confirmed.body.recoveryCodes };
}

const passwordStep = (email: string) => api.agent.post('/users/signIn').send({ email, password: DEMO_PASSWORD });

// Sign-ins hash passwords (argon2id), which takes a while on a busy machine.
describe('two-factor sign-in', { timeout: 30_000 }, () => {
  it('enrols with a QR code, keeps the secret sealed, shows ten recovery codes once and logs it without secrets', async () => {
    const token = await api.signIn('admin@acme.local');
    expect((await api.agent.get('/users/two-factor').auth(token, { type: 'bearer' })).body).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
    });
    const started = await api.agent.post('/users/two-factor/enrolment').auth(token, { type: 'bearer' });
    expect(started.body.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Yozy%20Admin:admin%40acme\.local\?/);
    expect(started.body.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);

    const [row] = await api.db.query<{ totp_secret: string; user_id: number }>(
      "SELECT tf.totp_secret, tf.user_id FROM two_factor tf JOIN client_users u USING (user_id) WHERE u.email = 'admin@acme.local'",
    );
    expect(row!.totp_secret).not.toContain(started.body.secret);
    expect(createSecretBox(TEST_SECRET_KEY).open(row!.totp_secret, `two_factor.totp_secret:${row!.user_id}`)).toBe(started.body.secret);

    const wrong = await api.agent
      .post('/users/two-factor/confirm')
      .auth(token, { type: 'bearer' })
      .send({ code: authenticatorCode(started.body.secret, 5) });
    expect(wrong.body.error).toMatchObject({ code: 'INVALID_CREDENTIALS', field: 'code' });
    const confirmed = await api.agent
      .post('/users/two-factor/confirm')
      .auth(token, { type: 'bearer' })
      .send({ code: authenticatorCode(started.body.secret) });
    expect(confirmed.body.status.enabled).toBe(true);
    expect(new Set(confirmed.body.recoveryCodes).size).toBe(10);
    const [stored] = await api.db.query<{ recovery_code_hashes: string[] }>(
      'SELECT recovery_code_hashes FROM two_factor WHERE user_id = $1',
      [row!.user_id],
    );
    expect(stored!.recovery_code_hashes).toHaveLength(10);
    expect(stored!.recovery_code_hashes.join()).not.toContain(confirmed.body.recoveryCodes[0]!.replace('-', ''));
    expect((await api.agent.post('/users/two-factor/enrolment').auth(token, { type: 'bearer' })).status).toBe(409);

    const [entry] = await api.db.query<{ after: Record<string, unknown> }>(
      "SELECT after FROM audit_log WHERE action = 'two_factor.enable' AND actor_user_id = $1",
      [row!.user_id],
    );
    expect(entry!.after).toEqual({ enabled: true, recoveryCodes: 10 });
  });

  it('asks for a code after the password, refuses a wrong or reused code, and a recovery code works once', async () => {
    const { secret, firstCode, recoveryCodes } = await enrol('admin@globex.local');
    const step = await passwordStep('admin@globex.local');
    expect(step.body).toMatchObject({ twoFactor: 'code', challenge: expect.stringMatching(/^\d+\./) });
    expect(step.body).not.toHaveProperty('token');

    const wrong = await api.agent.post('/users/signIn/code').send({ challenge: step.body.challenge, code: authenticatorCode(secret, 4) });
    expect(wrong.body.error).toMatchObject({ code: 'INVALID_CREDENTIALS', field: 'code' });
    // The code that confirmed the enrolment cannot be used again.
    const reused = await api.agent.post('/users/signIn/code').send({ challenge: step.body.challenge, code: firstCode });
    expect(reused.body.error).toMatchObject({ code: 'INVALID_CREDENTIALS', message: expect.stringMatching(/already been used/) });
    const next = await api.agent.post('/users/signIn/code').send({ challenge: step.body.challenge, code: authenticatorCode(secret, 1) });
    expect(next.status).toBe(200);
    expect((await api.agent.get('/users/me').auth(next.body.token, { type: 'bearer' })).status).toBe(200);
    // The step is single-use.
    const again = await api.agent.post('/users/signIn/code').send({ challenge: step.body.challenge, recoveryCode: recoveryCodes[0] });
    expect(again.body.error).toMatchObject({ code: 'INVALID_TOKEN', field: 'challenge' });

    const recovery = await passwordStep('admin@globex.local');
    const used = await api.agent.post('/users/signIn/code').send({
      challenge: recovery.body.challenge,
      recoveryCode: recoveryCodes[0]!.toUpperCase(),
    });
    expect(used.status).toBe(200);
    const twice = await passwordStep('admin@globex.local');
    const refused = await api.agent.post('/users/signIn/code').send({ challenge: twice.body.challenge, recoveryCode: recoveryCodes[0] });
    expect(refused.body.error).toMatchObject({ code: 'INVALID_CREDENTIALS', field: 'recoveryCode' });
    expect((await api.db.query("SELECT 1 FROM audit_log WHERE action = 'two_factor.recovery_code_used'")).length).toBe(1);

    // A step whose id was changed matches nothing.
    const [, random] = twice.body.challenge.split('.');
    const forged = await api.agent.post('/users/signIn/code').send({ challenge: `1.${random}`, code: authenticatorCode(secret, 1) });
    expect(forged.body.error).toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('turns off only with a current code or a recovery code, and only the caller’s own', async () => {
    const { token, secret, recoveryCodes } = await enrol('member@acme.local');
    // Another person's call only ever concerns their own (here: none), whatever code they send.
    const other = await api.signIn('admin@yozy.local');
    expect(
      (
        await api.agent
          .post('/users/two-factor/disable')
          .auth(other, { type: 'bearer' })
          .send({ code: authenticatorCode(secret, 1) })
      ).status,
    ).toBe(409);
    expect(
      (
        await api.agent
          .post('/users/two-factor/confirm')
          .auth(other, { type: 'bearer' })
          .send({ code: authenticatorCode(secret, 1) })
      ).status,
    ).toBe(409);
    expect((await api.agent.get('/users/two-factor').auth(token, { type: 'bearer' })).body.enabled).toBe(true);
    const wrong = await api.agent.post('/users/two-factor/disable').auth(token, { type: 'bearer' }).send({ recoveryCode: 'aaaaa-aaaaa' });
    expect(wrong.body.error).toMatchObject({ code: 'INVALID_CREDENTIALS', field: 'recoveryCode' });
    const off = await api.agent.post('/users/two-factor/disable').auth(token, { type: 'bearer' }).send({ recoveryCode: recoveryCodes[3] });
    expect(off.body).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });
    expect((await passwordStep('member@acme.local')).body).toHaveProperty('token');
    const [entry] = await api.db.query<{ after: Record<string, unknown> }>(
      "SELECT after FROM audit_log WHERE action = 'two_factor.disable'",
    );
    expect(entry!.after).toEqual({ enabled: false, confirmedWith: 'recovery_code' });
  });

  it('makes a person of an organisation that requires two-factor enrol before the session starts', async () => {
    const [member] = await api.db.query<{ client_id: number; email: string }>(
      `SELECT u.client_id, u.email FROM client_users u
        WHERE u.is_active AND u.password_hash IS NOT NULL AND u.email NOT LIKE '%@acme.local' AND u.email <> 'admin@globex.local'
          AND NOT EXISTS (SELECT 1 FROM two_factor tf WHERE tf.user_id = u.user_id) AND u.type_of_user <> 'SuperAdmin'
        ORDER BY u.user_id LIMIT 1`,
    );
    await api.db.query(
      `INSERT INTO org_settings (client_id, two_factor_required) VALUES ($1, true)
       ON CONFLICT (client_id) DO UPDATE SET two_factor_required = true`,
      [member!.client_id],
    );
    const step = await passwordStep(member!.email);
    expect(step.body).toMatchObject({ twoFactor: 'enrol' });
    const enrolment = await api.agent.post('/users/signIn/enrolment').send({ challenge: step.body.challenge });
    expect(enrolment.body.secret).toMatch(/^[A-Z2-7]+$/);
    const done = await api.agent.post('/users/signIn/enrolment/confirm').send({
      challenge: step.body.challenge,
      code: authenticatorCode(enrolment.body.secret),
    });
    expect(done.body.recoveryCodes).toHaveLength(10);
    expect((await api.agent.get('/users/me').auth(done.body.token, { type: 'bearer' })).status).toBe(200);
    // Now it asks for a code, and two-factor cannot be turned off while the organisation requires it.
    expect((await passwordStep(member!.email)).body).toMatchObject({ twoFactor: 'code' });
    const off = await api.agent
      .post('/users/two-factor/disable')
      .auth(done.body.token, { type: 'bearer' })
      .send({ code: authenticatorCode(enrolment.body.secret, 1) });
    expect(off.body.error).toMatchObject({ code: 'FORBIDDEN' });
  });

  /** An active person of the demo with a password and no two-factor yet, of Acme or of another organisation, not used by another test here. */
  async function freshPerson(of: 'acme' | 'elsewhere', skip = 0): Promise<{ email: string; userId: number; clientId: number }> {
    const [person] = await api.db.query<{ email: string; userId: number; clientId: number }>(
      `SELECT u.email, u.user_id AS "userId", u.client_id AS "clientId" FROM client_users u JOIN clients c ON c.client_id = u.client_id
        WHERE u.is_active AND u.password_hash IS NOT NULL AND u.type_of_user = 'User' AND NOT c.is_provider
          AND u.email NOT IN ('member@acme.local') AND (u.email LIKE '%@acme.local') = $1
          AND NOT EXISTS (SELECT 1 FROM two_factor tf WHERE tf.user_id = u.user_id)
        ORDER BY u.user_id DESC OFFSET $2 LIMIT 1`,
      [of === 'acme', skip],
    );
    return person!;
  }

  const failedAttempts = async (challenge: string) => {
    const [row] = await api.db.query<{ failed_attempts: number }>(
      'SELECT failed_attempts FROM sign_in_challenges WHERE user_id = $1 ORDER BY challenge_id DESC LIMIT 1',
      [Number(challenge.split('.')[0])],
    );
    return row?.failed_attempts;
  };

  it('counts each refused code against its step, kept although the check was refused, and the fifth wrong code ends the step', async () => {
    const person = await freshPerson('acme');
    const { secret, recoveryCodes } = await enrol(person.email);
    const step = (await passwordStep(person.email)).body.challenge;

    const first = await api.agent.post('/users/signIn/code').send({ challenge: step, code: authenticatorCode(secret, 10) });
    expect(first.body.error).toMatchObject({ code: 'INVALID_CREDENTIALS', field: 'code' });
    expect(await failedAttempts(step)).toBe(1);
    // Recovery codes draw on the same budget.
    const wrongRecovery = await api.agent.post('/users/signIn/code').send({ challenge: step, recoveryCode: 'aaaaa-aaaaa' });
    expect(wrongRecovery.body.error).toMatchObject({ code: 'INVALID_CREDENTIALS', field: 'recoveryCode' });
    for (let i = 0; i < 2; i++) {
      expect(
        (await api.agent.post('/users/signIn/code').send({ challenge: step, code: authenticatorCode(secret, 10) })).body.error.field,
      ).toBe('code');
    }
    expect(await failedAttempts(step)).toBe(4);
    const fifth = await api.agent.post('/users/signIn/code').send({ challenge: step, code: authenticatorCode(secret, 10) });
    expect(fifth.status).toBe(401);
    expect(fifth.body.error).toEqual({ code: 'INVALID_CREDENTIALS', field: 'challenge', message: STEP_ENDED_MESSAGE });

    // The step is over: the right code and an unused recovery code are refused like an expired step.
    for (const factor of [{ code: authenticatorCode(secret, 1) }, { recoveryCode: recoveryCodes[0] }]) {
      const late = await api.agent.post('/users/signIn/code').send({ challenge: step, ...factor });
      expect(late.body.error).toMatchObject({ code: 'INVALID_TOKEN', field: 'challenge' });
    }
    expect(await failedAttempts(step)).toBe(5);
    // A new password step has a budget of its own, and the right code signs in.
    const again = (await passwordStep(person.email)).body.challenge;
    expect((await api.agent.post('/users/signIn/code').send({ challenge: again, code: authenticatorCode(secret, 1) })).status).toBe(200);
  });

  it('takes no more than five wrong codes on one step when they all arrive at once', async () => {
    const person = await freshPerson('acme', 1);
    const { secret } = await enrol(person.email);
    const step = (await passwordStep(person.email)).body.challenge;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => api.agent.post('/users/signIn/code').send({ challenge: step, code: authenticatorCode(secret, 10) })),
    );
    const fields = answers.map((answer) => `${answer.body.error.code} ${answer.body.error.field}`).sort();
    expect(fields).toEqual(
      [
        ...Array<string>(4).fill('INVALID_CREDENTIALS code'),
        'INVALID_CREDENTIALS challenge',
        ...Array<string>(15).fill('INVALID_TOKEN challenge'),
      ].sort(),
    );
    expect(await failedAttempts(step)).toBe(5);
    const right = await api.agent.post('/users/signIn/code').send({ challenge: step, code: authenticatorCode(secret, 1) });
    expect(right.body.error).toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('ends the enrolment step of a sign-in after five wrong codes too', async () => {
    const person = await freshPerson('elsewhere');
    await api.db.query(
      `INSERT INTO org_settings (client_id, two_factor_required) VALUES ($1, true)
       ON CONFLICT (client_id) DO UPDATE SET two_factor_required = true`,
      [person.clientId],
    );
    const step = (await passwordStep(person.email)).body.challenge;
    const enrolment = await api.agent.post('/users/signIn/enrolment').send({ challenge: step });
    const confirm = (code: string) => api.agent.post('/users/signIn/enrolment/confirm').send({ challenge: step, code });
    for (let i = 0; i < 4; i++) expect((await confirm(authenticatorCode(enrolment.body.secret, 10))).body.error.field).toBe('code');
    expect((await confirm(authenticatorCode(enrolment.body.secret, 10))).body.error).toEqual({
      code: 'INVALID_CREDENTIALS',
      field: 'challenge',
      message: STEP_ENDED_MESSAGE,
    });
    expect((await confirm(authenticatorCode(enrolment.body.secret))).body.error).toMatchObject({ code: 'INVALID_TOKEN' });
    expect((await api.db.query('SELECT 1 FROM two_factor WHERE user_id = $1 AND enabled', [person.userId])).length).toBe(0);
  });

  it('answers the steps of a sign-in only to the gateway', async () => {
    const answer = await request(api.app).post('/users/signIn/code').send({ challenge: '1.x', code: '123456' });
    expect(answer.status).toBe(401);
  });
});
