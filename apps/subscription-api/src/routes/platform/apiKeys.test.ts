import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_TOKEN_HEADER } from '@yozy/shared';
import { API_KEY_THROUGH_GATEWAY_MESSAGE } from '../../http/auth';
import { startRestApi, type ErrorBody, type RestApi } from '../../testing/restApi';

type KeyRow = {
  KeyId: number;
  Name: string;
  KeyPrefix: string;
  Access: 'READ' | 'READ_WRITE';
  ClientId: number | null;
  CompanyName: string | null;
  CreatedByName: string | null;
  LastUsedAt: string | null;
  ExpiresAt: string | null;
  RevokedAt: string | null;
  IsActive: boolean;
};
type NewKey = KeyRow & { Secret: string };

let api: RestApi;
let provider: string;
let acmeId: number;
let globexId: number;
beforeAll(async () => {
  api = await startRestApi();
  provider = await api.signIn('admin@yozy.local');
  const rows = await api.db.query<{ client_id: number; email: string }>(
    "SELECT client_id, email FROM client_users WHERE email IN ('admin@acme.local', 'admin@globex.local')",
  );
  acmeId = rows.find((row) => row.email === 'admin@acme.local')!.client_id;
  globexId = rows.find((row) => row.email === 'admin@globex.local')!.client_id;
});
afterAll(() => api.stop());

const PATH = '/platform/api-keys';
const create = (body: Record<string, unknown>, token = provider) => api.post<NewKey & ErrorBody>(PATH, body, token);
const revoke = (keyId: number, token = provider) =>
  api.call<KeyRow & ErrorBody>('DELETE', `${PATH}?KeyId=eq.${keyId}`, undefined, { token });

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

    const listed = await api.get<KeyRow[]>(`${PATH}?Name=eq.Billing sync`, provider);
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
    expect((await api.get(`${PATH}?limit=1`, acmeAdmin)).status).toBe(403);
    expect((await create({ Name: 'x', Access: 'READ' }, acmeAdmin)).status).toBe(403);
    const key = (await create({ Name: 'Key maker', Access: 'READ_WRITE' })).body.Secret;
    expect((await api.get(`${PATH}?limit=1`, key)).status).toBe(403);
    expect((await create({ Name: 'Second', Access: 'READ_WRITE' }, key)).status).toBe(403);
  });
});

describe('calling with an API key', () => {
  it('a read-only key reads across organisations and cannot change anything', async () => {
    const key = (await create({ Name: 'Reporting', Access: 'READ' })).body.Secret;
    const organizations = await api.get<unknown[]>('/subscription_client_details?limit=100', key);
    expect(organizations.status).toBe(200);
    expect(organizations.body.length).toBeGreaterThan(2);
    const group = await api.post<ErrorBody>('/agilesaas_itsmassignmentgroup_master', { GroupName: 'From a tool', ClientId: acmeId }, key);
    expect(group.status).toBe(403);
    expect(group.body.error.message).toBe('This API key may only read');
    const [made] = await api.db.query("SELECT 1 FROM groups WHERE name = 'From a tool'");
    expect(made).toBeUndefined();
  });

  it('an organisation key acts as that organisation’s admin and never sees another', async () => {
    const key = (await create({ Name: 'Acme HR feed', Access: 'READ_WRITE', ClientId: acmeId })).body.Secret;
    const me = await api.get<{ ClientId: number; TypeOfUser: string }>('/users/me', key);
    expect(me.body).toMatchObject({ ClientId: acmeId, TypeOfUser: 'OrgAdmin' });
    const own = await api.get<{ ClientId: number }[]>('/subscription_client_users?limit=100', key);
    expect(own.status).toBe(200);
    expect(own.body.length).toBeGreaterThan(0);
    expect(own.body.every((row) => row.ClientId === acmeId)).toBe(true);
    const other = await api.get<ErrorBody>(`/subscription_client_users?ClientId=eq.${globexId}`, key);
    expect(other.status).toBe(403);
    expect((await api.get('/platform/subscription_plan_master?limit=1', key)).status).toBe(403);
  });

  it('a change made with a key is audited as its maker’s, naming the key', async () => {
    const key = (await create({ Name: 'Group sync', Access: 'READ_WRITE', ClientId: acmeId })).body.Secret;
    const made = await api.post<{ GroupId?: number } & ErrorBody>(
      '/agilesaas_itsmassignmentgroup_master',
      { GroupName: 'Synced by a tool', ClientId: acmeId },
      key,
    );
    expect(made.status).toBeLessThan(300);
    const [entry] = await api.db.query<{ actor: string; key_name: string }>(
      `SELECT u.email AS actor, k.name AS key_name FROM audit_log a JOIN client_users u ON u.user_id = a.actor_user_id
         JOIN api_keys k ON k.key_id = a.api_key_id WHERE a.action = 'group.create' ORDER BY a.audit_id DESC LIMIT 1`,
    );
    expect(entry).toEqual({ actor: 'admin@yozy.local', key_name: 'Group sync' });
  });

  it('a key cannot act as a person: no password change, two-factor or sign-out', async () => {
    const key = (await create({ Name: 'Person?', Access: 'READ_WRITE' })).body.Secret;
    expect((await api.get('/users/two-factor', key)).status).toBe(403);
    expect((await api.post('/users/signOut', {}, key)).status).toBe(403);
    expect((await api.post('/users/password', { OldPassword: 'x', NewPassword: 'y' }, key)).status).toBe(403);
  });

  it('a revoked key is refused at its next call, and its last use is recorded', async () => {
    const made = (await create({ Name: 'Short-lived', Access: 'READ' })).body;
    expect((await api.get('/users/me', made.Secret)).status).toBe(200);
    const revoked = await revoke(made.KeyId);
    expect(revoked.body).toMatchObject({ IsActive: false });
    expect(revoked.body.RevokedAt).not.toBeNull();
    expect(revoked.body.LastUsedAt).not.toBeNull();
    const refused = await api.get<ErrorBody>('/users/me', made.Secret);
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
    expect((await api.get('/users/me', made.Secret)).status).toBe(200);
    await api.db.query("UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE key_id = $1", [made.KeyId]);
    expect((await api.get('/users/me', made.Secret)).status).toBe(401);
    const listed = await api.get<KeyRow[]>(`${PATH}?KeyId=eq.${made.KeyId}`, provider);
    expect(listed.body[0]).toMatchObject({ IsActive: false, RevokedAt: null });
  });

  it('a key is taken only from the gateway: sent straight to the port it is refused before anything is looked up', async () => {
    const made = (await create({ Name: 'Straight to the port', Access: 'READ_WRITE' })).body;
    for (const headers of [{}, { [SERVICE_TOKEN_HEADER]: 'not-the-gateway' }] as Record<string, string>[]) {
      const refused = await api.get<ErrorBody>('/subscription_client_details?limit=1', made.Secret, { anonymous: true, headers });
      expect(refused.status).toBe(401);
      expect(refused.body.error).toMatchObject({ code: 'UNAUTHENTICATED', message: API_KEY_THROUGH_GATEWAY_MESSAGE });
      const group = await api.post<ErrorBody>(
        '/agilesaas_itsmassignmentgroup_master',
        { GroupName: 'Around the gateway', ClientId: acmeId },
        made.Secret,
        { anonymous: true, headers },
      );
      expect(group.status).toBe(401);
    }
    const [key] = await api.db.query<{ last_used_at: string | null }>('SELECT last_used_at FROM api_keys WHERE key_id = $1', [made.KeyId]);
    expect(key!.last_used_at).toBeNull();
    expect(await api.db.query("SELECT 1 FROM groups WHERE name = 'Around the gateway'")).toEqual([]);

    // A session token may still be sent straight to the port; and the same key works from the gateway.
    expect((await api.get('/users/me', provider, { anonymous: true })).status).toBe(200);
    expect((await api.get('/users/me', made.Secret)).status).toBe(200);
  });

  it('an unknown key is refused like an ended session', async () => {
    expect((await api.get('/users/me', 'yozy_key_not-a-real-key')).status).toBe(401);
  });
});
