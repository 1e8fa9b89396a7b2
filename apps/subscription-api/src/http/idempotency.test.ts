import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRestApi, type RestApi } from '#testing/restApi';
import { BAD_KEY_MESSAGE, KEY_REUSED_MESSAGE } from './idempotency';

let api: RestApi;
const PEOPLE = ['admin@yozy.local', 'admin@acme.local', 'admin@globex.local'] as const;
let tokens: Record<(typeof PEOPLE)[number], string>;

beforeAll(async () => {
  api = await openRestApi();
  tokens = await api.signInEach(PEOPLE);
});
afterAll(() => api.close());

const GROUPS = '/agilesaas_itsmassignmentgroup_master';
const createGroup = (who: (typeof PEOPLE)[number], body: object, key?: string) => {
  const call = api.agent.post(GROUPS).auth(tokens[who], { type: 'bearer' });
  return (key === undefined ? call : call.set('Idempotency-Key', key)).send(body);
};
const groupsNamed = async (name: string) =>
  (await api.db.query<{ client_id: number }>('SELECT client_id FROM groups WHERE name = $1', [name])).length;

describe('creates with an Idempotency-Key', () => {
  it('creates once for a key: the repeat is answered the first answer and writes nothing', async () => {
    const key = randomUUID();
    const first = await createGroup('admin@acme.local', { GroupName: 'Weekend rota', Description: 'Sat and Sun' }, key);
    expect(first.status).toBe(201);
    // The same body in another key order is the same request.
    const again = await createGroup('admin@acme.local', { Description: 'Sat and Sun', GroupName: 'Weekend rota' }, key);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await groupsNamed('Weekend rota')).toBe(1);
    const audits = await api.db.query(`SELECT 1 FROM audit_log WHERE action = 'group.create' AND entity_id = $1`, [
      String(first.body.GroupId),
    ]);
    expect(audits).toHaveLength(1);
  });

  it('refuses the key with another body and creates nothing', async () => {
    const key = randomUUID();
    expect((await createGroup('admin@acme.local', { GroupName: 'Escalations' }, key)).status).toBe(201);
    const other = await createGroup('admin@acme.local', { GroupName: 'Escalations two' }, key);
    expect(other.status).toBe(409);
    expect(other.body.error).toMatchObject({ code: 'CONFLICT', message: KEY_REUSED_MESSAGE });
    expect(await groupsNamed('Escalations two')).toBe(0);
  });

  it('keeps keys per caller: another organisation’s admin with the same key gets their own create', async () => {
    const key = randomUUID();
    const acme = await createGroup('admin@acme.local', { GroupName: 'Shared key team' }, key);
    const globex = await createGroup('admin@globex.local', { GroupName: 'Shared key team' }, key);
    expect(globex.status).toBe(201);
    expect(globex.headers['idempotent-replayed']).toBeUndefined();
    expect(globex.body.GroupId).not.toBe(acme.body.GroupId);
    expect(globex.body.ClientId).not.toBe(acme.body.ClientId);
    expect(await groupsNamed('Shared key team')).toBe(2);
  });

  it('gives the key back after a refusal, so the corrected retry creates', async () => {
    const key = randomUUID();
    const blank = await createGroup('admin@acme.local', { GroupName: ' ' }, key);
    expect(blank.status).toBe(400);
    const other = await createGroup('admin@acme.local', { GroupName: 'Corrected team' }, key);
    expect(other.status).toBe(201);
  });

  it('settles two racing calls with one key: one create', async () => {
    const key = randomUUID();
    const answers = await Promise.all([1, 2, 3].map(() => createGroup('admin@acme.local', { GroupName: 'Racing team' }, key)));
    expect(answers.filter((a) => a.status === 201).length).toBeGreaterThanOrEqual(1);
    for (const a of answers) expect([201, 409]).toContain(a.status);
    expect(await groupsNamed('Racing team')).toBe(1);
  });

  it('refuses a malformed key, and without a key creates as before', async () => {
    const bad = await createGroup('admin@acme.local', { GroupName: 'Bad key team' }, 'has space');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ message: BAD_KEY_MESSAGE });
    expect(await groupsNamed('Bad key team')).toBe(0);
    expect((await createGroup('admin@acme.local', { GroupName: 'Keyless team' })).status).toBe(201);
    expect((await createGroup('admin@acme.local', { GroupName: 'Keyless team' })).status).toBe(409);
  });

  it('keeps an API key’s secret sealed at rest and answers it again to the same caller only', async () => {
    const key = randomUUID();
    const body = { Name: 'Billing export', Access: 'READ' };
    const create = (who: (typeof PEOPLE)[number]) =>
      api.agent.post('/platform/api-keys').auth(tokens[who], { type: 'bearer' }).set('Idempotency-Key', key).send(body);
    const first = await create('admin@yozy.local');
    expect(first.status).toBe(201);
    const again = await create('admin@yozy.local');
    expect(again.body.Secret).toBe(first.body.Secret);
    const [kept] = await api.db.query<{ answer: string }>('SELECT answer FROM idempotency_keys WHERE idempotency_key = $1', [key]);
    expect(kept!.answer).not.toContain(first.body.Secret);
    // An organisation admin may not make keys: the key does not answer them the SuperAdmin's secret.
    const other = await create('admin@acme.local');
    expect(other.status).toBe(403);
    expect(JSON.stringify(other.body)).not.toContain(first.body.Secret);
  });

  it('forgets a key after 24 hours', async () => {
    const key = randomUUID();
    expect((await createGroup('admin@acme.local', { GroupName: 'Old key team' }, key)).status).toBe(201);
    await api.db.query(`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE idempotency_key = $1`, [key]);
    // The group exists, so the create runs again and is refused by its own rule, not replayed.
    const late = await createGroup('admin@acme.local', { GroupName: 'Old key team' }, key);
    expect(late.status).toBe(409);
    expect(late.headers['idempotent-replayed']).toBeUndefined();
    expect(late.body.error.field).toBe('GroupName');
  });
});
