import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRestApi, type RestApi } from '#testing/restApi';

type SessionRow = { SessionId: number; ClientId: number; UserId: number; OfficialEmail: string; Active: boolean; Current: boolean };

let api: RestApi;
let acmeId: number;
let globexId: number;
let acmeAdmin: string;
beforeAll(async () => {
  api = await openRestApi();
  const ids = await api.db.query<{ company_name: string; client_id: number }>('SELECT company_name, client_id FROM clients');
  acmeId = ids.find((row) => row.company_name === 'Acme Corporation')!.client_id;
  globexId = ids.find((row) => row.company_name === 'Globex Industries')!.client_id;
  acmeAdmin = await api.signIn('admin@acme.local');
});
afterAll(() => api.close());

const list = (query: string, token = acmeAdmin) => api.agent.get(`/subscription_user_sessions?${query}`).auth(token, { type: 'bearer' });
const liveSessionsOf = (email: string) =>
  api.db.query<{ session_id: string }>(
    `SELECT s.session_id::text FROM sessions s JOIN client_users u USING (user_id)
      WHERE u.email = $1 AND s.ended_at IS NULL AND s.expires_at > now()`,
    [email],
  );
const auditOf = (action: string) =>
  api.db.query<{ actor_user_id: number; entity_id: string; after: Record<string, unknown> }>(
    'SELECT actor_user_id, entity_id, after FROM audit_log WHERE action = $1 ORDER BY audit_id',
    [action],
  );

describe('GET /subscription_user_sessions', () => {
  it("shows an organisation admin their own organisation's sessions, marking the one they use", async () => {
    const answer = await list('order=StartedAt.desc&limit=100');
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBeGreaterThan(10);
    expect(new Set(answer.body.map((row: SessionRow) => row.ClientId))).toEqual(new Set([acmeId]));
    const current = answer.body.filter((row: SessionRow) => row.Current);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({ OfficialEmail: 'admin@acme.local', Active: true });
  });

  it('narrows to live sessions and searches people by email', async () => {
    const live = await list('Active=eq.true&limit=100');
    expect(live.body.every((row: SessionRow) => row.Active)).toBe(true);
    const found = await list(`or=(OfficialEmail.ilike.*ADMIN@ACME*)&limit=100`);
    expect(found.body.length).toBeGreaterThan(0);
    expect(found.body.every((row: SessionRow) => row.OfficialEmail === 'admin@acme.local')).toBe(true);
  });

  it("finds people's sessions across organisations for the provider, by text inside their email", async () => {
    const provider = await api.signIn('admin@yozy.local');
    const sessionsMatching = async (text: string) =>
      (
        await api.db.query<{ email: string }>('SELECT u.email FROM sessions s JOIN client_users u USING (user_id) WHERE u.email ILIKE $1', [
          `%${text}%`,
        ])
      )
        .map((row) => row.email)
        .sort();
    const expected = await sessionsMatching('n@globex.lo');
    expect(new Set(expected).size).toBeGreaterThan(1);
    for (const search of ['OfficialEmail.ilike.*N@GLOBEX.LO*', 'UserFirstname.ilike.*no such name*,OfficialEmail.ilike.*n@globex.lo*']) {
      const found = await list(`or=(${search})&limit=1000`, provider);
      expect(found.status, search).toBe(200);
      expect(found.body.map((row: SessionRow) => row.OfficialEmail).sort(), search).toEqual(expected);
    }
  });

  it("refuses another organisation's sessions to an organisation admin", async () => {
    const answer = await list(`ClientId=eq.${globexId}`);
    expect(answer.status).toBe(403);
  });

  it('sorts on indexes that lead with the organisation', async () => {
    for (const [index, column] of [
      ['sessions_client_started_sort_idx', 'started_at'],
      ['sessions_client_last_seen_sort_idx', 'last_seen_at'],
      ['sessions_client_ended_sort_idx', 'ended_at'],
    ]) {
      const [row] = await api.db.query<{ indexdef: string }>('SELECT indexdef FROM pg_indexes WHERE indexname = $1', [index]);
      expect(row?.indexdef).toContain(`(client_id, ${column}, session_id)`);
    }
  });
});

describe('ending sessions', () => {
  it("ends one session of the organisation and writes the audit log; another organisation's is not found", async () => {
    await api.signIn('member@acme.local');
    const [session] = await liveSessionsOf('member@acme.local');
    const answer = await api.agent
      .post('/subscription_user_sessions/end')
      .auth(acmeAdmin, { type: 'bearer' })
      .send({ SessionId: Number(session!.session_id) });
    expect(answer).toMatchObject({ status: 200, body: { ended: 1 } });
    expect(await liveSessionsOf('member@acme.local')).not.toContainEqual(session);
    expect((await auditOf('session.end')).at(-1)).toMatchObject({ entity_id: session!.session_id, after: { active: false } });

    const again = await api.agent
      .post('/subscription_user_sessions/end')
      .auth(acmeAdmin, { type: 'bearer' })
      .send({ SessionId: Number(session!.session_id) });
    expect(again.body).toEqual({ ended: 0 });

    await api.signIn('admin@globex.local');
    const [globex] = await liveSessionsOf('admin@globex.local');
    const refused = await api.agent
      .post('/subscription_user_sessions/end')
      .auth(acmeAdmin, { type: 'bearer' })
      .send({ SessionId: Number(globex!.session_id) });
    expect(refused.status).toBe(404);
    const named = await api.agent
      .post('/subscription_user_sessions/end')
      .auth(acmeAdmin, { type: 'bearer' })
      .send({ SessionId: Number(globex!.session_id), ClientId: globexId });
    expect(named.status).toBe(403);
    expect(await liveSessionsOf('admin@globex.local')).toContainEqual(globex);
  });

  it('refuses to end the session the call is made with', async () => {
    const ownId = (await list('Active=eq.true&limit=100')).body.find((row: SessionRow) => row.Current)!.SessionId;
    const answer = await api.agent
      .post('/subscription_user_sessions/end')
      .auth(acmeAdmin, { type: 'bearer' })
      .send({ SessionId: Number(ownId) });
    expect(answer.status).toBe(400);
    expect(answer.body.error.field).toBe('SessionId');
  });

  it("ends every session of one user but the caller's own", async () => {
    const second = await api.signIn('admin@acme.local');
    await api.signIn('admin@acme.local');
    const [admin] = await api.db.query<{ user_id: number }>("SELECT user_id FROM client_users WHERE email = 'admin@acme.local'");
    const answer = await api.agent
      .post('/subscription_user_sessions/end-user')
      .auth(second, { type: 'bearer' })
      .send({ UserId: admin!.user_id });
    expect(answer.body).toEqual({ ended: 2 });
    expect(await liveSessionsOf('admin@acme.local')).toHaveLength(1);
    expect((await api.agent.get('/users/me').auth(second, { type: 'bearer' })).status).toBe(200);
    expect((await api.agent.get('/users/me').auth(acmeAdmin, { type: 'bearer' })).status).toBe(401);
    acmeAdmin = second;
    expect((await auditOf('session.end_all_of_user')).at(-1)).toMatchObject({ after: { endedSessions: 2 } });
  });

  it("ends every other session of the organisation, leaving other organisations' alone", async () => {
    await api.signIn('member@acme.local');
    const globexBefore = await liveSessionsOf('admin@globex.local');
    const answer = await api.agent.post('/subscription_user_sessions/end-others').auth(acmeAdmin, { type: 'bearer' }).send({});
    expect(answer.body.ended).toBeGreaterThanOrEqual(1);
    const live = await list('Active=eq.true&limit=100');
    expect(live.body.map((row: SessionRow) => row.Current)).toEqual([true]);
    expect(await liveSessionsOf('admin@globex.local')).toEqual(globexBefore);
  });

  it('is for administrators', async () => {
    const member = await api.signIn('member@acme.local');
    expect((await api.agent.post('/subscription_user_sessions/end-others').auth(member, { type: 'bearer' }).send({})).status).toBe(403);
    expect((await list('limit=1', member)).status).toBe(403);
  });
});
