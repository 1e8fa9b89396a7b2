import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_TOKEN_HEADER } from '@yozy/shared';
import request from 'supertest';
import { API_KEY_THROUGH_GATEWAY_MESSAGE } from '#http/auth';
import { openRestApi, type RestApi } from '#testing/restApi';

let api: RestApi;
let provider: string;
let acmeId: number;
let globexId: number;
beforeAll(async () => {
  api = await openRestApi();
  provider = await api.signIn('admin@yozy.local');
  const rows = await api.db.query<{ client_id: number; email: string }>(
    "SELECT client_id, email FROM client_users WHERE email IN ('admin@acme.local', 'admin@globex.local')",
  );
  acmeId = rows.find((row) => row.email === 'admin@acme.local')!.client_id;
  globexId = rows.find((row) => row.email === 'admin@globex.local')!.client_id;
});
afterAll(() => api.close());

const PATH = '/platform/api-keys';
const create = (body: Record<string, unknown>, token = provider) => api.agent.post(PATH).auth(token, { type: 'bearer' }).send(body);
const revoke = (keyId: number, token = provider) => api.agent.delete(`${PATH}?KeyId=eq.${keyId}`).auth(token, { type: 'bearer' });

describe('making and revoking API keys', () => {
  it('answers the secret once, keeps only its digest, and lists the key without it', async () => {
    const made = await create({ Name: 'Billing sync', Access: 'READ' });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ Name: 'Billing sync', Access: 'READ', ClientId: null, IsActive: true, LastUsedAt: null });
    expect(made.body.Secret).toMatch(/^yozy_key_[\w-]{43}$/);
    expect(made.body.Secret.startsWith(made.body.KeyPrefix)).toBe(true);

    const [stored] = await api.db.query<Record<string, unknown>>('SELECT * FROM api_keys WHERE key_id = $1', [made.body.KeyId]);
    expect(JSON.stringify(stored)).not.toContain(made.body.Secret);
    expect(stored!.key_hash).toBe(createHash('sha256').update(made.body.Secret).digest('hex'));

    const listed = await api.agent.get(`${PATH}?Name=eq.Billing sync`).auth(provider, { type: 'bearer' });
    expect(listed.body).toHaveLength(1);
    expect(JSON.stringify(listed.body)).not.toContain(made.body.Secret);
    expect(listed.body[0]).not.toHaveProperty('Secret');

    const [entry] = await api.db.query<{ action: string; after: Record<string, unknown> }>(
      "SELECT action, after FROM audit_log WHERE entity_type = 'api_key' AND entity_id = $1",
      [String(made.body.KeyId)],
    );
    expect(entry).toMatchObject({ action: 'api_key.create', after: { Name: 'Billing sync', Access: 'READ' } });
  });

  it('refuses a nameless key, an unknown access and an organisation that does not exist, and makes nothing', async () => {
    const [{ count: before }] = (await api.db.query<{ count: number }>('SELECT count(*)::int AS count FROM api_keys')) as [
      { count: number },
    ];
    expect((await create({ Name: '  ', Access: 'READ' })).body.error).toMatchObject({ field: 'Name' });
    expect((await create({ Name: 'x', Access: 'ADMIN' })).body.error).toMatchObject({ field: 'Access' });
    const nowhere = await create({ Name: 'x', Access: 'READ', ClientId: 999999 });
    expect(nowhere.status).toBe(400);
    expect(nowhere.body.error).toMatchObject({ field: 'ClientId' });
    const [{ count: after }] = (await api.db.query<{ count: number }>('SELECT count(*)::int AS count FROM api_keys')) as [
      { count: number },
    ];
    expect(after).toBe(before);
  });

  it('is for SuperAdmins signed in as themselves: not an organisation admin, not a key', async () => {
    const acmeAdmin = await api.signIn('admin@acme.local');
    expect((await api.agent.get(`${PATH}?limit=1`).auth(acmeAdmin, { type: 'bearer' })).status).toBe(403);
    expect((await create({ Name: 'x', Access: 'READ' }, acmeAdmin)).status).toBe(403);
    const key = (await create({ Name: 'Key maker', Access: 'READ_WRITE' })).body.Secret;
    expect((await api.agent.get(`${PATH}?limit=1`).auth(key, { type: 'bearer' })).status).toBe(403);
    expect((await create({ Name: 'Second', Access: 'READ_WRITE' }, key)).status).toBe(403);
  });
});

describe('calling with an API key', () => {
  it('a read-only key reads across organisations and cannot change anything', async () => {
    const key = (await create({ Name: 'Reporting', Access: 'READ' })).body.Secret;
    const organizations = await api.agent.get('/subscription_client_details?limit=100').auth(key, { type: 'bearer' });
    expect(organizations.status).toBe(200);
    expect(organizations.body.length).toBeGreaterThan(2);
    const group = await api.agent
      .post('/agilesaas_itsmassignmentgroup_master')
      .auth(key, { type: 'bearer' })
      .send({ GroupName: 'From a tool', ClientId: acmeId });
    expect(group.status).toBe(403);
    expect(group.body.error.message).toBe('This API key may only read');
    const [made] = await api.db.query("SELECT 1 FROM groups WHERE name = 'From a tool'");
    expect(made).toBeUndefined();
  });

  it('an organisation key acts as that organisation’s admin and never sees another', async () => {
    const key = (await create({ Name: 'Acme HR feed', Access: 'READ_WRITE', ClientId: acmeId })).body.Secret;
    const me = await api.agent.get('/users/me').auth(key, { type: 'bearer' });
    expect(me.body).toMatchObject({ ClientId: acmeId, TypeOfUser: 'OrgAdmin' });
    const own = await api.agent.get('/subscription_client_users?limit=100').auth(key, { type: 'bearer' });
    expect(own.status).toBe(200);
    expect(own.body.length).toBeGreaterThan(0);
    expect(own.body.every((row: { ClientId: number }) => row.ClientId === acmeId)).toBe(true);
    const other = await api.agent.get(`/subscription_client_users?ClientId=eq.${globexId}`).auth(key, { type: 'bearer' });
    expect(other.status).toBe(403);
    expect((await api.agent.get('/platform/subscription_plan_master?limit=1').auth(key, { type: 'bearer' })).status).toBe(403);
  });

  it('a change made with a key is audited as its maker’s, naming the key', async () => {
    const key = (await create({ Name: 'Group sync', Access: 'READ_WRITE', ClientId: acmeId })).body.Secret;
    const made = await api.agent
      .post('/agilesaas_itsmassignmentgroup_master')
      .auth(key, { type: 'bearer' })
      .send({ GroupName: 'Synced by a tool', ClientId: acmeId });
    expect(made.status).toBeLessThan(300);
    const [entry] = await api.db.query<{ actor: string; key_name: string }>(
      `SELECT u.email AS actor, k.name AS key_name FROM audit_log a JOIN client_users u ON u.user_id = a.actor_user_id
         JOIN api_keys k ON k.key_id = a.api_key_id WHERE a.action = 'group.create' ORDER BY a.audit_id DESC LIMIT 1`,
    );
    expect(entry).toEqual({ actor: 'admin@yozy.local', key_name: 'Group sync' });
  });

  it('a key cannot act as a person: no password change, two-factor or sign-out', async () => {
    const key = (await create({ Name: 'Person?', Access: 'READ_WRITE' })).body.Secret;
    expect((await api.agent.get('/users/two-factor').auth(key, { type: 'bearer' })).status).toBe(403);
    expect((await api.agent.post('/users/signOut').auth(key, { type: 'bearer' }).send({})).status).toBe(403);
    expect(
      (await api.agent.post('/users/password').auth(key, { type: 'bearer' }).send({ OldPassword: 'x', NewPassword: 'y' })).status,
    ).toBe(403);
  });

  it('a revoked key is refused at its next call, and its last use is recorded', async () => {
    const made = (await create({ Name: 'Short-lived', Access: 'READ' })).body;
    expect((await api.agent.get('/users/me').auth(made.Secret, { type: 'bearer' })).status).toBe(200);
    const revoked = await revoke(made.KeyId);
    expect(revoked.body).toMatchObject({ IsActive: false });
    expect(revoked.body.RevokedAt).not.toBeNull();
    expect(revoked.body.LastUsedAt).not.toBeNull();
    const refused = await api.agent.get('/users/me').auth(made.Secret, { type: 'bearer' });
    expect(refused.status).toBe(401);
    expect(refused.body.error.message).toBe('The API key is not valid or has been revoked');
    expect((await revoke(999999)).status).toBe(404);
  });

  it('a key works through its last day and is refused after it; a last day in the past is refused', async () => {
    const past = await create({ Name: 'Yesterday', Access: 'READ', ExpiresOn: '2020-01-31' });
    expect(past.status).toBe(400);
    expect(past.body.error).toMatchObject({ field: 'ExpiresOn', message: 'Choose a day from today on' });
    expect((await create({ Name: 'Bad day', Access: 'READ', ExpiresOn: '2027-02-30' })).body.error).toMatchObject({ field: 'ExpiresOn' });

    const made = (await create({ Name: 'Until year end', Access: 'READ', ExpiresOn: '2099-12-31' })).body;
    expect(made.ExpiresAt).toMatch(/^2100-01-01T00:00:00/);
    expect((await api.agent.get('/users/me').auth(made.Secret, { type: 'bearer' })).status).toBe(200);
    await api.db.query("UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE key_id = $1", [made.KeyId]);
    expect((await api.agent.get('/users/me').auth(made.Secret, { type: 'bearer' })).status).toBe(401);
    const listed = await api.agent.get(`${PATH}?KeyId=eq.${made.KeyId}`).auth(provider, { type: 'bearer' });
    expect(listed.body[0]).toMatchObject({ IsActive: false, RevokedAt: null });
  });

  it('a key is taken only from the gateway: sent straight to the port it is refused before anything is looked up', async () => {
    const made = (await create({ Name: 'Straight to the port', Access: 'READ_WRITE' })).body;
    for (const headers of [{}, { [SERVICE_TOKEN_HEADER]: 'not-the-gateway' }] as Record<string, string>[]) {
      const refused = await request(api.app).get('/subscription_client_details?limit=1').auth(made.Secret, { type: 'bearer' }).set(headers);
      expect(refused.status).toBe(401);
      expect(refused.body.error).toMatchObject({ code: 'UNAUTHENTICATED', message: API_KEY_THROUGH_GATEWAY_MESSAGE });
      const group = await request(api.app)
        .post('/agilesaas_itsmassignmentgroup_master')
        .auth(made.Secret, { type: 'bearer' })
        .set(headers)
        .send({ GroupName: 'Around the gateway', ClientId: acmeId });
      expect(group.status).toBe(401);
    }
    const [key] = await api.db.query<{ last_used_at: string | null }>('SELECT last_used_at FROM api_keys WHERE key_id = $1', [made.KeyId]);
    expect(key!.last_used_at).toBeNull();
    expect(await api.db.query("SELECT 1 FROM groups WHERE name = 'Around the gateway'")).toEqual([]);

    // A session token may still be sent straight to the port; and the same key works from the gateway.
    expect((await request(api.app).get('/users/me').auth(provider, { type: 'bearer' })).status).toBe(200);
    expect((await api.agent.get('/users/me').auth(made.Secret, { type: 'bearer' })).status).toBe(200);
  });

  it('an unknown key is refused like an ended session', async () => {
    expect((await api.agent.get('/users/me').auth('yozy_key_not-a-real-key', { type: 'bearer' })).status).toBe(401);
  });
});
