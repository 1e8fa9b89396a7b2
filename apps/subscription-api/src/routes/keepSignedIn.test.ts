import { authenticatorCode } from '#testing/authenticator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_MAX_AGE_MS, SHORT_SESSION_MAX_AGE_MS } from '@yozy/shared';
import { DEMO_PASSWORD } from '#seed/demo';
import { hashToken } from '#security/tokens';
import { openRestApi, type RestApi } from '#testing/restApi';

let api: RestApi;
beforeAll(async () => {
  api = await openRestApi();
});
afterAll(() => api.close());

const passwordStep = (email: string, choice: { keepSignedIn?: boolean } = {}) =>
  api.agent.post('/users/signIn').send({ email, password: DEMO_PASSWORD, ...choice });

/** How long the session of the token lasts, as the REST service keeps it, in milliseconds from now. */
async function lifetimeOf(token: string): Promise<number> {
  const [row] = await api.db.query<{ expires_at: Date }>('SELECT expires_at FROM sessions WHERE token_hash = $1', [hashToken(token)]);
  return new Date(row!.expires_at).getTime() - Date.now();
}

/** Within a minute of `expected`: a sign-in hashes a password, which takes a moment. */
const about = (expected: number) => expect.toSatisfy((ms: number) => Math.abs(ms - expected) < 60_000);

// Sign-ins hash passwords (argon2id), which takes a while on a busy machine.
describe('keep me signed in', { timeout: 30_000 }, () => {
  it('lasts a day when kept (and when the choice is left out), three hours when not, and answers the choice', async () => {
    const kept = await passwordStep('admin@acme.local', { keepSignedIn: true });
    expect(kept.body).toMatchObject({ keepSignedIn: true });
    expect(await lifetimeOf(kept.body.token)).toEqual(about(SESSION_MAX_AGE_MS));
    expect(new Date(kept.body.expiresAt).getTime() - Date.now()).toEqual(about(SESSION_MAX_AGE_MS));

    const unsaid = await passwordStep('admin@acme.local');
    expect(unsaid.body).toMatchObject({ keepSignedIn: true });
    expect(await lifetimeOf(unsaid.body.token)).toEqual(about(SESSION_MAX_AGE_MS));

    const notKept = await passwordStep('admin@acme.local', { keepSignedIn: false });
    expect(notKept.body).toMatchObject({ keepSignedIn: false });
    expect(await lifetimeOf(notKept.body.token)).toEqual(about(SHORT_SESSION_MAX_AGE_MS));
  });

  it('refuses a three-hour session once its three hours are over', async () => {
    const { body } = await passwordStep('member@acme.local', { keepSignedIn: false });
    const me = () => api.agent.get('/users/me').auth(body.token, { type: 'bearer' });
    expect((await me()).status).toBe(200);

    await api.db.query("UPDATE sessions SET expires_at = expires_at - interval '3 hours 1 second' WHERE token_hash = $1", [
      hashToken(body.token),
    ]);
    expect((await me()).status).toBe(401);
  });

  it('refuses a choice that is not true or false', async () => {
    const answer = await api.agent.post('/users/signIn').send({ email: 'admin@acme.local', password: DEMO_PASSWORD, keepSignedIn: 'no' });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: 'BAD_REQUEST', field: 'keepSignedIn' });
  });

  it('keeps the choice made with the password through an enrolment and a code step', async () => {
    const [globex] = await api.db.query<{ client_id: number }>("SELECT client_id FROM client_users WHERE email = 'admin@globex.local'");
    await api.db.query(
      `INSERT INTO org_settings (client_id, two_factor_required) VALUES ($1, true)
       ON CONFLICT (client_id) DO UPDATE SET two_factor_required = true`,
      [globex!.client_id],
    );

    const enrolStep = await passwordStep('admin@globex.local', { keepSignedIn: false });
    expect(enrolStep.body).toMatchObject({ twoFactor: 'enrol' });
    const started = await api.agent.post('/users/signIn/enrolment').send({ challenge: enrolStep.body.challenge });
    const firstCode = authenticatorCode(started.body.secret);
    const enrolled = await api.agent.post('/users/signIn/enrolment/confirm').send({ challenge: enrolStep.body.challenge, code: firstCode });
    expect(enrolled.status).toBe(200);
    expect(enrolled.body).toMatchObject({ keepSignedIn: false });
    expect(await lifetimeOf(enrolled.body.token)).toEqual(about(SHORT_SESSION_MAX_AGE_MS));

    const codeStep = await passwordStep('admin@globex.local', { keepSignedIn: true });
    expect(codeStep.body).toMatchObject({ twoFactor: 'code' });
    const signedIn = await api.agent
      .post('/users/signIn/code')
      .send({ challenge: codeStep.body.challenge, code: authenticatorCode(started.body.secret, 1) });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ keepSignedIn: true });
    expect(await lifetimeOf(signedIn.body.token)).toEqual(about(SESSION_MAX_AGE_MS));
  });
});
