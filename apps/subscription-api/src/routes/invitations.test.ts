import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRestApi, type RestApi } from '#testing/restApi';

let api: RestApi;
const PEOPLE = ['admin@yozy.local', 'admin@acme.local', 'admin@globex.local'] as const;
type Person = (typeof PEOPLE)[number];
let tokens: Record<Person, string>;
let acme: number;

beforeAll(async () => {
  api = await openRestApi();
  tokens = await api.signInEach(PEOPLE);
  const ids = await api.db.query<{ client_id: number; company_name: string }>('SELECT client_id, company_name FROM clients');
  acme = ids.find((c) => c.company_name === 'Acme Corporation')!.client_id;
});
afterAll(() => api.close());

describe('invitations', () => {
  type Invitation = { UserId: number; OfficialEmail: string; Status: string; SentAt: string; ExpiresAt: string };
  const invitationsOf = async (viewer: Person, query = '?limit=100'): Promise<Invitation[]> =>
    (await api.agent.get(`/subscription/invitations${query}`).auth(tokens[viewer], { type: 'bearer' })).body;
  const userIdOf = async (email: string) =>
    (await api.db.query<{ user_id: number }>('SELECT user_id FROM client_users WHERE email = $1', [email]))[0]!.user_id;

  it('lists the newest invitation of each invited person with its status, within the organisation', async () => {
    const listed = await invitationsOf('admin@acme.local');
    const status = (email: string) => listed.find((i) => i.OfficialEmail === email)?.Status;
    expect(status('grace.hopper@acme.local')).toBe('PENDING');
    expect(status('mateo.ruiz@acme.local')).toBe('EXPIRED');
    expect(listed.every((i) => i.OfficialEmail.endsWith('@acme.local'))).toBe(true);
    const expired = await invitationsOf('admin@acme.local', '?Status=eq.EXPIRED');
    expect(expired.map((i) => i.OfficialEmail)).toEqual(['mateo.ruiz@acme.local']);
  });

  it('sends an invitation again: the old link is void, a new one is mailed and audited', async () => {
    const userId = await userIdOf('mateo.ruiz@acme.local');
    const answer = await api.agent
      .post('/subscription/invitations/resend')
      .auth(tokens['admin@acme.local'], { type: 'bearer' })
      .send({ UserId: userId });
    expect(answer.status).toBe(200);
    expect(answer.body.Invitation.Status).toBe('PENDING');
    expect(answer.body.Link).toContain('/setpassword/mateo.ruiz%40acme.local/Mateo/Ruiz?token=');
    const tokens_ = await api.db.query<{ live: boolean }>(
      "SELECT used_at IS NULL AND voided_at IS NULL AND expires_at > now() AS live FROM user_tokens WHERE user_id = $1 AND purpose = 'invite'",
      [userId],
    );
    expect(tokens_.filter((t) => t.live)).toHaveLength(1);
    expect(tokens_.length).toBeGreaterThan(1);
    const [audited] = await api.db.query("SELECT action FROM audit_log WHERE entity_id = $1 AND action = 'user.invitation_resend'", [
      String(userId),
    ]);
    expect(audited).toBeDefined();

    const mailsBefore = await api.db.query('SELECT 1 FROM mail_outbox WHERE to_address = $1', ['mateo.ruiz@acme.local']);
    const linkOnly = await api.agent
      .post('/subscription/invitations/resend')
      .auth(tokens['admin@acme.local'], { type: 'bearer' })
      .send({ UserId: userId, SendMail: false });
    expect(linkOnly.body.Link).not.toBe(answer.body.Link);
    expect(await api.db.query('SELECT 1 FROM mail_outbox WHERE to_address = $1', ['mateo.ruiz@acme.local'])).toEqual(mailsBefore);
  });

  it('mails an invitation again for an API key but never answers it the link, and refuses it the link alone', async () => {
    const userId = await userIdOf('grace.hopper@acme.local');
    const made = await api.agent
      .post('/platform/api-keys')
      .auth(tokens['admin@yozy.local'], { type: 'bearer' })
      .send({ Name: 'Invitation resender', Access: 'READ_WRITE' });
    const key = made.body.Secret;
    const liveLinks = () =>
      api.db.query(
        "SELECT token_id FROM user_tokens WHERE user_id = $1 AND purpose = 'invite' AND used_at IS NULL AND voided_at IS NULL ORDER BY token_id",
        [userId],
      );
    const mails = () =>
      api.db.query<{ mail_id: number }>('SELECT mail_id FROM mail_outbox WHERE to_address = $1', ['grace.hopper@acme.local']);

    const before = { links: await liveLinks(), mails: await mails() };
    const linkOnly = await api.agent
      .post('/subscription/invitations/resend')
      .auth(key, { type: 'bearer' })
      .send({ UserId: userId, ClientId: acme, SendMail: false });
    expect(linkOnly.status).toBe(403);
    expect(linkOnly.body.error).toMatchObject({ code: 'FORBIDDEN', field: 'SendMail' });
    expect({ links: await liveLinks(), mails: await mails() }).toEqual(before);

    const mailed = await api.agent
      .post('/subscription/invitations/resend')
      .auth(key, { type: 'bearer' })
      .send({ UserId: userId, ClientId: acme });
    expect(mailed.status).toBe(200);
    expect(mailed.body).toMatchObject({ Invitation: { Status: 'PENDING' }, Link: null });
    expect(JSON.stringify(mailed.body)).not.toMatch(/token=/);
    expect((await mails()).length).toBe(before.mails.length + 1);
  });

  it('revokes a pending invitation, freeing the seat, and refuses a second revocation', async () => {
    const userId = await userIdOf('ben.carter@acme.local');
    const seats = async () =>
      (await api.agent.get('/subscription/seats').auth(tokens['admin@acme.local'], { type: 'bearer' })).body.find(
        (product: { ProductName: string; Used: number }) => product.ProductName === 'Yozy Web',
      )!.Used;
    const before = await seats();
    const answer = await api.agent
      .post('/subscription/invitations/revoke')
      .auth(tokens['admin@acme.local'], { type: 'bearer' })
      .send({ UserId: userId });
    expect(answer.body.Status).toBe('REVOKED');
    expect(await seats()).toBe(before - 1);
    const again = await api.agent
      .post('/subscription/invitations/revoke')
      .auth(tokens['admin@acme.local'], { type: 'bearer' })
      .send({ UserId: userId });
    expect(again.body.error).toMatchObject({ code: 'CONFLICT', field: 'UserId' });
    const accepted = await api.agent
      .post('/subscription/invitations/resend')
      .auth(tokens['admin@acme.local'], { type: 'bearer' })
      .send({ UserId: await userIdOf('marcus.lee@acme.local') });
    expect(accepted.body.error).toMatchObject({ code: 'CONFLICT' });
  });

  it("refuses another organisation's admin, writing nothing", async () => {
    const userId = await userIdOf('grace.hopper@acme.local');
    const count = () => api.db.query('SELECT count(*)::int AS n FROM user_tokens WHERE user_id = $1', [userId]);
    const before = await count();
    const hidden = await api.agent
      .post('/subscription/invitations/resend')
      .auth(tokens['admin@globex.local'], { type: 'bearer' })
      .send({ UserId: userId });
    expect(hidden.status).toBe(404);
    const named = await api.agent
      .post('/subscription/invitations/revoke')
      .auth(tokens['admin@globex.local'], { type: 'bearer' })
      .send({ UserId: userId, ClientId: acme });
    expect(named.status).toBe(403);
    expect(await count()).toEqual(before);
    expect((await invitationsOf('admin@globex.local')).some((i) => i.OfficialEmail.endsWith('@acme.local'))).toBe(false);
  });
});
