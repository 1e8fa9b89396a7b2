import { SERVICE_TOKEN_HEADER } from '@yozy/shared';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#app';
import type { Database } from '#db/database';
import { createMailer, DEFAULT_MAIL_CONFIG } from '#mail/mailer';
import { DEMO_PASSWORD } from '#seed/demo';
import { TEST_SECRET_KEY, TEST_SERVICE_TOKEN } from '#testing/restApi';
import { openSeededDatabase } from '#testing/testDatabase';
import { TEST_DATABASE_KINDS } from '#testing/testDatabases';
import { MAX_FOUND_THROUGH } from './listSql';
import { COUNT_BOUND } from './listTotals';

/**
 * The totals the console's lists are shown with (`Prefer: count=bounded`): exact up to COUNT_BOUND
 * matching rows past the page and "more than" beyond; the sessions list and the audit log read
 * their unfiltered totals from counters kept per organisation, right after every insert and delete,
 * and each caller only ever their own organisation's.
 */

const BULK = COUNT_BOUND + 50;

describe.each(TEST_DATABASE_KINDS)('list totals on %s', (kind) => {
  let db: Database;
  let drop: () => Promise<void> = async () => undefined;
  let agent: ReturnType<typeof request.agent>;
  const tokens: Record<'acme' | 'globex' | 'provider', string> = { acme: '', globex: '', provider: '' };
  const ids = { acme: 0, globex: 0 };

  beforeAll(async () => {
    ({ db, drop } = await openSeededDatabase(kind));
    const mailer = createMailer(db, { ...DEFAULT_MAIL_CONFIG, secretKey: TEST_SECRET_KEY }, () => undefined);
    agent = request
      .agent(createApp({ db, mailer, serviceToken: TEST_SERVICE_TOKEN, secretKey: TEST_SECRET_KEY }))
      .set(SERVICE_TOKEN_HEADER, TEST_SERVICE_TOKEN);
    const signIn = async (email: string) => (await agent.post('/users/signIn').send({ email, password: DEMO_PASSWORD })).body.token;
    tokens.acme = await signIn('admin@acme.local');
    tokens.globex = await signIn('admin@globex.local');
    tokens.provider = await signIn('admin@yozy.local');
    const clients = await db.query<{ company_name: string; client_id: number }>('SELECT company_name, client_id FROM clients');
    ids.acme = clients.find((row) => row.company_name === 'Acme Corporation')!.client_id;
    ids.globex = clients.find((row) => row.company_name === 'Globex Industries')!.client_id;
    // An audit log longer than the bound, in Acme's organisation.
    await db.query(
      `INSERT INTO audit_log (client_id, action, entity_type, entity_id, created_at)
       SELECT $1, 'test.bulk', 'test', n::text, now() - make_interval(secs => n) FROM generate_series(1, $2::int) n`,
      [ids.acme, BULK],
    );
  }, 120_000);
  afterAll(async () => {
    await db?.close();
    await drop();
  });

  /** One page as the gateway asks for it: the range, the total, and whether it is exact. */
  const page = async (who: keyof typeof tokens, path: string, query: string, prefer = 'count=bounded') => {
    const response = await agent.get(`${path}?${query}`).auth(tokens[who], { type: 'bearer' }).set('prefer', prefer);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const [range = '', total = ''] = (response.get('content-range') ?? '').split('/');
    const moreThan = response.get('total-more-than');
    return total === '*' ? { range, total: Number(moreThan), exact: false } : { range, total: Number(total), exact: true };
  };
  const sessions = (who: keyof typeof tokens, query = 'limit=1') => page(who, '/subscription_user_sessions', query);
  const audit = (who: keyof typeof tokens, query = 'limit=1') => page(who, '/subscription_audit_log', query);
  const counted = async (table: 'sessions' | 'audit_log', clientId?: number) => {
    const [row] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${table}${clientId === undefined ? '' : ' WHERE client_id = $1'}`,
      clientId === undefined ? [] : [clientId],
    );
    return row!.n;
  };

  it('counts a list exactly while it holds no more than the bound', async () => {
    const all = await counted('sessions', ids.acme);
    expect(await sessions('acme', 'limit=2&order=StartedAt.desc')).toEqual({ range: '0-1', total: all, exact: true });
    const [live] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM sessions WHERE client_id = $1 AND ended_at IS NULL AND expires_at > now()',
      [ids.acme],
    );
    expect(await sessions('acme', 'limit=1&Active=eq.true')).toMatchObject({ total: live!.n, exact: true });
  });

  it('says "more than" the bound for a longer filtered list, and is exact again near its end', async () => {
    const filter = 'Action=eq.test.bulk';
    expect(await audit('acme', `limit=25&${filter}`)).toEqual({ range: '0-24', total: COUNT_BOUND, exact: false });
    // Asked to be exact, it counts every row.
    expect(await page('acme', '/subscription_audit_log', `limit=25&${filter}`, 'count=exact')).toMatchObject({ total: BULK, exact: true });
    // Past the bound the count goes one page further than the page read, so a next page is known to follow…
    expect(await audit('acme', `limit=25&offset=${COUNT_BOUND}&${filter}`)).toEqual({
      range: `${COUNT_BOUND}-${COUNT_BOUND + 24}`,
      total: COUNT_BOUND + 25,
      exact: false,
    });
    // …until the page reaches the end, and a short last page is its own count.
    expect(await audit('acme', `limit=25&offset=${BULK - 25}&${filter}`)).toMatchObject({ total: BULK, exact: true });
    expect(await audit('acme', `limit=25&offset=${BULK - 10}&${filter}`)).toMatchObject({ total: BULK, exact: true });
  });

  it('gives the exact unfiltered total of a long list from its counter', async () => {
    expect(await audit('acme')).toEqual({ range: '0-0', total: await counted('audit_log', ids.acme), exact: true });
    expect(await audit('provider', `limit=1&ClientId=eq.${ids.acme}`)).toMatchObject({
      total: await counted('audit_log', ids.acme),
      exact: true,
    });
    // The whole platform's log, the entries of no organisation with it.
    expect(await audit('provider')).toMatchObject({ total: await counted('audit_log'), exact: true });
    expect(await sessions('provider')).toMatchObject({ total: await counted('sessions'), exact: true });
    // Read from the counter, not counted: a counter that was wrong would show.
    await db.query(`UPDATE list_counts SET row_count = row_count + 1000 WHERE list = 'sessions' AND client_id = $1`, [ids.globex]);
    try {
      expect((await sessions('globex')).total).toBe((await counted('sessions', ids.globex)) + 1000);
    } finally {
      await db.query(`UPDATE list_counts SET row_count = row_count - 1000 WHERE list = 'sessions' AND client_id = $1`, [ids.globex]);
    }
  });

  it('keeps the counter right after sessions are added and deleted, a person with theirs included', async () => {
    const before = (await sessions('acme')).total;
    await agent.post('/users/signIn').send({ email: 'admin@acme.local', password: DEMO_PASSWORD });
    expect((await sessions('acme')).total).toBe(before + 1);

    const [person] = await db.query<{ user_id: number }>(
      `INSERT INTO client_users (client_id, first_name, last_name, email, type_of_user, is_active)
       VALUES ($1, 'Counted', 'Person', 'counted.person@acme.local', 'User', true) RETURNING user_id`,
      [ids.acme],
    );
    await db.query(
      `INSERT INTO sessions (token_hash, user_id, client_id, expires_at)
       SELECT 'counted-' || n, $1, $2, now() + interval '1 day' FROM generate_series(1, 3) n`,
      [person!.user_id, ids.acme],
    );
    expect((await sessions('acme')).total).toBe(before + 4);
    await db.query(`DELETE FROM sessions WHERE token_hash = 'counted-1'`);
    expect((await sessions('acme')).total).toBe(before + 3);
    await db.query('DELETE FROM client_users WHERE user_id = $1', [person!.user_id]);
    expect((await sessions('acme')).total).toBe(before + 1);
    expect((await sessions('acme')).total).toBe(await counted('sessions', ids.acme));
  });

  it('reads a page deep in a long counted list from its end, the same rows in the same order', async () => {
    const total = await counted('audit_log', ids.acme);
    for (const [order, sql] of [
      ['CreatedAt.desc', 'created_at DESC, audit_id DESC'],
      ['CreatedAt.asc', 'created_at ASC, audit_id ASC'],
    ]) {
      for (const offset of [total - 25, total - 10, total - 4_000]) {
        const response = await agent
          .get(`/subscription_audit_log?select=AuditId&limit=25&offset=${offset}&order=${order}`)
          .auth(tokens.acme, { type: 'bearer' })
          .set('prefer', 'count=bounded');
        const expected = await db.query<{ audit_id: number }>(
          `SELECT audit_id::int FROM audit_log WHERE client_id = $1 ORDER BY ${sql} LIMIT 25 OFFSET $2`,
          [ids.acme, offset],
        );
        expect(
          response.body.map((row: { AuditId: number }) => row.AuditId),
          `${order} from ${offset}`,
        ).toEqual(expected.map((row) => row.audit_id));
        expect(response.get('content-range')).toBe(`${offset}-${offset + expected.length - 1}/${total}`);
      }
    }
  });

  it('counts a search by a name, an action or a record the same as counting every match, each row once', async () => {
    // More people sharing a name than a search names by their ids, forty of them with entries and a
    // session; a name three people hold; and entries naming the common name in their action or record.
    await db.query(
      `INSERT INTO client_users (client_id, first_name, last_name, email, type_of_user, is_active)
       SELECT $1::int, 'Namesake', 'Number ' || n, 'namesake' || n || '@acme.local', 'User', false FROM generate_series(1, $2::int) n
       UNION ALL
       SELECT $1, 'Rarename', 'Number ' || n, 'rare' || n || '@acme.local', 'User', true FROM generate_series(1, 3) n`,
      [ids.acme, MAX_FOUND_THROUGH + 5],
    );
    const [{ first }] = (await db.query<{ first: number }>(
      `SELECT min(user_id)::int AS first FROM client_users WHERE first_name = 'Namesake'`,
    )) as [{ first: number }];
    await db.query(
      `INSERT INTO audit_log (client_id, actor_user_id, action, entity_type, entity_id)
       SELECT $1::int, u.user_id, CASE WHEN n = 1 THEN 'test.namesake' ELSE 'user.update' END, 'user', u.user_id::text
         FROM client_users u, generate_series(1, 2) n
        WHERE (u.first_name = 'Namesake' AND u.user_id < $2::int + 40) OR u.first_name = 'Rarename'
       UNION ALL
       SELECT $1, NULL, 'test.namesake', 'test', 'none' FROM generate_series(1, 7)
       UNION ALL
       SELECT $1, NULL, 'user.update', 'user', 'namesake-' || n FROM generate_series(1, 5) n`,
      [ids.acme, first],
    );
    await db.query(
      `INSERT INTO sessions (token_hash, user_id, client_id, ip, expires_at)
       SELECT 'namesake-' || u.user_id, u.user_id, $1, '10.9.9.' || (u.user_id % 200), now() + interval '1 day'
         FROM client_users u WHERE (u.first_name = 'Namesake' AND u.user_id < $2::int + 40) OR u.first_name = 'Rarename'`,
      [ids.acme, first],
    );
    try {
      const lists = [
        {
          path: '/subscription_audit_log',
          fields: ['ActorFirstname', 'ActorLastname', 'ActorEmail', 'Action', 'EntityId'],
          every: `SELECT count(*)::int AS n FROM audit_log a LEFT JOIN client_users u ON u.user_id = a.actor_user_id
                   WHERE (u.first_name ILIKE $1 OR u.last_name ILIKE $1 OR u.email ILIKE $1 OR a.action ILIKE $1 OR a.entity_id ILIKE $1)`,
          organisation: 'a.client_id',
        },
        {
          path: '/subscription_user_sessions',
          fields: ['UserFirstname', 'UserLastname', 'OfficialEmail', 'Ip'],
          every: `SELECT count(*)::int AS n FROM sessions s JOIN client_users u ON u.user_id = s.user_id
                   WHERE (u.first_name ILIKE $1 OR u.last_name ILIKE $1 OR u.email ILIKE $1 OR s.ip ILIKE $1)`,
          organisation: 's.client_id',
        },
      ];
      // The common name (through the join), the rare one (by the people's ids), the middle of a
      // word, an action's code, and a text no row holds.
      for (const text of ['namesake', 'RARENAME', 'amesak', 'test.bul', 'nobody-holds-this']) {
        for (const list of lists) {
          const or = `or=(${list.fields.map((field) => `${field}.ilike.*${text}*`).join(',')})`;
          for (const [who, scope] of [
            ['provider', ''],
            ['provider', `&ClientId=eq.${ids.acme}`],
            ['acme', ''],
          ] as const) {
            const query = `limit=1&${encodeURI(or)}${scope}`;
            const [row] = await db.query<{ n: number }>(
              `${list.every}${who === 'provider' && !scope ? '' : ` AND ${list.organisation} = $2`}`,
              who === 'provider' && !scope ? [`%${text}%`] : [`%${text}%`, ids.acme],
            );
            const every = row!.n;
            const bounded = await page(who, list.path, query);
            const what = `${list.path} ${who}${scope} "${text}"`;
            expect(bounded, what).toMatchObject(every > COUNT_BOUND ? { total: COUNT_BOUND, exact: false } : { total: every, exact: true });
            expect(await page(who, list.path, query, 'count=exact'), what).toMatchObject({ total: every, exact: true });
          }
        }
      }
    } finally {
      await db.query(`DELETE FROM audit_log WHERE action = 'test.namesake' OR entity_id LIKE 'namesake-%'`);
      await db.query(
        `DELETE FROM audit_log WHERE actor_user_id IN (SELECT user_id FROM client_users WHERE first_name IN ('Namesake', 'Rarename'))`,
      );
      await db.query(`DELETE FROM client_users WHERE first_name IN ('Namesake', 'Rarename')`);
    }
  }, 60_000);

  it("counts each organisation's rows for its own admin only, and never another's", async () => {
    const globexBefore = await sessions('globex');
    await agent.post('/users/signIn').send({ email: 'admin@acme.local', password: DEMO_PASSWORD });
    expect(await sessions('globex')).toEqual(globexBefore);
    expect(globexBefore.total).toBe(await counted('sessions', ids.globex));
    expect((await audit('globex')).total).toBe(await counted('audit_log', ids.globex));
    // Another organisation's total is refused like its rows.
    const refused = await agent
      .get(`/subscription_audit_log?limit=1&ClientId=eq.${ids.acme}`)
      .auth(tokens.globex, { type: 'bearer' })
      .set('prefer', 'count=bounded');
    expect(refused.status).toBe(403);
    expect(refused.get('content-range')).toBeUndefined();
    // No organisation's number is 0: the platform's own entries are not read as one organisation's.
    expect(await audit('provider', 'limit=1&ClientId=eq.0')).toEqual({ range: '*', total: 0, exact: true });
  });
});
