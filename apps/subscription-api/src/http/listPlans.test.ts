import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_TOKEN_HEADER } from '@yozy/shared';
import { createApp } from '#app';
import type { Database, QueryOptions, Row, Transaction } from '#db/database';
import { clientUsers } from '#domain/people';
import { auditEntries } from '#routes/auditLog';
import { clients } from '#routes/clients';
import { userRoles } from '#routes/clientUsers';
import { enquiries } from '#routes/enquiryDecisions';
import { groups, personGroups } from '#routes/groups';
import { groupCandidates, groupMembers } from '#routes/groupMembers';
import { invitations } from '#routes/invitations';
import { licences } from '#routes/licences';
import { administrators } from '#routes/platform/administrators';
import { apiKeys } from '#routes/platform/apiKeys';
import { organizationChoices } from '#routes/platform/organizationChoices';
import { outbox } from '#routes/platform/outbox';
import { managedPlans } from '#routes/platform/plans';
import { managedProducts } from '#routes/platform/products';
import { regions } from '#routes/platform/regions';
import { roles } from '#routes/platform/roles';
import { projects } from '#routes/projects';
import { sessions } from '#routes/sessions';
import { DEMO_PASSWORD } from '#seed/demo';
import { seedLarge } from '#seed/large';
import { TEST_SECRET_KEY, TEST_SERVICE_TOKEN } from '#testing/restApi';
import { openSeededDatabase } from '#testing/testDatabase';
import { TEST_DATABASE_KINDS } from '#testing/testDatabases';
import type { ResourceDefinition } from './resource';

/**
 * Every list the console shows, read as the console reads it (through the route, with the bounded
 * count the gateway always asks for), on a database seeded with the large data at a small scale:
 * tens of thousands of sessions and audit entries, thousands of people. Each statement a list runs
 * is explained by PostgreSQL, and none may read a large table from start to end, for the first
 * page, a search, each sort either way, a filter or the last page; nor may any count every row
 * that matches: a total is read from a kept counter or counted only as far as the bound. The
 * embedded database is not measured: its planner is PostgreSQL's, and what it is given is the same SQL.
 */

const SCALE = 0.05;
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
/** Mail written to the outbox, for its list to have a real size too. */
const OUTBOX_MAIL = 20_000;
const EXTRA_PEOPLE = 40_000;
/** Enquiries decided long ago, for the enquiry search to weigh its indexes against the table at full size. */
const EXTRA_ENQUIRIES = 30_000;
/** Text held by a handful of enquiries, long enough (three letters or more) for the trigram indexes. */
const RARE_TEXT = 'Quasar7';
/** The indexes that find text anywhere in each field the enquiry search reads (migration 088). */
const ENQUIRY_SEARCH_INDEXES = [
  'enquiries_company_name_trgm_idx',
  'enquiries_admin_first_name_trgm_idx',
  'enquiries_admin_last_name_trgm_idx',
  'enquiries_admin_email_trgm_idx',
  'enquiries_contact_name_trgm_idx',
];

type Statement = { sql: string; params: readonly unknown[] };
type Caller = 'organisation admin' | 'provider';
type List = { name: string; path: string; resource: ResourceDefinition; callers: Caller[]; filter: string; scope?: string };

/** The database as the service sees it, writing down every statement it is given. */
function recording(db: Database, statements: Statement[]): Database {
  const record = (target: Transaction): Transaction => ({
    query<T extends Row>(sql: string, params: readonly unknown[] = [], options?: QueryOptions) {
      statements.push({ sql, params });
      return target.query<T>(sql, params, options);
    },
    exec(sql: string) {
      return target.exec(sql);
    },
  });
  return { ...db, ...record(db), transaction: (work) => db.transaction((tx) => work(record(tx))) };
}

/** The plan PostgreSQL runs for a statement with these values, run and measured. */
async function analysed(db: Database, { sql, params }: Statement): Promise<unknown> {
  const [row] = await db.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, params);
  return row?.['QUERY PLAN'];
}

/** Every node of a plan, depth first. */
function nodesOf(plan: unknown, found: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (Array.isArray(plan)) plan.forEach((node) => nodesOf(node, found));
  else if (plan && typeof plan === 'object') {
    if ('Node Type' in plan) found.push(plan as Record<string, unknown>);
    Object.values(plan).forEach((value) => nodesOf(value, found));
  }
  return found;
}

/** The rows each table's scans read in an analysed plan, those its filter left out included. */
function rowsRead(plan: unknown, read: Record<string, number> = {}): Record<string, number> {
  if (Array.isArray(plan)) plan.forEach((node) => rowsRead(node, read));
  else if (plan && typeof plan === 'object') {
    const node = plan as Record<string, number | string | undefined>;
    if (String(node['Node Type']).endsWith('Scan') && node['Relation Name'] !== undefined) {
      const rows = (Number(node['Actual Rows'] ?? 0) + Number(node['Rows Removed by Filter'] ?? 0)) * Number(node['Actual Loops'] ?? 1);
      read[String(node['Relation Name'])] = (read[String(node['Relation Name'])] ?? 0) + rows;
    }
    Object.values(node).forEach((value) => rowsRead(value, read));
  }
  return read;
}

/**
 * Every table a plan reads from start to end, wherever it sits in the plan; but not a table an
 * `EXISTS (SELECT 1 FROM table …)` reads, when the planner expects so many rows to match that the
 * first is found at once (a plan's licences, say): that read stops at its first row.
 */
function sequentialScans(sql: string, plan: unknown, found: string[] = []): string[] {
  if (Array.isArray(plan)) plan.forEach((node) => sequentialScans(sql, node, found));
  else if (plan && typeof plan === 'object') {
    const node = plan as Record<string, unknown>;
    const table = String(node['Relation Name']);
    const stopsAtFirst = node['Parent Relationship'] === 'SubPlan' && sql.includes(`EXISTS (SELECT 1 FROM ${table} `);
    if (node['Node Type'] === 'Seq Scan' && !stopsAtFirst) found.push(table);
    Object.values(node).forEach((value) => sequentialScans(sql, value, found));
  }
  return found;
}

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
      const { organisations } = await seedLarge(db, SCALE);
      // As the seed does, without the service's limit for one statement: a busy machine may take longer.
      await db.transaction(async (tx) => {
        await tx.query('SET LOCAL statement_timeout = 0');
        await tx.exec(`
      -- Mail sent, and one in a hundred given up.
      INSERT INTO mail_outbox (to_address, subject, template, text_body, html_body, masked_text_body, masked_html_body, client_id,
                               created_at, sent_at, failed_at, attempts, error)
      SELECT 'person' || n || '@outbox.sized.example', 'Your invitation ' || n, 'invitation', 'Hello', '<p>Hello</p>', 'Hello', '<p>Hello</p>',
             (SELECT min(client_id) FROM clients) + n % 50, now() - make_interval(mins => n),
             CASE WHEN n % 100 <> 0 THEN now() - make_interval(mins => n) END, CASE WHEN n % 100 = 0 THEN now() - make_interval(mins => n) END,
             1, CASE WHEN n % 100 = 0 THEN 'Mailbox unavailable' END
        FROM generate_series(1, ${OUTBOX_MAIL}) n;
      -- More people in the same organisations, deactivated (so taking no seat) with a role each, for
      -- the people and role tables to weigh what they do at full size against the tables joined to them.
      INSERT INTO client_users (client_id, first_name, last_name, email, type_of_user, is_active)
      SELECT c.client_id, 'Extra', n::text, 'extra' || n || '@people.sized.example', 'User', false
        FROM generate_series(1, ${EXTRA_PEOPLE}) n
        JOIN (SELECT client_id, row_number() OVER (ORDER BY client_id) - 1 AS k FROM clients) c
          ON c.k = n % (SELECT count(*) FROM clients);
      INSERT INTO user_roles (user_id, role_id, product_id)
      SELECT u.user_id, r.role_id, r.product_id
        FROM client_users u, (SELECT role_id, product_id FROM roles WHERE product_id IS NOT NULL ORDER BY role_id LIMIT 1) r
       WHERE u.email LIKE 'extra%@people.sized.example';
      -- Enquiries refused long ago, a few of them from a company named with the rare text.
      INSERT INTO enquiries (company_name, admin_first_name, admin_last_name, admin_email, contact_name, is_approved, decided_at, created_at)
      SELECT CASE WHEN n % 5000 = 0 THEN '${RARE_TEXT} Holdings ' ELSE 'Earlier prospect ' END || n, 'Earlier', 'Applicant ' || n,
             'earlier' || n || '@enquiries.sized.example', 'Contact ' || n, 'R', now() - interval '400 days', now() - interval '401 days'
        FROM generate_series(1, ${EXTRA_ENQUIRIES}) n;
      ANALYZE;`);
      });
      // What autovacuum does after a large write: moves the rows written since their trigram
      // indexes were made from the indexes' pending lists into the indexes.
      await db.exec('VACUUM enquiries, client_users, audit_log, sessions');
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

    const lists = (): List[] => {
      const both: Caller[] = ['organisation admin', 'provider'];
      const provider: Caller[] = ['provider'];
      const organisation = `ClientId=eq.${ids.client}`;
      return [
        { name: 'organisations', path: '/subscription_client_details', resource: clients, callers: provider, filter: 'IsActive=is.false' },
        {
          name: 'people',
          path: '/subscription_client_users',
          resource: clientUsers,
          callers: both,
          filter: 'Status=eq.INVITED',
          scope: organisation,
        },
        {
          name: 'role assignments',
          path: '/subscription_user_role_mapping',
          resource: userRoles,
          callers: both,
          filter: `UserId=gt.0`,
          scope: organisation,
        },
        {
          name: 'invitations',
          path: '/subscription/invitations',
          resource: invitations,
          callers: both,
          filter: 'ExpiresAt=gt.2000-01-01T00:00:00Z',
          scope: organisation,
        },
        {
          name: 'groups',
          path: '/agilesaas_itsmassignmentgroup_master',
          resource: groups,
          callers: both,
          filter: 'GroupName=eq.Delivery',
          scope: organisation,
        },
        {
          name: 'group members',
          path: '/subscription_user_group_mapping',
          resource: groupMembers,
          callers: both,
          filter: 'IsActive=is.true',
          scope: `GroupId=eq.${ids.group}`,
        },
        {
          name: 'group candidates',
          path: '/subscription_user_group_mapping/candidates',
          resource: groupCandidates,
          callers: both,
          filter: 'IsMember=is.false',
          scope: `GroupId=eq.${ids.group}`,
        },
        {
          name: 'a person’s groups',
          path: '/subscription_user_groups',
          resource: personGroups,
          callers: both,
          filter: 'GroupName=eq.Delivery',
          scope: organisation,
        },
        {
          name: 'licences',
          path: '/subscription_client_license_details',
          resource: licences,
          callers: both,
          filter: 'IsActive=is.true',
          scope: organisation,
        },
        {
          name: 'sessions of an organisation',
          path: '/subscription_user_sessions',
          resource: sessions,
          callers: both,
          filter: 'EndedAt=is.null',
          scope: organisation,
        },
        { name: 'sessions', path: '/subscription_user_sessions', resource: sessions, callers: provider, filter: 'EndedAt=is.null' },
        {
          name: 'audit log of an organisation',
          path: '/subscription_audit_log',
          resource: auditEntries,
          callers: both,
          filter: 'Action=eq.user.update',
          scope: organisation,
        },
        { name: 'audit log', path: '/subscription_audit_log', resource: auditEntries, callers: provider, filter: 'Action=eq.user.update' },
        {
          name: 'projects',
          path: '/agilesaas_project_master',
          resource: projects,
          callers: both,
          filter: 'IsClosed=is.false',
          scope: organisation,
        },
        {
          name: 'enquiries',
          path: '/subscription/subscription_web_enquiry',
          resource: enquiries,
          callers: provider,
          filter: 'Status=eq.PENDING',
        },
        { name: 'outbox', path: '/platform/outbox', resource: outbox, callers: provider, filter: 'Status=eq.FAILED' },
        {
          name: 'plans',
          path: '/platform/subscription_plan_master',
          resource: managedPlans,
          callers: provider,
          filter: 'Retired=is.false',
        },
        {
          name: 'products',
          path: '/platform/subscription_product_master',
          resource: managedProducts,
          callers: provider,
          filter: 'Domain=eq.web',
        },
        { name: 'regions', path: '/platform/regions', resource: regions, callers: provider, filter: 'IsActive=is.true' },
        { name: 'roles', path: '/platform/roles', resource: roles, callers: provider, filter: 'RoleName=eq.Admin' },
        {
          name: 'administrators',
          path: '/platform/administrators',
          resource: administrators,
          callers: provider,
          filter: 'IsActive=is.true',
        },
        { name: 'API keys', path: '/platform/api-keys', resource: apiKeys, callers: provider, filter: 'Access=eq.READ' },
        {
          name: 'organisation choices',
          path: '/platform/organization_choices',
          resource: organizationChoices,
          callers: provider,
          filter: 'ChoiceList=eq.ClientType',
        },
      ];
    };

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
