import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_TOKEN_HEADER } from '@yozy/shared';
import { createApp } from '#app';
import type { Database } from '#db/database';
import { DEMO_PASSWORD } from '#seed/demo';
import { TEST_SECRET_KEY, TEST_SERVICE_TOKEN } from '#testing/restApi';
import { openSeededDatabase } from '#testing/testDatabase';
import { TEST_DATABASE_KINDS } from '#testing/testDatabases';
import { consoleLists, type Caller, type List } from './testing/consoleLists';
import { EXTRA_ENQUIRIES, RARE_TEXT, seedLargeBase } from './testing/largeBase';
import { analysed, nodesOf, recording, rowsRead, sequentialScans, type Statement } from './testing/queryPlans';

/**
 * Every list the console shows, read as the console reads it (through the route, with the bounded
 * count the gateway always asks for), on a database seeded with the large data at a small scale:
 * tens of thousands of sessions and audit entries, thousands of people. Each statement a list runs
 * is explained by PostgreSQL, and none may read a large table from start to end, for the first
 * page, a search, each sort either way, a filter or the last page; nor may any count every row
 * that matches: a total is read from a kept counter or counted only as far as the bound. The
 * embedded database is not measured: its planner is PostgreSQL's, and what it is given is the same SQL.
 */

const PAGE = 25;
/** Tables that grow with the organisations, people and their use: none may be read whole for one page. */
const LARGE_TABLES = [
  'clients',
  'client_users',
  'user_roles',
  'sessions',
  'audit_log',
  'enquiries',
  'mail_outbox',
  'user_tokens',
  'licences',
  'groups',
  'group_members',
];
/**
 * Each organisation type counts the organisations of that type: a quarter of them each, which
 * PostgreSQL rightly reads by the table (a few hundred pages at full size) rather than by an index.
 */
const READ_ON_PURPOSE: Record<string, string> = { 'organisation choices': 'clients' };
/** The indexes that find text anywhere in each field the enquiry search reads (migration 088). */
const ENQUIRY_SEARCH_INDEXES = [
  'enquiries_company_name_trgm_idx',
  'enquiries_admin_first_name_trgm_idx',
  'enquiries_admin_last_name_trgm_idx',
  'enquiries_admin_email_trgm_idx',
  'enquiries_contact_name_trgm_idx',
];

/** The queries of one list call: for each sortable field both ways, a search, a filter, the first and last page. */
function queriesOf(list: List, total: (query: string) => Promise<number>) {
  const scope = list.scope ? `&${list.scope}` : '';
  const fields = Object.entries(list.resource.fields);
  const searchable = fields.filter(([, field]) => field.searchable).map(([name]) => `${name}.ilike.*42*`);
  const sorts = fields.filter(([, field]) => field.sort).flatMap(([name]) => [`order=${name}.asc`, `order=${name}.desc`]);
  return async () => [
    `limit=${PAGE}${scope}`,
    ...(searchable.length ? [`limit=${PAGE}&or=(${encodeURIComponent(searchable.join(','))})${scope}`] : []),
    ...sorts.map((order) => `limit=${PAGE}&${order}${scope}`),
    `limit=${PAGE}&${list.filter}${scope}`,
    `limit=${PAGE}&offset=${Math.max(0, (await total(`limit=1${scope}`)) - PAGE)}${scope}`,
  ];
}

describe.runIf((TEST_DATABASE_KINDS as readonly string[]).includes('postgres'))(
  'the plans of every console list on a large organisation base (PostgreSQL)',
  () => {
    const statements: Statement[] = [];
    let db: Database;
    let drop: () => Promise<void> = async () => undefined;
    let agent: ReturnType<typeof request.agent>;
    const tokens = {} as Record<Caller, string>;
    const ids = { client: 0, group: 0 };

    beforeAll(async () => {
      ({ db, drop } = await openSeededDatabase('postgres'));
      const { organisations } = await seedLargeBase(db);
      agent = request
        .agent(createApp({ db: recording(db, statements), serviceToken: TEST_SERVICE_TOKEN, secretKey: TEST_SECRET_KEY }))
        .set(SERVICE_TOKEN_HEADER, TEST_SERVICE_TOKEN);
      const signIn = async (email: string) => {
        const response = await agent.post('/users/signIn').send({ email, password: DEMO_PASSWORD });
        expect(response.status, email).toBe(200);
        return (response.body as { token: string }).token;
      };
      // An organisation in the middle of the large data (an active one: every fiftieth is not), and its admin.
      const middle = Math.ceil(organisations / 2) + 1;
      tokens['organisation admin'] = await signIn(`person1@org${middle}.sized.example`);
      tokens.provider = await signIn('admin@yozy.local');
      const [found] = await db.query<{ client_id: number; group_id: number }>(
        `SELECT u.client_id, min(g.group_id) AS group_id FROM client_users u JOIN groups g ON g.client_id = u.client_id
        WHERE u.email = $1 GROUP BY u.client_id`,
        [`person1@org${middle}.sized.example`],
      );
      ids.client = found!.client_id;
      ids.group = found!.group_id;
    }, 120_000);
    afterAll(async () => {
      await db?.close();
      await drop();
    });

    const lists = () => consoleLists(ids);

    /** One call as the console makes it, and the statements it ran. */
    const call = async (caller: Caller, path: string, query: string) => {
      statements.length = 0;
      const response = await agent.get(`${path}?${query}`).auth(tokens[caller], { type: 'bearer' }).set('prefer', 'count=bounded');
      expect(response.status, `${caller}: ${path}?${decodeURIComponent(query)} → ${JSON.stringify(response.body)}`).toBe(200);
      // The total, exact or as far as it was counted (the console's last page is as far as that).
      const total = (response.get('content-range') ?? '').split('/')[1];
      return { total: Number(total === '*' ? response.get('total-more-than') : total), statements: [...statements] };
    };

    /**
     * What is wrong with a statement's plan, as PostgreSQL would plan it with these values: a page
     * may read no large table whole. A count may not count every matching row; counted as far as
     * its bound (`LIMIT n`), it may read no more than n rows of a large table, but for a search,
     * which reads as far as it takes to find its matches, as its page does when they are rare.
     */
    const readWhole = async ({ sql, params }: Statement, searching: boolean): Promise<string[]> => {
      if (!sql.startsWith('SELECT count(*)')) {
        const [row] = await db.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${sql}`, params);
        return sequentialScans(sql, row?.['QUERY PLAN']).filter((table) => LARGE_TABLES.includes(table));
      }
      const bound = Number(/ LIMIT (\d+)\) AS bounded$/.exec(sql)?.[1] ?? NaN);
      if (Number.isNaN(bound)) return ['a count of every matching row'];
      if (searching) return [];
      const [row] = await db.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, params);
      return Object.entries(rowsRead(row?.['QUERY PLAN']))
        .filter(([table, read]) => LARGE_TABLES.includes(table) && read > bound)
        .map(([table, read]) => `${table} (${read} rows read to count ${bound})`);
    };

    it('lists every page, search, sort and filter without reading a large table whole', async () => {
      const found: string[] = [];
      let explained = 0;
      for (const list of lists()) {
        for (const caller of list.callers) {
          const total = async (query: string) => (await call(caller, list.path, query)).total;
          for (const query of await queriesOf(list, total)()) {
            const ran = await call(caller, list.path, query);
            for (const statement of ran.statements) {
              if (!/^\s*(SELECT|WITH)\b/i.test(statement.sql)) continue;
              explained++;
              const tables = (await readWhole(statement, query.includes('&or='))).filter((table) => READ_ON_PURPOSE[list.name] !== table);
              if (tables.length) found.push(`${list.name} (${caller}, ${decodeURIComponent(query)}): ${tables.join(', ')}`);
            }
          }
        }
      }
      expect(explained).toBeGreaterThan(100);
      expect(found).toEqual([]);
    }, 120_000);

    it('reads the last page of the organisations in every order without working out the fields of the rows before it', async () => {
      const list = lists().find(({ name }) => name === 'organisations')!;
      const total = (await call('provider', list.path, 'limit=1')).total;
      expect(total).toBeGreaterThan(10 * PAGE);
      const orders = Object.entries(list.resource.fields)
        .filter(([, field]) => field.sort)
        .flatMap(([name]) => [`&order=${name}.asc`, `&order=${name}.desc`]);
      const found: string[] = [];
      for (const order of ['', ...orders]) {
        const query = `limit=${PAGE}&offset=${total - PAGE}${order}`;
        const ran = await call('provider', list.path, query);
        const [page] = ran.statements.filter(({ sql }) => sql.includes('json_build_object'));
        expect(page, query).toBeDefined();
        // Each organisation's people, seats and licences are looked up once per row shown, not
        // once for every organisation the page steps over.
        const lookups = nodesOf(await analysed(db, page!)).filter((node) => node['Parent Relationship'] === 'SubPlan');
        expect(lookups.length, query).toBeGreaterThan(0);
        const most = Math.max(...lookups.map((node) => Number(node['Actual Loops'])));
        if (most > PAGE) found.push(`${query}: a field's lookup ran ${most} times`);
      }
      expect(found).toEqual([]);
    });

    it('searches the enquiries for text inside any field it reads by their trigram indexes, not by reading every enquiry', async () => {
      const search = ['ClientCompanyName', 'AdminFirstname', 'AdminLastname', 'AdminEmail', 'ContactName'];
      const or = encodeURIComponent(`(${search.map((field) => `${field}.ilike.*${RARE_TEXT.toLowerCase()}*`).join(',')})`);
      const ran = await call('provider', '/subscription/subscription_web_enquiry', `limit=${PAGE}&order=CreatedAt.desc&or=${or}`);
      // The search finds the few enquiries of the company named with the text, whatever its case.
      expect(ran.total).toBe(EXTRA_ENQUIRIES / 5000);
      const [page] = ran.statements.filter(({ sql }) => sql.includes('json_build_object'));
      const nodes = nodesOf(await analysed(db, page!));
      const used = nodes.filter((node) => node['Node Type'] === 'Bitmap Index Scan').map((node) => node['Index Name']);
      expect(used.sort()).toEqual([...ENQUIRY_SEARCH_INDEXES].sort());
      expect(nodes.filter((node) => node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'enquiries')).toEqual([]);
    });

    it("searches the organisations for text inside their name or their contact's name by trigram indexes, not by reading every organisation", async () => {
      const or = encodeURIComponent(
        `(ClientCompanyName.ilike.*${RARE_TEXT.toLowerCase()}*,ClientContactName.ilike.*${RARE_TEXT.toLowerCase()}*)`,
      );
      const ran = await call('provider', '/subscription_client_details', `limit=${PAGE}&order=ClientCompanyName.asc&or=${or}`);
      const [page] = ran.statements.filter(({ sql }) => sql.includes('json_build_object'));
      expect(page).toBeDefined();
      // Planned as at full size: ten thousand organisations more, written for this plan only and taken back.
      const undone = new Error('taken back');
      let nodes: Record<string, unknown>[] = [];
      await db
        .transaction(async (tx) => {
          await tx.exec(`
            INSERT INTO clients (company_name, date_onboarded, city, country, country_code, currency_code, contact_name, client_type, is_active)
            SELECT CASE WHEN n % 5000 = 0 THEN '${RARE_TEXT} Industries ' ELSE 'Planned organisation ' END || n, current_date, 'Lisbon',
                   'Portugal', 'PT', 'USD', 'Contact ' || n, 'Enterprise', true
              FROM generate_series(1, 10000) n;
            -- What autovacuum does after a large write (VACUUM cannot run in a transaction).
            SELECT gin_clean_pending_list('clients_company_name_trgm_idx'), gin_clean_pending_list('clients_contact_name_trgm_idx');
            ANALYZE clients;`);
          const [row] = await tx.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${page!.sql}`, page!.params);
          nodes = nodesOf(row?.['QUERY PLAN']);
          throw undone;
        })
        .catch((error: unknown) => {
          if (error !== undone) throw error;
        });
      const used = nodes.filter((node) => node['Node Type'] === 'Bitmap Index Scan').map((node) => node['Index Name']);
      expect(used.sort()).toEqual(['clients_company_name_trgm_idx', 'clients_contact_name_trgm_idx']);
      // Only the two organisations of that name are read, not every one with the text tested on it.
      expect(rowsRead(nodes[0]).clients).toBe(2);
    });

    it("searches the platform's audit log and sessions for text inside a person's fields by indexes, reading only what it finds", async () => {
      const [person] = await db.query<{ email: string; first_name: string }>(
        `SELECT u.email, u.first_name FROM client_users u
          WHERE EXISTS (SELECT 1 FROM audit_log a WHERE a.actor_user_id = u.user_id) AND EXISTS (SELECT 1 FROM sessions s WHERE s.user_id = u.user_id)
          ORDER BY u.user_id DESC LIMIT 1`,
      );
      // The middle of the address: found only inside it, never at its start.
      const text = person!.email.slice(1, -1).toUpperCase();
      // As the console asks: newest first.
      const searches = [
        {
          table: 'audit_log',
          path: '/subscription_audit_log',
          order: 'CreatedAt.desc',
          fields: ['ActorFirstname', 'ActorLastname', 'ActorEmail', 'Action', 'EntityId'],
        },
        {
          table: 'sessions',
          path: '/subscription_user_sessions',
          order: 'StartedAt.desc',
          fields: ['UserFirstname', 'UserLastname', 'OfficialEmail', 'Ip'],
        },
      ];
      for (const { table, path, order, fields } of searches) {
        const or = encodeURIComponent(`(${fields.map((field) => `${field}.ilike.*${text}*`).join(',')})`);
        const ran = await call('provider', path, `limit=${PAGE}&order=${order}&or=${or}`);
        expect(ran.total, table).toBeGreaterThan(0);
        // The people holding the text are found first, by their trigram indexes.
        const [people] = ran.statements.filter(({ sql }) => sql.startsWith('SELECT user_id AS id FROM client_users'));
        expect(people, table).toBeDefined();
        expect(rowsRead(await analysed(db, people!)).client_users, people!.sql).toBeLessThanOrEqual(PAGE);
        for (const statement of ran.statements.filter(({ sql }) => sql.includes(` ${table} `))) {
          const plan = await analysed(db, statement);
          const nodes = nodesOf(plan);
          expect(
            nodes.filter((node) => node['Node Type'] === 'Seq Scan' && node['Relation Name'] === table),
            statement.sql,
          ).toEqual([]);
          // The rows of the person found, not the table: a search through the join read all of them.
          expect(rowsRead(plan)[table] ?? 0, statement.sql).toBeLessThanOrEqual(ran.total + PAGE);
        }
      }
    });

    it("counts the platform's audit log and sessions searched for a name many people share, or an action many entries hold, only as far as the bound", async () => {
      // Each table's indexes, to tell which table an index scan reads.
      const indexes = new Map(
        (
          await db.query<{ indexname: string; tablename: string }>(
            `SELECT indexname, tablename FROM pg_indexes WHERE schemaname = 'public'`,
          )
        ).map((row) => [row.indexname, row.tablename]),
      );
      const lists = [
        {
          table: 'audit_log',
          path: '/subscription_audit_log',
          order: 'CreatedAt.desc',
          fields: ['ActorFirstname', 'ActorLastname', 'ActorEmail', 'Action', 'EntityId'],
        },
        {
          table: 'sessions',
          path: '/subscription_user_sessions',
          order: 'StartedAt.desc',
          fields: ['UserFirstname', 'UserLastname', 'OfficialEmail', 'Ip'],
        },
      ];
      // "Sized1": the people of 111 organisations (1, 10–19, 100–199), more than a thousand, each
      // with their entries and sessions; "sized": every person of the large data, more than a search
      // names by their ids; "user": three of the log's eight actions.
      const texts = ['Sized1', 'sized', 'user'];
      const found: string[] = [];
      for (const { table, path, order, fields } of lists) {
        for (const text of texts) {
          const or = encodeURIComponent(`(${fields.map((field) => `${field}.ilike.*${text}*`).join(',')})`);
          const ran = await call('provider', path, `limit=${PAGE}&order=${order}&or=${or}`);
          const [count] = ran.statements.filter(({ sql }) => sql.startsWith('SELECT count(*)'));
          // A page holds a page and a count counts the rest, as far as the bound; "user" finds no session.
          if (!count) {
            expect(`${table} "${text}" ${ran.total}`).toBe(`sessions "user" ${ran.total}`);
            continue;
          }
          const most = Number(/ LIMIT (\d+)\) AS bounded$/.exec(count.sql)?.[1]);
          expect(most, count.sql).toBeGreaterThan(PAGE);
          for (const statement of ran.statements.filter(({ sql }) => sql.includes(` ${table} `))) {
            // No scan of the table or of an index of it goes past the bound: not row after row of the
            // list through its people, nor a bitmap of every entry of a common action.
            for (const node of nodesOf(await analysed(db, statement))) {
              const of = node['Relation Name'] ?? indexes.get(String(node['Index Name']));
              if (of !== table || !String(node['Node Type']).endsWith('Scan')) continue;
              const read =
                (Number(node['Actual Rows'] ?? 0) + Number(node['Rows Removed by Filter'] ?? 0)) * Number(node['Actual Loops'] ?? 1);
              // Give or take EXPLAIN's rounding: a scan run once per person gives its rows as a whole average per loop.
              if (read > most * 1.05)
                found.push(
                  `${table} "${text}": ${node['Node Type']} ${node['Index Name'] ?? ''} read ${read} (${statement.sql.slice(0, 60)}…)`,
                );
            }
          }
        }
      }
      expect(found).toEqual([]);
    });

    it("names the platform's audit actions for the filter from the action index, not an entry for every row", async () => {
      const ran = await call('provider', '/subscription_audit_log/actions', '');
      const [actions] = ran.statements.filter(({ sql }) => sql.includes('audit_log'));
      const read = rowsRead(await analysed(db, actions!)).audit_log ?? 0;
      // A step per action (and one past the last), where DISTINCT read the index entry of every row.
      const [{ distinct }] = (await db.query<{ distinct: number }>('SELECT count(DISTINCT action)::int AS distinct FROM audit_log')) as [
        { distinct: number },
      ];
      expect(distinct).toBeGreaterThan(3);
      expect(read).toBeLessThanOrEqual(distinct + 1);
    });

    it('reads the dashboard, the statistics and who has two-factor sign-in on without reading a large table whole', async () => {
      const found: string[] = [];
      let explained = 0;
      const reads = [
        ['/insights/dashboard', ''],
        ['/insights/statistics', ''],
        ['/insights/statistics', 'from=2026-01-01&to=2026-12-31'],
        ['/subscription_user_two_factor', `UserId=in.(1,2,3)`],
        ['/subscription_audit_log/actions', ''],
      ] as const;
      for (const caller of ['organisation admin', 'provider'] as const) {
        for (const [path, query] of reads) {
          const ran = await call(caller, path, query);
          for (const statement of ran.statements.filter(({ sql }) => /^\s*(SELECT|WITH)\b/i.test(sql))) {
            explained++;
            const tables = await readWhole(statement, false);
            if (tables.length) found.push(`${path} (${caller}, ${query}): ${tables.join(', ')}`);
          }
        }
      }
      expect(explained).toBeGreaterThan(10);
      expect(found).toEqual([]);
    });
  },
);
