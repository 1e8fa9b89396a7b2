import { resolve } from 'node:path';
import type { AuditAction } from '@yozy/shared/auditLog';
import { parseArgs } from 'node:util';
import { openDatabase, type Database, type DatabaseLocation, type Transaction } from '#db/database';
import { migrate } from '#db/migrate';
import { createMailer, DEFAULT_MAIL_CONFIG } from '#mail/mailer';
import { hashPassword } from '#security/passwords';
import { DEMO_PASSWORD, seedDemoData } from './demo';

/**
 * A database of real size, to see how the console's lists behave on it: at scale 1, 10,000
 * organisations, 100,000 people (ten each), 1,000,000 sign-in sessions, 1,000,000 audit entries and
 * 50,000 enquiries, with each organisation's licences, groups, role assignments and pending
 * invitations. Every row is written by set-based SQL (INSERT … SELECT over generate_series), the
 * large tables in slices so the progress can be shown.
 *
 * The console's rules hold: an organisation's people hold a role on a product only while its live
 * licences have a seat for them (one seat per active person per product), its first person is its
 * admin, invited people have no password yet, and a pending sign-up enquiry's admin email is unique.
 * Active people sign in with the demo password; the invitation links are not mailed (their token
 * hashes are not of any token, so they cannot be redeemed).
 */

/** What scale 1 writes. */
export const LARGE_SIZE = {
  organisations: 10_000,
  peoplePerOrganisation: 10,
  sessions: 1_000_000,
  auditEntries: 1_000_000,
  enquiries: 50_000,
};

/** How the large data's organisations are named, and so recognised: a second run refuses. */
export const LARGE_ORGANISATION_PREFIX = 'Sized organisation ';
const EMAIL_DOMAIN = 'sized.example';
/** Rows per statement for the large tables: big enough to be set-based, small enough to show progress. */
const SLICE = 50_000;

export type LargeSeedCounts = {
  organisations: number;
  people: number;
  sessions: number;
  auditEntries: number;
  enquiries: number;
};

export type Progress = (done: number, total: number, step: string) => void;

export function largeCounts(scale: number): LargeSeedCounts {
  if (!Number.isFinite(scale) || scale <= 0 || scale > 10) throw new Error('The scale must be a number above 0 and at most 10');
  const organisations = Math.max(1, Math.round(LARGE_SIZE.organisations * scale));
  return {
    organisations,
    people: organisations * LARGE_SIZE.peoplePerOrganisation,
    sessions: Math.max(1, Math.round(LARGE_SIZE.sessions * scale)),
    auditEntries: Math.max(1, Math.round(LARGE_SIZE.auditEntries * scale)),
    enquiries: Math.max(1, Math.round(LARGE_SIZE.enquiries * scale)),
  };
}

/** The organisations of the large data, numbered from 1 in the order they were made. */
const SIZED_ORGANISATIONS = `(SELECT client_id, row_number() OVER (ORDER BY client_id) AS n
    FROM clients WHERE company_name LIKE '${LARGE_ORGANISATION_PREFIX}%')`;
/** Its people who can sign in, numbered from 1. */
const SIZED_SIGNED_UP = `(SELECT user_id, client_id, row_number() OVER (ORDER BY user_id) AS n
    FROM client_users WHERE email LIKE '%.${EMAIL_DOMAIN}' AND password_hash IS NOT NULL)`;

const DEPARTMENTS = `(ARRAY['Engineering','Sales','Support','Finance','Marketing','People','Operations','Legal'])`;
const CITIES = `(ARRAY['Lisbon','Pune','Toronto','Nairobi','Berlin','Osaka','Austin','Lyon','Sydney','Bogotá'])`;
// Eight actions of the log (the entry's record kind is the part before the dot), each with its words.
const SIZED_ACTIONS: readonly AuditAction[] = [
  'user.update',
  'user.invite',
  'user.deactivate',
  'group.create',
  'group.update',
  'licence.extend',
  'session.end',
  'organization.settings_change',
];
const ACTIONS = `(ARRAY[${SIZED_ACTIONS.map((action) => `'${action}'`).join(',')}])`;

/** Whether the large data is there already: the organisations it names. */
export async function hasLargeData(db: Database): Promise<boolean> {
  const [row] = await db.query<{ found: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM clients WHERE company_name LIKE '${LARGE_ORGANISATION_PREFIX}%') AS found`,
  );
  return row?.found ?? false;
}

/**
 * Writes the large data at `scale` (1 is the full size) into a migrated database that has the
 * catalogue (the demo data's products, plans and roles); refuses when it is there already.
 */
export async function seedLarge(db: Database, scale: number, progress: Progress = () => undefined): Promise<LargeSeedCounts> {
  const counts = largeCounts(scale);
  if (await hasLargeData(db)) {
    throw new Error(`This database has the large data already (organisations named "${LARGE_ORGANISATION_PREFIX}…"); nothing was written`);
  }
  const [catalogue] = await db.query<{ plans: number }>(
    `SELECT count(*)::int AS plans FROM plans p
      WHERE p.is_active AND EXISTS (SELECT 1 FROM roles r WHERE r.product_id = p.product_id)`,
  );
  if (!catalogue?.plans) throw new Error('The database has no plan whose product has roles: seed the demo data first');

  const { organisations: O, people: P, sessions: S, auditEntries: A, enquiries: E } = counts;
  const perOrganisation = LARGE_SIZE.peoplePerOrganisation;
  const total = O * 3 + P * 3 + S + A + E;
  let done = 0;
  const step = async (name: string, weight: number, sql: string, params: unknown[] = []) => {
    progress(done, total, name);
    await tx.query(sql, params);
    done += weight;
    progress(done, total, name);
  };
  const sliced = async (name: string, rows: number, sql: (from: number, to: number) => string) => {
    for (let from = 1; from <= rows; from += SLICE) {
      const to = Math.min(rows, from + SLICE - 1);
      await step(name, to - from + 1, sql(from, to));
    }
  };
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  // One transaction: a run that fails part-way leaves nothing behind, and can be run again.
  let tx: Transaction = db;
  await db.transaction(async (transaction) => {
    tx = transaction;
    // A slice of a million rows may take longer than the service's limit for one statement
    // (DATABASE_TIMEOUTS) on a busy machine: the seed has none, for this transaction only.
    await tx.query('SET LOCAL statement_timeout = 0');
    await write();
  });
  progress(done, total, 'planner statistics');
  // Each slice rewrote the counter of every organisation it wrote to (migration 087), and in one
  // transaction none of the old versions could be cleared as it went: the counters are written
  // anew, compact, as migration 095 does, for the platform's totals to read their own pages only.
  await db.exec('VACUUM FULL list_counts');
  await db.exec('ANALYZE');
  progress(total, total, 'done');
  return counts;

  async function write() {
    await step(
      'organisations',
      O,
      `INSERT INTO clients (company_name, date_onboarded, city, country, country_code, currency_code, contact_name,
                          client_type, is_active, created_at)
     SELECT '${LARGE_ORGANISATION_PREFIX}' || lpad(n::text, 6, '0'), current_date - (n % 1500),
            ${CITIES}[1 + n % 10], 'Portugal', 'PT', 'USD', 'Contact ' || n,
            types.names[1 + n % greatest(cardinality(types.names), 1)], n % 50 <> 0,
            now() - make_interval(days => n % 1500)
       FROM generate_series(1, $1::int) n,
            (SELECT array_agg(choice_name ORDER BY choice_id) AS names FROM organization_choices WHERE choice_list = 'ClientType') types`,
      [O],
    );
    // One live licence each, on a plan whose product has roles; every fifth organisation also an
    // expired one and every tenth one turned off.
    await step(
      'licences',
      O,
      `WITH offered AS (
       SELECT p.plan_id, p.product_id, row_number() OVER (ORDER BY p.plan_id) - 1 AS k, count(*) OVER () AS plans
         FROM plans p WHERE p.is_active AND EXISTS (SELECT 1 FROM roles r WHERE r.product_id = p.product_id)
     )
     INSERT INTO licences (client_id, product_id, plan_id, valid_till, is_active, created_at)
     SELECT o.client_id, p.product_id, p.plan_id, current_date + v.days, v.active, now() - make_interval(days => (o.n % 700)::int)
       FROM ${SIZED_ORGANISATIONS} o
       JOIN offered p ON p.k = o.n % p.plans
       CROSS JOIN LATERAL (VALUES (30 + (o.n % 365)::int, true, true), (-10 - (o.n % 200)::int, true, o.n % 5 = 0),
                                  (90, false, o.n % 10 = 0)) v (days, active, wanted)
      WHERE v.wanted`,
    );
    // Ten people each: the first is the admin; the tenth is invited (no password yet); the ninth of
    // every other organisation is disabled; the eighth of every seventh awaits approval.
    await step(
      'people',
      P,
      `INSERT INTO client_users (client_id, first_name, last_name, email, department_name, department_code, type_of_user,
                               is_active, awaiting_approval, password_hash, password_changed_at, created_at)
     SELECT o.client_id, 'Person' || k, 'Sized' || o.n, 'person' || k || '@org' || o.n || '.${EMAIL_DOMAIN}',
            ${DEPARTMENTS}[1 + (o.n + k) % 8], 'D' || (1 + (o.n + k) % 8),
            CASE WHEN k = 1 THEN 'OrgAdmin' ELSE 'User' END,
            NOT (k = 9 AND o.n % 2 = 0), k = 8 AND o.n % 7 = 0,
            CASE WHEN k = ${perOrganisation} THEN NULL ELSE $1 END, CASE WHEN k = ${perOrganisation} THEN NULL ELSE now() END,
            now() - make_interval(days => (o.n % 1500)::int, hours => k)
       FROM ${SIZED_ORGANISATIONS} o, generate_series(1, ${perOrganisation}) k`,
      [passwordHash],
    );
    // A role on the product of each live licence, for as many of the active people (admin first) as
    // the organisation's live seats on that product allow.
    await step(
      'roles within seats',
      P,
      `WITH seats AS (
       SELECT l.client_id, l.product_id, sum(p.capacity) AS capacity
         FROM licences l JOIN plans p ON p.plan_id = l.plan_id
         JOIN ${SIZED_ORGANISATIONS} o ON o.client_id = l.client_id
        WHERE l.is_active AND l.valid_till >= current_date
        GROUP BY l.client_id, l.product_id
     ), candidates AS (
       SELECT u.user_id, u.client_id, u.type_of_user, row_number() OVER (PARTITION BY u.client_id ORDER BY u.user_id) AS k
         FROM client_users u
        WHERE u.email LIKE '%.${EMAIL_DOMAIN}' AND u.is_active AND NOT u.awaiting_approval
     )
     INSERT INTO user_roles (user_id, role_id, product_id)
     SELECT c.user_id, r.role_id, s.product_id
       FROM candidates c JOIN seats s ON s.client_id = c.client_id AND c.k <= s.capacity
       CROSS JOIN LATERAL (
         SELECT role_id FROM roles WHERE product_id = s.product_id
          ORDER BY (role_name = CASE WHEN c.type_of_user = 'OrgAdmin' THEN 'Admin' ELSE 'Member' END) DESC, role_id
          LIMIT 1) r`,
    );
    await step(
      'groups',
      O,
      `WITH made AS (
       INSERT INTO groups (client_id, name, description, created_at)
       SELECT o.client_id, g.name, g.name || ' of ' || '${LARGE_ORGANISATION_PREFIX}' || o.n, now() - make_interval(days => (o.n % 400)::int)
         FROM ${SIZED_ORGANISATIONS} o, (VALUES ('Delivery'), ('Service desk')) g (name)
       RETURNING group_id, client_id, name
     )
     INSERT INTO group_members (group_id, user_id)
     SELECT m.group_id, u.user_id
       FROM made m JOIN client_users u ON u.client_id = m.client_id AND u.is_active
      WHERE (u.user_id % 2 = 0) = (m.name = 'Delivery')`,
    );
    await step(
      'invitations',
      P,
      `INSERT INTO user_tokens (user_id, email, purpose, token_hash, created_at, expires_at)
     SELECT u.user_id, u.email, 'invite', 'sized-invitation-' || u.user_id,
            now() - make_interval(days => (u.user_id % 14)::int), now() + make_interval(days => 7 - (u.user_id % 14)::int)
       FROM client_users u
      WHERE u.email LIKE '%.${EMAIL_DOMAIN}' AND u.password_hash IS NULL`,
    );
    // Sessions of the people who can sign in, spread over the last 90 days; one in ten still open.
    await sliced(
      'sessions',
      S,
      (from, to) =>
        `WITH people AS ${SIZED_SIGNED_UP}, counted AS (SELECT count(*) AS n FROM people)
       INSERT INTO sessions (token_hash, user_id, client_id, ip, user_agent, started_at, last_seen_at, expires_at, ended_at, end_reason)
       SELECT 'sized-session-' || i, p.user_id, p.client_id, '10.' || (i % 250) || '.' || (i % 199) || '.' || (i % 97),
              'Mozilla/5.0 (sized) ' || (i % 40), t.started, t.started + interval '20 minutes',
              t.started + interval '12 hours',
              CASE WHEN i % 10 = 0 THEN NULL ELSE t.started + interval '30 minutes' END,
              CASE WHEN i % 10 = 0 THEN NULL WHEN i % 3 = 0 THEN 'ended_by_admin' ELSE 'signed_out' END
         FROM generate_series(${from}::bigint, ${to}::bigint) i
         CROSS JOIN counted
         JOIN people p ON p.n = 1 + (i * 7919) % counted.n
         CROSS JOIN LATERAL (SELECT CASE WHEN i % 10 = 0 THEN now() - make_interval(mins => (i % 600)::int)
                                         ELSE now() - make_interval(days => (i % 90)::int, mins => (i % 1440)::int) END AS started) t`,
    );
    await sliced(
      'audit entries',
      A,
      (from, to) =>
        `WITH people AS ${SIZED_SIGNED_UP}, counted AS (SELECT count(*) AS n FROM people)
       INSERT INTO audit_log (client_id, actor_user_id, action, entity_type, entity_id, before, after, ip, created_at)
       SELECT p.client_id, p.user_id, ${ACTIONS}[1 + i % 8], split_part(${ACTIONS}[1 + i % 8], '.', 1), (i % 100000)::text,
              jsonb_build_object('isActive', true), jsonb_build_object('isActive', i % 2 <> 0),
              '10.0.' || (i % 250) || '.' || (i % 97), now() - make_interval(days => (i % 730)::int, secs => (i % 86400)::int)
         FROM generate_series(${from}::bigint, ${to}::bigint) i
         CROSS JOIN counted
         JOIN people p ON p.n = 1 + (i * 104729) % counted.n`,
    );
    // Sign-up enquiries: a third undecided (each admin email its own), a third approved, a third refused.
    await sliced(
      'enquiries',
      E,
      (from, to) =>
        `WITH offered AS (
         SELECT p.plan_id, p.product_id, row_number() OVER (ORDER BY p.plan_id) - 1 AS k, count(*) OVER () AS plans
           FROM plans p WHERE p.is_active
       ), deciders AS (
         SELECT min(user_id) AS user_id FROM client_users WHERE type_of_user = 'SuperAdmin'
       )
       INSERT INTO enquiries (company_name, city, country, country_code, currency_code, admin_first_name, admin_last_name,
                              admin_email, product_id, plan_id, is_approved, decided_by, decided_at, created_at)
       SELECT 'Sized prospect ' || i, ${CITIES}[1 + i % 10], 'Portugal', 'PT', 'USD', 'Prospect', 'Number ' || i,
              'admin' || i || '@prospect.${EMAIL_DOMAIN}', o.product_id, o.plan_id,
              (ARRAY[NULL, 'Y', 'R'])[1 + i % 3], CASE WHEN i % 3 <> 0 THEN d.user_id END,
              CASE WHEN i % 3 <> 0 THEN now() - make_interval(days => (i % 300)::int) END,
              now() - make_interval(days => (i % 300)::int + 1, secs => (i % 86400)::int)
         FROM generate_series(${from}::bigint, ${to}::bigint) i
         JOIN offered o ON o.k = i % o.plans
         CROSS JOIN deciders d`,
    );
  }
}

/** A progress line rewritten in place on a terminal, one line per step elsewhere. */
function progressLine(started: number): Progress {
  let last = '';
  let lastStep = '';
  return (done, total, step) => {
    const share = total ? done / total : 1;
    const width = 30;
    const filled = Math.round(share * width);
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    const line = `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${(share * 100).toFixed(0).padStart(3)}%  ${step}  ${seconds}s`;
    if (process.stdout.isTTY) process.stdout.write(`\r${line.padEnd(last.length)}`);
    else if (step !== lastStep) process.stdout.write(`${line}\n`);
    last = line;
    lastStep = step;
  };
}

async function main() {
  const { values } = parseArgs({ options: { scale: { type: 'string', default: '1' } } });
  const scale = Number(values.scale);
  const counts = largeCounts(scale);
  const location: DatabaseLocation = process.env.DATABASE_URL
    ? { url: process.env.DATABASE_URL }
    : // From where `npm run seed:large` was typed (npm runs the script in this workspace), as `npm start` reads it.
      { dataDir: resolve(process.env.INIT_CWD ?? '.', process.env.DATA_DIR ?? './data') };
  console.log(
    `Seeding ${'url' in location ? 'the PostgreSQL database of DATABASE_URL' : `the embedded database in ${location.dataDir}`} at scale ${scale}: ` +
      `${counts.organisations.toLocaleString('en')} organisations, ${counts.people.toLocaleString('en')} people, ` +
      `${counts.sessions.toLocaleString('en')} sessions, ${counts.auditEntries.toLocaleString('en')} audit entries, ` +
      `${counts.enquiries.toLocaleString('en')} enquiries`,
  );
  const db = await openDatabase(location);
  const started = Date.now();
  try {
    await migrate(db);
    await seedDemoData(
      db,
      createMailer(db, DEFAULT_MAIL_CONFIG, () => undefined),
    );
    await seedLarge(db, scale, progressLine(started));
    console.log(`\nDone in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await db.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(`\n${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  });
}
