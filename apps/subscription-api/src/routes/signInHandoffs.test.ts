import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { openRestApi, type RestApi } from '#testing/restApi';
import { INVALID_HANDOFF_MESSAGE, REDEEM_HANDOFF_PATH, SIGN_IN_HANDOFFS_PATH } from './signInHandoffs';

let api: RestApi;
let provider: string;
let acmeAdmin: string;
let acmeId: number;
let everywhereKey: string;
let acmeKey: string;
let readOnlyKey: string;
beforeAll(async () => {
  api = await openRestApi();
  ({ 'admin@yozy.local': provider, 'admin@acme.local': acmeAdmin } = await api.signInEach(['admin@yozy.local', 'admin@acme.local']));
  const [acme] = await api.db.query<{ client_id: number }>("SELECT client_id FROM clients WHERE company_name = 'Acme Corporation'");
  acmeId = acme!.client_id;
  const makeKey = async (body: Record<string, unknown>) =>
    (await api.agent.post('/platform/api-keys').auth(provider, { type: 'bearer' }).send(body)).body.Secret as string;
  everywhereKey = await makeKey({ Name: 'Product hand-off', Access: 'READ_WRITE' });
  acmeKey = await makeKey({ Name: 'Acme hand-off', Access: 'READ_WRITE', ClientId: acmeId });
  readOnlyKey = await makeKey({ Name: 'Reader', Access: 'READ' });
});
afterAll(() => api.close());

const issue = (email: string, credential: string) =>
  api.agent.post(SIGN_IN_HANDOFFS_PATH).auth(credential, { type: 'bearer' }).send({ Email: email });
const redeem = (token: string) => api.agent.post(REDEEM_HANDOFF_PATH).send({ token });
const auditOf = (action: string) =>
  api.db.query<{
    actor_user_id: number | null;
    api_key_id: number | null;
    client_id: number;
    entity_id: string;
    after: Record<string, unknown>;
  }>('SELECT actor_user_id, api_key_id, client_id, entity_id, after FROM audit_log WHERE action = $1 ORDER BY audit_id', [action]);
const userId = async (email: string) =>
  (await api.db.query<{ user_id: number }>('SELECT user_id FROM client_users WHERE email = $1', [email]))[0]!.user_id;

describe('issuing a sign-in hand-off', () => {
  it('gives a SuperAdmin a five-minute token for a person, keeps only its digest, and audits who issued it for whom', async () => {
    const answer = await issue('MEMBER@acme.local', provider);
    expect(answer.status).toBe(201);
    const { Token, Email, ExpiresAt, LoginPath } = answer.body;
    expect(Email).toBe('member@acme.local');
    expect(LoginPath).toBe(`/login?data=${encodeURIComponent(Token)}`);
    const minutesLeft = (Date.parse(ExpiresAt) - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(4);
    expect(minutesLeft).toBeLessThanOrEqual(5);

    const [stored] = await api.db.query<Record<string, unknown>>('SELECT * FROM sign_in_handoffs ORDER BY handoff_id DESC LIMIT 1');
    expect(JSON.stringify(stored)).not.toContain(Token);
    expect(stored!.token_hash).toBe(createHash('sha256').update(Token).digest('hex'));

    expect((await auditOf('user.sign_in_handoff_issue')).at(-1)).toMatchObject({
      actor_user_id: await userId('admin@yozy.local'),
      api_key_id: null,
      client_id: acmeId,
      entity_id: String(await userId('member@acme.local')),
      after: { email: 'member@acme.local' },
    });
  });

  it('lets an API key issue one, and the audit log names the key', async () => {
    const answer = await issue('admin@globex.local', everywhereKey);
    expect(answer.status).toBe(201);
    const [key] = await api.db.query<{ key_id: number }>("SELECT key_id FROM api_keys WHERE name = 'Product hand-off'");
    expect((await auditOf('user.sign_in_handoff_issue')).at(-1)).toMatchObject({
      api_key_id: key!.key_id,
      entity_id: String(await userId('admin@globex.local')),
    });
  });

  it("keeps a key that reaches one organisation to that organisation's people", async () => {
    expect((await issue('member@acme.local', acmeKey)).status).toBe(201);
    const before = await api.db.query('SELECT handoff_id FROM sign_in_handoffs');
    const other = await issue('admin@globex.local', acmeKey);
    expect(other.status).toBe(404);
    expect(other.body.error).toMatchObject({ code: 'NOT_FOUND', field: 'Email' });
    expect(await api.db.query('SELECT handoff_id FROM sign_in_handoffs')).toHaveLength(before.length);
  });

  it('refuses an organisation admin in person, a read-only key, nobody signed in, and an unknown email', async () => {
    expect((await issue('member@acme.local', acmeAdmin)).status).toBe(403);
    const reader = await issue('member@acme.local', readOnlyKey);
    expect(reader.status).toBe(403);
    expect(reader.body.error.message).toBe('This API key may only read');
    expect((await api.agent.post(SIGN_IN_HANDOFFS_PATH).send({ Email: 'member@acme.local' })).status).toBe(401);
    expect((await issue('nobody@acme.local', provider)).body.error).toMatchObject({ code: 'NOT_FOUND', field: 'Email' });
    expect((await issue('not an email', provider)).body.error).toMatchObject({ code: 'BAD_REQUEST', field: 'Email' });
  });
});

describe('redeeming a sign-in hand-off', () => {
  it('answers the email once; used again it is refused', async () => {
    const { Token } = (await issue('member@acme.local', provider)).body;
    const first = await redeem(Token);
    expect(first).toMatchObject({ status: 200, body: { email: 'member@acme.local' } });
    expect(Object.keys(first.body)).toEqual(['email']);
    expect((await auditOf('user.sign_in_handoff_redeem')).at(-1)).toMatchObject({
      actor_user_id: null,
      client_id: acmeId,
      after: { email: 'member@acme.local', issuedBy: await userId('admin@yozy.local') },
    });

    const again = await redeem(Token);
    expect(again.status).toBe(400);
    expect(again.body.error).toEqual({ code: 'INVALID_TOKEN', message: INVALID_HANDOFF_MESSAGE, field: 'token' });
  });

  it('refuses an expired token and a forged one alike', async () => {
    const { Token } = (await issue('member@acme.local', provider)).body;
    await api.db.query("UPDATE sign_in_handoffs SET expires_at = now() - interval '1 second' WHERE token_hash = $1", [
      createHash('sha256').update(Token).digest('hex'),
    ]);
    expect((await redeem(Token)).body.error).toMatchObject({ code: 'INVALID_TOKEN', message: INVALID_HANDOFF_MESSAGE });
    expect((await redeem(`${Token.slice(0, -1)}x`)).body.error).toMatchObject({ code: 'INVALID_TOKEN' });
    expect((await redeem('')).body.error).toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('is answered only to the gateway', async () => {
    const { Token } = (await issue('member@acme.local', provider)).body;
    expect((await request(api.app).post(REDEEM_HANDOFF_PATH).send({ token: Token })).status).toBe(401);
    expect((await redeem(Token)).status).toBe(200);
  });
});

describe('a wrong bearer credential', () => {
  it('is answered 401 with a Bearer challenge saying invalid_token; none sent, the bare challenge', async () => {
    const wrongKey = await api.agent.get('/users/me').auth('yozy_key_not-a-real-key', { type: 'bearer' });
    expect(wrongKey.status).toBe(401);
    expect(wrongKey.headers['www-authenticate']).toBe('Bearer realm="yozy", error="invalid_token"');
    const straight = await request(api.app).get('/users/me').auth(everywhereKey, { type: 'bearer' });
    expect(straight.status).toBe(401);
    expect(straight.headers['www-authenticate']).toContain('error="invalid_token"');
    const none = await api.agent.get('/users/me');
    expect(none.status).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer realm="yozy"');
    expect((await api.agent.get('/users/me').auth(provider, { type: 'bearer' })).headers['www-authenticate']).toBeUndefined();
  });
});
