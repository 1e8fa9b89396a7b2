import { CLIENT_ADDRESS_HEADER, CLIENT_USER_AGENT_HEADER } from '@yozy/shared';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '#seed/demo';
import { hashToken } from '#security/tokens';
import { authenticatorCode } from '#testing/authenticator';
import { openRestApi, type RestApi } from '#testing/restApi';

let api: RestApi;
let tokens: Record<'admin@acme.local' | 'admin@globex.local' | 'admin@yozy.local', string>;
let acme: { id: number; admin: number; member: number };
beforeAll(async () => {
  api = await openRestApi();
  tokens = await api.signInEach(['admin@acme.local', 'admin@globex.local', 'admin@yozy.local']);
  acme = {
    id: (await person('admin@acme.local')).client_id,
    admin: (await person('admin@acme.local')).user_id,
    member: (await person('member@acme.local')).user_id,
  };
});
afterAll(() => api.close());

async function person(email: string) {
  const [row] = await api.db.query<{ user_id: number; client_id: number }>('SELECT user_id, client_id FROM client_users WHERE email = $1', [
    email,
  ]);
  return row!;
}

const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

/** A password sign-in as the gateway sends it, from an address and browser of the test's choosing. */
const signIn = (email: string, password: string, ip = '198.51.100.7') =>
  api.agent.post('/users/signIn').set(CLIENT_ADDRESS_HEADER, ip).set(CLIENT_USER_AGENT_HEADER, BROWSER).send({ email, password });

const attemptsOf = (userId: number) =>
  api.db.query<{ step: string; outcome: string; succeeded: boolean; ip: string | null; user_agent: string | null }>(
    'SELECT step, outcome, succeeded, ip, user_agent FROM sign_in_attempts WHERE user_id = $1 ORDER BY attempt_id',
    [userId],
  );

const list = (token: string, query: string) => api.agent.get(`/subscription_user_sign_ins?${query}`).auth(token, { type: 'bearer' });

describe('recording the sign-ins of known accounts', { timeout: 60_000 }, () => {
  it('keeps a wrong password, a deactivated account and a sign-in with their address and browser, and nothing of an unknown email', async () => {
    await api.db.query('DELETE FROM sign_in_attempts');
    expect((await signIn('member@acme.local', 'Wrong@123')).status).toBe(401);
    expect((await signIn('MEMBER@acme.local', DEMO_PASSWORD)).status).toBe(200);
    expect((await signIn('nobody-at-all@acme.local', 'Wrong@123')).status).toBe(401);

    expect(await attemptsOf(acme.member)).toEqual([
      { step: 'password', outcome: 'wrong_password', succeeded: false, ip: '198.51.100.7', user_agent: BROWSER },
      { step: 'password', outcome: 'signed_in', succeeded: true, ip: '198.51.100.7', user_agent: BROWSER },
    ]);
    expect(await api.db.query('SELECT user_id FROM sign_in_attempts WHERE user_id <> $1', [acme.member])).toEqual([]);

    await api.db.query('UPDATE client_users SET is_active = false WHERE user_id = $1', [acme.member]);
    try {
      expect((await signIn('member@acme.local', DEMO_PASSWORD)).status).toBe(401);
    } finally {
      await api.db.query('UPDATE client_users SET is_active = true WHERE user_id = $1', [acme.member]);
    }
    expect((await attemptsOf(acme.member)).at(-1)).toMatchObject({ outcome: 'deactivated', succeeded: false });
  });

  it('keeps the code step: the code asked, each wrong code, the fifth that ends the step, and the sign-in with a code', async () => {
    const memberToken = await api.signIn('member@acme.local');
    const started = await api.agent.post('/users/two-factor/enrolment').auth(memberToken, { type: 'bearer' });
    const secret = started.body.secret as string;
    await api.agent
      .post('/users/two-factor/confirm')
      .auth(memberToken, { type: 'bearer' })
      .send({ code: authenticatorCode(secret) });
    await api.db.query('DELETE FROM sign_in_attempts');
    try {
      const password = await signIn('member@acme.local', DEMO_PASSWORD);
      const challenge = password.body.challenge as string;
      const wrong = authenticatorCode(secret, 20);
      for (let i = 0; i < 5; i++) await api.agent.post('/users/signIn/code').send({ challenge, code: wrong });
      const again = await signIn('member@acme.local', DEMO_PASSWORD);
      const code = authenticatorCode(secret, 1);
      expect((await api.agent.post('/users/signIn/code').send({ challenge: again.body.challenge, code })).status).toBe(200);

      expect((await attemptsOf(acme.member)).map(({ step, outcome }) => `${step} ${outcome}`)).toEqual([
        'password code_asked',
        'code wrong_code',
        'code wrong_code',
        'code wrong_code',
        'code wrong_code',
        'code step_ended',
        'password code_asked',
        'code signed_in',
      ]);
    } finally {
      await api.db.query('DELETE FROM two_factor WHERE user_id = $1', [acme.member]);
    }
  });

  it('removes attempts older than 90 days as new ones are written', async () => {
    await api.db.query(
      `INSERT INTO sign_in_attempts (user_id, client_id, occurred_at, step, outcome, succeeded)
       VALUES ($1, $2, now() - interval '91 days', 'password', 'wrong_password', false),
              ($1, $2, now() - interval '89 days', 'password', 'wrong_password', false)`,
      [acme.member, acme.id],
    );
    await signIn('member@acme.local', 'Wrong@123');
    const [ages] = await api.db.query<{ oldest_days: number }>(
      'SELECT floor(extract(epoch FROM now() - min(occurred_at)) / 86400)::int AS oldest_days FROM sign_in_attempts WHERE user_id = $1',
      [acme.member],
    );
    expect(ages!.oldest_days).toBe(89);
  });
});

describe('the attempts the gateway refused', () => {
  const refusal = (body: Record<string, unknown>) =>
    api.agent.post('/auth/sign-in-refusals').set(CLIENT_ADDRESS_HEADER, '203.0.113.9').set(CLIENT_USER_AGENT_HEADER, BROWSER).send(body);

  it('are kept for the account the email names, and for the person of a sign-in step; an unknown one writes nothing', async () => {
    await api.db.query('DELETE FROM sign_in_attempts');
    expect((await refusal({ Email: ' Member@Acme.local ', Step: 'password', Refusal: 'held_new_browsers' })).status).toBe(204);
    await api.db.query(
      "INSERT INTO sign_in_challenges (token_hash, user_id, purpose, expires_at) VALUES ($1, $2, 'code', now() + interval '5 minutes')",
      [hashToken('42.step'), acme.admin],
    );
    expect((await refusal({ Challenge: '42.step', Step: 'code', Refusal: 'held_address' })).status).toBe(204);
    expect((await refusal({ Email: 'nobody@nowhere.example', Step: 'password', Refusal: 'held_address' })).status).toBe(204);
    expect((await refusal({ Challenge: 'unknown.step', Step: 'code', Refusal: 'held_address' })).status).toBe(204);

    const kept = await api.db.query<{ user_id: number; step: string; outcome: string; ip: string }>(
      "SELECT user_id, step, outcome, ip FROM sign_in_attempts WHERE outcome LIKE 'held%' ORDER BY attempt_id",
    );
    expect(kept).toEqual([
      { user_id: acme.member, step: 'password', outcome: 'held_new_browsers', ip: '203.0.113.9' },
      { user_id: acme.admin, step: 'code', outcome: 'held_address', ip: '203.0.113.9' },
    ]);
  });

  it('are refused without the gateway’s credential, and a body naming neither or both is a bad request', async () => {
    const answer = await request(api.app)
      .post('/auth/sign-in-refusals')
      .send({ Email: 'member@acme.local', Step: 'password', Refusal: 'held_address' });
    expect(answer.status).toBe(401);
    expect((await refusal({ Step: 'password', Refusal: 'held_address' })).status).toBe(400);
    expect((await refusal({ Email: 'a@b.example', Challenge: 'x', Step: 'password', Refusal: 'held_address' })).status).toBe(400);
  });
});

describe("a person's sign-in activity as their admins read it", { timeout: 60_000 }, () => {
  it('lists one person’s attempts newest first, a page at a time, to their own organisation’s admins and the provider', async () => {
    await api.db.query('DELETE FROM sign_in_attempts');
    for (const ip of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) await signIn('member@acme.local', 'Wrong@123', ip);
    const first = await list(tokens['admin@acme.local'], `UserId=eq.${acme.member}&order=OccurredAt.desc&limit=2`).set(
      'prefer',
      'count=exact',
    );
    expect(first.status).toBe(200);
    expect(first.headers['content-range']).toBe('0-1/3');
    expect(first.body.map((row: { Ip: string }) => row.Ip)).toEqual(['198.51.100.3', '198.51.100.2']);
    expect(first.body[0]).toMatchObject({
      UserId: acme.member,
      ClientId: acme.id,
      Step: 'password',
      Outcome: 'wrong_password',
      Succeeded: false,
      UserAgent: BROWSER,
    });
    const next = await list(tokens['admin@acme.local'], `UserId=eq.${acme.member}&order=OccurredAt.desc&limit=2&offset=2`);
    expect(next.body.map((row: { Ip: string }) => row.Ip)).toEqual(['198.51.100.1']);

    const provider = await list(tokens['admin@yozy.local'], `UserId=eq.${acme.member}&ClientId=eq.${acme.id}`);
    expect(provider.body).toHaveLength(3);
    // Another organisation's admin sees none of them, and may not name the organisation.
    expect((await list(tokens['admin@globex.local'], `UserId=eq.${acme.member}`)).body).toEqual([]);
    expect((await list(tokens['admin@globex.local'], `UserId=eq.${acme.member}&ClientId=eq.${acme.id}`)).status).toBe(403);
  });

  it('answers the addresses the person’s sign-ins failed from, by step, to the gateway reading its counters, refused attempts left out', async () => {
    const addresses = (token: string, query: Record<string, string>) =>
      api.agent.get('/subscription/users/sign-in-failure-addresses').query(query).auth(token, { type: 'bearer' });
    const since = new Date(Date.now() - 60 * 60_000).toISOString();
    // An address whose attempts were all refused has no counter of failures.
    await api.db.query(
      "INSERT INTO sign_in_attempts (user_id, client_id, step, outcome, succeeded, ip) VALUES ($1, $2, 'password', 'held_address', false, '203.0.113.50')",
      [acme.member, acme.id],
    );
    const own = await addresses(tokens['admin@acme.local'], { UserId: String(acme.member), Since: since });
    expect(own.status).toBe(200);
    expect(own.body.Addresses).toEqual([
      { Ip: '198.51.100.3', Step: 'password', Failures: 1, LastAt: expect.any(String) },
      { Ip: '198.51.100.2', Step: 'password', Failures: 1, LastAt: expect.any(String) },
      { Ip: '198.51.100.1', Step: 'password', Failures: 1, LastAt: expect.any(String) },
    ]);
    const later = await addresses(tokens['admin@acme.local'], {
      UserId: String(acme.member),
      Since: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(later.body.Addresses).toEqual([]);
    const other = await addresses(tokens['admin@globex.local'], { UserId: String(acme.member), Since: since });
    expect(other.status).toBe(404);
    expect(other.body.error).toMatchObject({ code: 'NOT_FOUND', field: 'UserId' });
  });
});

describe('clearing the holds on a person’s sign-in', () => {
  const HOLDS = [
    { Kind: 'new_browsers', Step: 'password', Address: null, Until: '2026-11-28T18:15:00.000Z', Failures: 12 },
    { Kind: 'one_address', Step: 'code', Address: '203.0.113.9', Until: '2026-11-28T18:05:00.000Z', Failures: 6 },
  ];
  const clear = (token: string, body: Record<string, unknown>) =>
    api.agent
      .post('/subscription/users/sign-in-hold/clear')
      .set(CLIENT_ADDRESS_HEADER, '192.0.2.44')
      .auth(token, { type: 'bearer' })
      .send(body);
  const clearings = () =>
    api.db.query<{
      actor_user_id: number;
      api_key_id: number | null;
      client_id: number;
      entity_id: string;
      before: unknown;
      after: unknown;
      ip: string;
    }>(
      "SELECT actor_user_id, api_key_id, client_id, entity_id, before, after, ip FROM audit_log WHERE action = 'user.sign_in_hold_clear' ORDER BY audit_id",
    );

  it('audits who cleared which holds of whom, from where, and answers the account the gateway clears', async () => {
    const answer = await clear(tokens['admin@acme.local'], { UserId: acme.member, Holds: HOLDS });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ UserId: acme.member, Email: 'member@acme.local' });
    expect((await clearings()).at(-1)).toEqual({
      actor_user_id: acme.admin,
      api_key_id: null,
      client_id: acme.id,
      entity_id: String(acme.member),
      before: {
        heldBack: true,
        heldUntil: '2026-11-28T18:15:00.000Z',
        holds: ['new browsers, password step, 12 failures', '203.0.113.9, code step, 6 failures'],
      },
      after: { heldBack: false, heldUntil: null, holds: [] },
      ip: '192.0.2.44',
    });
  });

  it('refuses another organisation’s person, a read-only key and nothing to clear, and audits none of them', async () => {
    const before = (await clearings()).length;
    expect((await clear(tokens['admin@globex.local'], { UserId: acme.member, Holds: HOLDS })).status).toBe(404);
    expect((await clear(tokens['admin@globex.local'], { UserId: acme.member, ClientId: acme.id, Holds: HOLDS })).status).toBe(403);
    const reader = (
      await api.agent
        .post('/platform/api-keys')
        .auth(tokens['admin@yozy.local'], { type: 'bearer' })
        .send({ Name: 'Hold reader', Access: 'READ' })
    ).body.Secret as string;
    expect((await clear(reader, { UserId: acme.member, ClientId: acme.id, Holds: HOLDS })).status).toBe(403);
    expect((await clear(tokens['admin@acme.local'], { UserId: acme.member, Holds: [] })).status).toBe(400);
    expect(await clearings()).toHaveLength(before);
  });
});

describe('the dashboard', () => {
  it('counts the failed sign-ins of the organisation’s people in the last day', async () => {
    await api.db.query('DELETE FROM sign_in_attempts');
    await api.db.query(
      `INSERT INTO sign_in_attempts (user_id, client_id, occurred_at, step, outcome, succeeded)
       VALUES ($1, $2, now() - interval '1 hour', 'password', 'wrong_password', false),
              ($1, $2, now() - interval '2 hours', 'code', 'held_address', false),
              ($1, $2, now() - interval '3 hours', 'password', 'signed_in', true),
              ($1, $2, now() - interval '25 hours', 'password', 'wrong_password', false)`,
      [acme.member, acme.id],
    );
    const dashboard = await api.agent.get('/insights/dashboard').auth(tokens['admin@acme.local'], { type: 'bearer' });
    expect(dashboard.body.failedSignInsLastDay).toBe(2);
    const globex = await api.agent.get('/insights/dashboard').auth(tokens['admin@globex.local'], { type: 'bearer' });
    expect(globex.body.failedSignInsLastDay).toBe(0);
  });
});
