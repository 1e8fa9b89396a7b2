import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_TOKEN_HEADER } from '@yozy/shared';
import { createApp } from '#app';
import type { Database, QueryOptions, Row, Transaction } from '#db/database';
import { DEMO_PASSWORD } from '#seed/demo';
import { hashToken, newToken } from '#security/tokens';
import { TEST_SECRET_KEY, TEST_SERVICE_TOKEN } from '#testing/restApi';
import { openSeededDatabase } from '#testing/testDatabase';
import { TEST_DATABASE_KINDS } from '#testing/testDatabases';

/**
 * GET /users/me is called by the console for every screen, so what it costs the database is
 * counted here: the statements one call runs, authentication included, and their plans with
 * enough people in other organisations that reading a whole table would show.
 */

/** At most this many statements per call, whoever calls: a person or a tool's API key. */
const STATEMENT_BUDGET = 3;
/** Tables that grow with the number of people: none of them may be read whole for one person's profile. */
const LARGE_TABLES = ['client_users', 'user_roles', 'licences', 'sessions', 'audit_log'];
const MORE_PEOPLE = 20_000;
const MORE_ORGANISATIONS = 200;

type Statement = { sql: string; params: readonly unknown[] };

/** The database as the service sees it, writing down every statement it is given. */
function recording(db: Database, statements: Statement[]): Database {
  const record = (target: Transaction): Transaction => ({
    query<T extends Row>(sql: string, params: readonly unknown[] = [], options?: QueryOptions) {
      statements.push({ sql, params });
      return target.query<T>(sql, params, options);
    },
    exec(sql: string) {
      statements.push({ sql, params: [] });
      return target.exec(sql);
    },
  });
  return { ...db, ...record(db), transaction: (work) => db.transaction((tx) => work(record(tx))) };
}

/**
 * Other organisations, each with its people, their roles, licences (half of them expired), an
 * ended session and an audit entry per person.
 */
async function addOrganisations(db: Database) {
  await db.exec(`
    INSERT INTO clients (company_name) SELECT 'Grown organisation ' || n FROM generate_series(1, ${MORE_ORGANISATIONS}) n;
    INSERT INTO client_users (client_id, first_name, last_name, email, type_of_user)
    SELECT c.client_id, 'Person', n::text, 'person' || n || '@grown.example', 'User'
      FROM generate_series(1, ${MORE_PEOPLE}) n
      JOIN (SELECT client_id, row_number() OVER (ORDER BY client_id) AS k
              FROM clients WHERE company_name LIKE 'Grown organisation %') c ON c.k = n % ${MORE_ORGANISATIONS} + 1;
    INSERT INTO user_roles (user_id, role_id, product_id)
    SELECT u.user_id, r.role_id, r.product_id
      FROM client_users u,
           (SELECT r.role_id, r.product_id FROM roles r JOIN plans p ON p.product_id = r.product_id ORDER BY r.role_id LIMIT 1) r
     WHERE u.email LIKE '%@grown.example';
    INSERT INTO licences (client_id, product_id, plan_id, valid_till)
    SELECT c.client_id, p.product_id, p.plan_id, current_date + (k - 10) * 30
      FROM clients c,
           (SELECT p.plan_id, p.product_id FROM plans p JOIN roles r ON r.product_id = p.product_id ORDER BY r.role_id, p.plan_id LIMIT 1) p,
           generate_series(1, 20) k
     WHERE c.company_name LIKE 'Grown organisation %';
    INSERT INTO sessions (token_hash, user_id, client_id, expires_at, ended_at, end_reason)
    SELECT 'grown-' || user_id, user_id, client_id, now() + interval '1 day', now(), 'signed_out'
      FROM client_users WHERE email LIKE '%@grown.example';
    INSERT INTO audit_log (client_id, actor_user_id, action, entity_type, entity_id)
    SELECT client_id, user_id, 'user.update', 'user', user_id::text FROM client_users WHERE email LIKE '%@grown.example';
    ANALYZE;`);
}

/** A parameter written into SQL, for EXECUTE of a prepared statement. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number') return String(value);
  return `'${String(value).replace(/'/g, "''")}'`;
}

/** Every table a plan reads from start to end, wherever it sits in the plan. */
function sequentialScans(plan: unknown, found: string[] = []): string[] {
  if (Array.isArray(plan)) plan.forEach((node) => sequentialScans(node, found));
  else if (plan && typeof plan === 'object') {
    const node = plan as Record<string, unknown>;
    if (node['Node Type'] === 'Seq Scan') found.push(String(node['Relation Name']));
    Object.values(node).forEach((value) => sequentialScans(value, found));
  }
  return found;
}

/**
 * The tables a statement would read whole, under the plan made for its values and under the plan
 * a prepared statement keeps for any values.
 */
async function largeTablesReadWhole(db: Database, { sql, params }: Statement): Promise<string[]> {
  return db.transaction(async (tx) => {
    const read: string[] = [];
    for (const mode of ['force_custom_plan', 'force_generic_plan']) {
      await tx.exec(`SET LOCAL plan_cache_mode = ${mode}`);
      await tx.exec(`PREPARE measured AS ${sql}`);
      try {
        const [row] = await tx.query<{ 'QUERY PLAN': unknown }>(
          `EXPLAIN (FORMAT JSON) EXECUTE measured${params.length ? `(${params.map(literal).join(', ')})` : ''}`,
        );
        read.push(...sequentialScans(row?.['QUERY PLAN']).map((table) => `${table} (${mode})`));
      } finally {
        await tx.exec('DEALLOCATE measured');
      }
    }
    return read.filter((entry) => LARGE_TABLES.includes(entry.split(' ')[0]!));
  });
}

/**
 * An organisation whose counts each rule changes: a person with two roles on one licensed product,
 * one on a product whose licence has expired, a deactivated person with a role, one without a role;
 * a live licence, an expired one and one turned off. Answers a session token of its first person.
 */
async function addEdgeOrganisation(db: Database): Promise<string> {
  const token = newToken();
  await db.query(
    `WITH organisation AS (
       INSERT INTO clients (company_name) VALUES ('Edge organisation') RETURNING client_id
     ), licensed AS (
       INSERT INTO licences (client_id, product_id, plan_id, valid_till, is_active)
       SELECT o.client_id, p.product_id, p.plan_id, current_date + l.days, l.active
         FROM organisation o,
              (VALUES ('Web Business', 30, true), ('Lite Starter', -1, true), ('Web Enterprise', 10, false)) l (plan, days, active)
              JOIN plans p ON p.plan_name = l.plan
     ), people AS (
       INSERT INTO client_users (client_id, first_name, email, type_of_user, is_active)
       SELECT o.client_id, v.name, lower(v.name) || '@edge.example', 'OrgAdmin', v.active
         FROM organisation o, (VALUES ('Ada', true), ('Bo', true), ('Cy', true), ('Di', false), ('Ed', true)) v (name, active)
       RETURNING user_id, first_name
     ), roles_held AS (
       INSERT INTO user_roles (user_id, role_id, product_id)
       SELECT people.user_id, r.role_id, r.product_id
         FROM people JOIN (VALUES ('Ada', 'YOZY-WEB', 'Admin'), ('Ada', 'YOZY-WEB', 'Member'), ('Bo', 'YOZY-WEB', 'Member'),
                                  ('Cy', 'YOZY-LITE', 'Member'), ('Di', 'YOZY-WEB', 'Member')) h (name, product, role)
                ON h.name = people.first_name
              JOIN products pr ON pr.product_code = h.product
              JOIN roles r ON r.product_id = pr.product_id AND r.role_name = h.role
     )
     INSERT INTO sessions (token_hash, user_id, client_id, expires_at)
     SELECT $1, people.user_id, organisation.client_id, now() + interval '1 day'
       FROM people, organisation WHERE people.first_name = 'Ada'`,
    [hashToken(token)],
  );
  return token;
}

describe.each(TEST_DATABASE_KINDS)(`GET /users/me with ${MORE_PEOPLE} more people in other organisations on %s`, (kind) => {
  const statements: Statement[] = [];
  let db: Database;
  let drop: () => Promise<void> = async () => undefined;
  let agent: ReturnType<typeof request.agent>;
  const callers: Record<string, string> = {};

  const call = async <T = Record<string, unknown>>(method: 'get' | 'post', path: string, token?: string, body?: unknown, uuid?: string) => {
    let test = agent[method](path);
    if (token) test = test.auth(token, { type: 'bearer' });
    if (uuid) test = test.set('uuid', uuid);
    const response = await (body === undefined ? test : test.send(body as object));
    return { status: response.status, body: response.body as T };
  };
  /** One call of GET /users/me and the statements it ran. */
  const me = async (token: string, uuid?: string) => {
    statements.length = 0;
    const answer = await call<Record<string, unknown>>('get', '/users/me', token, undefined, uuid);
    return { ...answer, statements: [...statements] };
  };
  /** When the session of `token` was last used, in milliseconds. */
  const lastSeen = async (token: string) =>
    (
      await db.query<{ seen: number }>(
        'SELECT (extract(epoch FROM last_seen_at) * 1000)::float8 AS seen FROM sessions WHERE token_hash = $1',
        [hashToken(token)],
      )
    )[0]!.seen;

  beforeAll(async () => {
    ({ db, drop } = await openSeededDatabase(kind));
    await addOrganisations(db);
    callers.edge = await addEdgeOrganisation(db);
    agent = request
      .agent(createApp({ db: recording(db, statements), serviceToken: TEST_SERVICE_TOKEN, secretKey: TEST_SECRET_KEY }))
      .set(SERVICE_TOKEN_HEADER, TEST_SERVICE_TOKEN);
    const signIn = async (email: string) =>
      (await call<{ token: string }>('post', '/users/signIn', undefined, { email, password: DEMO_PASSWORD })).body.token;
    callers.person = await signIn('admin@acme.local');
    const provider = (callers.provider = await signIn('admin@yozy.local'));
    const [acme] = await db.query<{ client_id: number }>("SELECT client_id FROM client_users WHERE email = 'admin@acme.local'");
    const key = async (body: Record<string, unknown>) =>
      (await call<{ Secret: string }>('post', '/platform/api-keys', provider, { Access: 'READ', ...body })).body.Secret;
    callers['key for every organisation'] = await key({ Name: 'Measured everywhere' });
    callers['key for one organisation'] = await key({ Name: 'Measured at Acme', ClientId: acme!.client_id });
  }, 120_000);
  afterAll(async () => {
    await db?.close();
    await drop();
  });

  /** Each caller as last seen more than a minute ago, so the call also keeps their last use. */
  const stale = () =>
    db.exec(`UPDATE sessions SET last_seen_at = now() - interval '2 minutes' WHERE ended_at IS NULL;
             UPDATE api_keys SET last_used_at = now() - interval '2 minutes'`);

  it.each(['person', 'key for every organisation', 'key for one organisation'])(
    `a %s runs at most ${STATEMENT_BUDGET} statements, authentication and keeping the last use included`,
    async (caller) => {
      await stale();
      const touching = await me(callers[caller]!);
      expect(touching.status).toBe(200);
      expect(touching.statements.length).toBeLessThanOrEqual(STATEMENT_BUDGET);
      const fresh = await me(callers[caller]!);
      expect(fresh.status).toBe(200);
      expect(fresh.statements.length).toBeLessThanOrEqual(STATEMENT_BUDGET);
    },
  );

  it.each(['person', 'key for every organisation', 'key for one organisation'])(
    'no statement of a %s reads a whole table that grows with the people',
    async (caller) => {
      await stale();
      const { statements: ran } = await me(callers[caller]!);
      for (const statement of ran) {
        expect(await largeTablesReadWhole(db, statement), statement.sql.replace(/\s+/g, ' ').slice(0, 160)).toEqual([]);
      }
    },
  );

  it('keeps a session’s last use to the minute, and not for a caller the uuid header refuses', async () => {
    const token = callers.person!;
    const { body } = await me(token);
    await stale();
    const before = await lastSeen(token);
    expect((await me(token, '00000000-0000-0000-0000-000000000000')).status).toBe(401);
    expect(await lastSeen(token)).toBe(before);
    expect((await me(token, String(body.UUID))).status).toBe(200);
    const touched = await lastSeen(token);
    expect(touched).toBeGreaterThan(before);
    expect((await me(token)).status).toBe(200);
    expect(await lastSeen(token)).toBe(touched);
  });

  it('counts the organisation’s active people, the seats they take, its live capacity and next licence end, as its list row does', async () => {
    const { body } = await me(callers.edge!);
    const organisation = body.OrgDetails as Record<string, unknown>;
    const [{ lastDay }] = (await db.query<{ lastDay: string }>(`SELECT to_char(current_date + 30, 'YYYY-MM-DD') AS "lastDay"`)) as [
      { lastDay: string },
    ];
    expect(organisation).toMatchObject({
      ClientCompanyName: 'Edge organisation',
      UserCount: 4,
      SeatsUsed: 2,
      SeatCapacity: 50,
      LicenceExpiresOn: lastDay,
    });
    const listed = await call<Record<string, unknown>[]>(
      'get',
      `/subscription_client_details?ClientId=eq.${organisation.ClientId}`,
      callers.provider,
    );
    expect(listed.body).toEqual([organisation]);
  });
});
