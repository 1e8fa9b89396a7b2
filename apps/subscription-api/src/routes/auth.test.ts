import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MISMATCH_MESSAGE, PASSWORD_RULE_MESSAGE } from '@yozy/shared';
import { issueToken, type TokenPurpose } from '#domain/userTokens';
import { hashToken } from '#security/tokens';
import { openRestApi, type RestApi } from '#testing/restApi';
import { INVALID_LINK_MESSAGE, RESET_REQUEST_MIN_MS } from './auth';

const LITE = 'https://lite.yozy.local';
const WEB = 'https://app.yozy.local';
const EIGHT_HOURS_AND_A_SECOND = "interval '8 hours 1 second'";

let api: RestApi;
beforeAll(async () => {
  api = await openRestApi();
});
afterAll(() => api.close());

async function userId(email: string): Promise<number> {
  const [row] = await api.db.query<{ user_id: number }>('SELECT user_id FROM client_users WHERE email = $1', [email]);
  return row!.user_id;
}

async function tokenFor(email: string, purpose: TokenPurpose = 'reset'): Promise<string> {
  return issueToken(api.db, { userId: await userId(email), email, purpose });
}

/** Moves a token's whole life 8 h 1 s into the past, as if the mail had waited that long. */
async function age(token: string) {
  await api.db.query(
    `UPDATE user_tokens SET created_at = created_at - ${EIGHT_HOURS_AND_A_SECOND}, expires_at = expires_at - ${EIGHT_HOURS_AND_A_SECOND}
      WHERE token_hash = $1`,
    [hashToken(token)],
  );
}

async function outbox(to: string) {
  return api.db.query<{ template: string; subject: string; text_body: string; html_body: string }>(
    'SELECT template, subject, text_body, html_body FROM mail_outbox WHERE lower(to_address) = lower($1) ORDER BY mail_id',
    [to],
  );
}

const linkverify = (email: string, token: string) => api.agent.post('/auth/password/linkverify').send({ email, token });
const reset = (email: string, token: string, password = 'Fresh@123', newpassword = password) =>
  api.agent.post('/auth/reset').send({ email, token, password, newpassword });
const createUser = (body: Record<string, unknown>) => api.agent.post('/auth/create/user').send(body);

describe('POST /auth/password/request', () => {
  it('mails a reset link built from PUBLIC_URL to an active account with a password', async () => {
    const answer = await api.agent.post('/auth/password/request').send({ email: 'Marcus.Lee@ACME.local' });
    expect(answer).toMatchObject({ status: 202, body: { accepted: true } });

    const mails = await outbox('marcus.lee@acme.local');
    expect(mails.map((m) => m.template)).toEqual(['reset']);
    const token = /\/forgotpassword\/([\w-]+)\/marcus\.lee%40acme\.local/.exec(mails[0]!.text_body)?.[1];
    expect(mails[0]!.text_body).toContain('http://localhost:4000/forgotpassword/');
    expect(token).toBeTruthy();
    expect((await linkverify('marcus.lee@acme.local', token!)).body).toEqual({ linkvalid: true });
    // Without SMTP_URL the link goes to the log, for a person trying the console locally.
    expect(api.logged.some((line) => line.includes(`/forgotpassword/${token}/`))).toBe(true);
  });

  it('answers the same to unknown, invited (no password) and deactivated accounts, and mails them nothing', async () => {
    const emails = ['nobody@acme.local', 'grace.hopper@acme.local', 'aisha.khan@acme.local'];
    // Each answer waits out the same minimum, so they run side by side.
    const answers = await Promise.all(emails.map((email) => api.agent.post('/auth/password/request').send({ email })));
    for (const answer of answers) expect(answer).toMatchObject({ status: 202, body: { accepted: true } });
    for (const email of emails) expect((await outbox(email)).filter((m) => m.template === 'reset')).toEqual([]);
  });

  it('takes about the same time for an existing and an unknown email', async () => {
    const times = { existing: [] as number[], unknown: [] as number[] };
    /** The answer to a reset request and how long it took, from sending to the whole answer. */
    const requestReset = async (email: string) => {
      const started = performance.now();
      const response = await api.agent.post('/auth/password/request').send({ email });
      return { response, ms: performance.now() - started };
    };
    for (let i = 0; i < 3; i++) {
      const [existing, unknown] = await Promise.all([requestReset('tom.baker@acme.local'), requestReset(`ghost${i}@acme.local`)]);
      times.existing.push(existing.ms);
      times.unknown.push(unknown.ms);
      expect(existing.response.body).toEqual(unknown.response.body);
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[1]!;
    for (const ms of [...times.existing, ...times.unknown]) expect(ms).toBeGreaterThanOrEqual(RESET_REQUEST_MIN_MS - 5);
    expect(Math.abs(median(times.existing) - median(times.unknown))).toBeLessThan(100);
    expect((await outbox('tom.baker@acme.local')).filter((m) => m.template === 'reset')).toHaveLength(3);
  });

  it('answers 400 naming email for a malformed, mistyped or missing email', async () => {
    const answers = await Promise.all(
      [{ email: 'not-an-email' }, { email: 42 }, {}].map((body) => api.agent.post('/auth/password/request').send(body)),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatchObject({ code: 'BAD_REQUEST', field: 'email' });
    }
  });
});

describe('POST /auth/password/linkverify', () => {
  it('accepts a live reset token for its email in any letter case', async () => {
    const token = await tokenFor('diego.alvarez@acme.local');
    expect((await linkverify('diego.alvarez@acme.local', token)).body).toEqual({ linkvalid: true });
    expect((await linkverify('DIEGO.Alvarez@acme.local', token)).body).toEqual({ linkvalid: true });
  });

  it("refuses an expired, unknown, another email's or an invitation token", async () => {
    const expired = await tokenFor('diego.alvarez@acme.local');
    await age(expired);
    const invitation = await tokenFor('diego.alvarez@acme.local', 'invite');
    const elenas = await tokenFor('elena.petrova@acme.local');
    for (const [email, token] of [
      ['diego.alvarez@acme.local', expired],
      ['diego.alvarez@acme.local', 'not-a-token'],
      ['diego.alvarez@acme.local', elenas],
      ['diego.alvarez@acme.local', invitation],
    ] as const) {
      expect((await linkverify(email, token)).body).toEqual({ linkvalid: false });
    }
  });

  it('answers 400 when a field is missing', async () => {
    const answer = await api.agent.post('/auth/password/linkverify').send({ email: 'diego.alvarez@acme.local' });
    expect(answer.status).toBe(400);
    expect(answer.body.error.field).toBe('token');
  });
});

describe('POST /auth/reset', () => {
  it('sets the password, uses the link, voids older links, ends sessions and mails a notice, without signing in', async () => {
    const email = 'hannah.schmidt@acme.local';
    const older = await tokenFor(email);
    const token = await tokenFor(email);
    const session = await api.signIn(email);
    expect((await api.agent.get('/users/me').auth(session, { type: 'bearer' })).status).toBe(200);

    const answer = await reset(email, token, 'Fresh@123');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ pass: true, redirectUrl: WEB });

    expect((await api.agent.get('/users/me').auth(session, { type: 'bearer' })).status).toBe(401);
    const ended = await api.db.query<{ end_reason: string }>(
      "SELECT DISTINCT end_reason FROM sessions WHERE user_id = $1 AND ended_at > now() - interval '1 minute'",
      [await userId(email)],
    );
    expect(ended).toEqual([{ end_reason: 'password_reset' }]);
    expect((await linkverify(email, token)).body.linkvalid).toBe(false);
    expect((await linkverify(email, older)).body.linkvalid).toBe(false);
    const [olderRow] = await api.db.query<{ voided: boolean }>(
      'SELECT voided_at IS NOT NULL AS voided FROM user_tokens WHERE token_hash = $1',
      [hashToken(older)],
    );
    expect(olderRow!.voided).toBe(true);

    const notice = (await outbox(email)).at(-1)!;
    expect(notice.template).toBe('password_changed');
    expect(notice.text_body).toContain('contact your administrator');

    await expect(api.signIn(email, 'Admin@123')).rejects.toThrow(/401/);
    expect(await api.signIn(email, 'Fresh@123')).toBeTruthy();
    const [user] = await api.db.query<{ hash: string; changed: boolean }>(
      "SELECT password_hash AS hash, password_changed_at > now() - interval '1 minute' AS changed FROM client_users WHERE email = $1",
      [email],
    );
    expect(user).toMatchObject({ hash: expect.stringMatching(/^\$argon2id\$/), changed: true });
  });

  it('sends a lite-plan user to the lite product', async () => {
    const token = await tokenFor('mindy.simmons@globex.local');
    expect((await reset('mindy.simmons@globex.local', token)).body).toEqual({ pass: true, redirectUrl: LITE });
  });

  it('refuses a link used twice', async () => {
    const token = await tokenFor('kenji.watanabe@acme.local');
    expect((await reset('kenji.watanabe@acme.local', token)).status).toBe(200);
    const again = await reset('kenji.watanabe@acme.local', token, 'Other@123');
    expect(again.status).toBe(400);
    expect(again.body.error).toEqual({ code: 'INVALID_TOKEN', message: INVALID_LINK_MESSAGE, field: 'token' });
  });

  it('lets only one of two simultaneous resets with the same link through', async () => {
    const token = await tokenFor('laura.rossi@acme.local');
    const answers = await Promise.all([
      reset('laura.rossi@acme.local', token, 'First@123'),
      reset('laura.rossi@acme.local', token, 'Second@123'),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
  });

  it('refuses a link 8 hours and 1 second old', async () => {
    const token = await tokenFor('samuel.okafor@acme.local');
    await age(token);
    const answer = await reset('samuel.okafor@acme.local', token);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: 'INVALID_TOKEN', message: INVALID_LINK_MESSAGE });
  });

  it("refuses another email's link, an unknown token and an invitation token", async () => {
    const elenas = await tokenFor('elena.petrova@acme.local');
    const invitation = await tokenFor('samuel.okafor@acme.local', 'invite');
    for (const [email, token] of [
      ['samuel.okafor@acme.local', elenas],
      ['samuel.okafor@acme.local', 'made-up-token'],
      ['samuel.okafor@acme.local', invitation],
    ] as const) {
      expect((await reset(email, token)).body.error.code).toBe('INVALID_TOKEN');
    }
    expect((await linkverify('elena.petrova@acme.local', elenas)).body.linkvalid).toBe(true);
  });

  it('refuses a weak password without using up the link', async () => {
    const token = await tokenFor('elena.petrova@acme.local');
    const answer = await reset('elena.petrova@acme.local', token, 'weakpass');
    expect(answer.status).toBe(400);
    expect(answer.body.error).toEqual({ code: 'WEAK_PASSWORD', message: PASSWORD_RULE_MESSAGE, field: 'password' });
    expect((await linkverify('elena.petrova@acme.local', token)).body.linkvalid).toBe(true);
  });

  it('refuses a confirmation that differs, naming newpassword', async () => {
    const token = await tokenFor('elena.petrova@acme.local');
    const answer = await reset('elena.petrova@acme.local', token, 'Fresh@123', 'Fresh@124');
    expect(answer.status).toBe(400);
    expect(answer.body.error).toEqual({ code: 'PASSWORD_MISMATCH', message: PASSWORD_MISMATCH_MESSAGE, field: 'newpassword' });
    expect((await linkverify('elena.petrova@acme.local', token)).body.linkvalid).toBe(true);
  });

  it('judges the link before the password, so an expired link is what the person learns first', async () => {
    const token = await tokenFor('samuel.okafor@acme.local');
    await age(token);
    const answer = await reset('samuel.okafor@acme.local', token, 'weakpass');
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: 'INVALID_TOKEN', field: 'token' });
  });

  it('answers 400 naming a missing field', async () => {
    const answer = await api.agent.post('/auth/reset').send({ email: 'elena.petrova@acme.local', token: 'x', password: 'Fresh@123' });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: 'BAD_REQUEST', field: 'newpassword' });
  });
});

describe('POST /auth/create/user', () => {
  const invited = (email: string, token: string, extra: Record<string, unknown> = {}) => ({
    email,
    token,
    password: 'Start@123',
    confirmpassword: 'Start@123',
    firstname: 'Grace',
    lastname: 'Hopper-Murray',
    ...extra,
  });

  it("sets an invited user's name and first password with the seeded invitation", async () => {
    const [mail] = (await outbox('grace.hopper@acme.local')).filter((m) => m.template === 'invitation');
    const token = /[?&]token=([\w-]+)/.exec(mail!.text_body)?.[1];
    expect(mail!.text_body).toContain('http://localhost:4000/setpassword/grace.hopper%40acme.local/Grace/Hopper?token=');

    const answer = await createUser(invited('grace.hopper@acme.local', token!));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true, redirectUrl: WEB });

    const [user] = await api.db.query('SELECT first_name, last_name FROM client_users WHERE email = $1', ['grace.hopper@acme.local']);
    expect(user).toEqual({ first_name: 'Grace', last_name: 'Hopper-Murray' });
    expect(await api.signIn('grace.hopper@acme.local', 'Start@123')).toBeTruthy();
    expect((await createUser(invited('grace.hopper@acme.local', token!))).body.error.code).toBe('INVALID_TOKEN');
  });

  it('sends a lite-plan user to the lite product, also at the path with a trailing slash', async () => {
    const token = await tokenFor('sara.lindqvist@globex.local', 'invite');
    const answer = await api.agent
      .post('/auth/create/user/')
      .send(invited('sara.lindqvist@globex.local', token, { firstname: 'Sara', lastname: 'Lindqvist' }));
    expect(answer.body).toEqual({ success: true, redirectUrl: LITE });
  });

  it.each([
    ['firstname', { firstname: '   ' }],
    ['lastname', { lastname: undefined }],
  ])('answers 400 naming a missing %s', async (field, extra) => {
    const token = await tokenFor('milton.waddams@initech.local', 'invite');
    const answer = await createUser(invited('milton.waddams@initech.local', token, extra));
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: 'BAD_REQUEST', field });
  });

  it('refuses weak and mismatched passwords without using up the invitation', async () => {
    const token = await tokenFor('milton.waddams@initech.local', 'invite');
    const weak = await createUser(invited('milton.waddams@initech.local', token, { password: 'short', confirmpassword: 'short' }));
    expect(weak.body.error).toEqual({ code: 'WEAK_PASSWORD', message: PASSWORD_RULE_MESSAGE, field: 'password' });
    const mismatch = await createUser(invited('milton.waddams@initech.local', token, { confirmpassword: 'Start@124' }));
    expect(mismatch.body.error).toEqual({ code: 'PASSWORD_MISMATCH', message: PASSWORD_MISMATCH_MESSAGE, field: 'confirmpassword' });
    expect((await createUser(invited('milton.waddams@initech.local', token, { firstname: 'Milton' }))).status).toBe(200);
  });

  it("refuses an expired invitation, a reset token and another email's invitation", async () => {
    const expired = await tokenFor('peter.gibbons@initech.local', 'invite');
    await age(expired);
    const resetToken = await tokenFor('peter.gibbons@initech.local', 'reset');
    const others = await tokenFor('frank.grimes@globex.local', 'invite');
    for (const token of [expired, resetToken, others]) {
      const answer = await createUser(invited('peter.gibbons@initech.local', token));
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatchObject({ code: 'INVALID_TOKEN', message: INVALID_LINK_MESSAGE });
    }
  });
});
