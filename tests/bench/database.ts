import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { openDatabase, type Database } from '@yozy/subscription-api';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TEST_DATABASE_URL = 'postgres://yozy_ci:yozy_ci@127.0.0.1:5432/yozy_ci';
/** The database the bench fills and keeps, beside the one of TEST_DATABASE_URL unless BENCH_DATABASE_URL names another. */
const BENCH_DATABASE = 'yozy_bench';
/** How the large data names its organisations (apps/subscription-api/src/seed/large.ts). */
const SIZED_ORGANISATIONS = `company_name LIKE 'Sized organisation %'`;
/** Organisations at scale 1. */
const ORGANISATIONS_AT_SCALE_1 = 10_000;

export type BenchDatabase = {
  url: string;
  sizes: Record<string, number>;
  postgresVersion: string;
  seededNow: boolean;
  /** The admin of the first organisation of the large data, who signs in with the demo password. */
  organisationAdmin: string;
};

/** The bench database's address: BENCH_DATABASE_URL, or `yozy_bench` on the server of TEST_DATABASE_URL. */
export function benchDatabaseUrl(): string {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  const url = new URL(process.env.TEST_DATABASE_URL ?? TEST_DATABASE_URL);
  url.pathname = `/${BENCH_DATABASE}`;
  return url.toString();
}

/**
 * A PostgreSQL database holding the large data at `scale`: the one already filled at that scale
 * is used as it is (seeding takes minutes); one at another scale, or none, is made anew and
 * filled by `npm run seed:large`, which migrates it and writes the demo data first.
 */
export async function prepareBenchDatabase(scale: number): Promise<BenchDatabase> {
  const url = benchDatabaseUrl();
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!/^\w+$/.test(name)) throw new Error(`The bench database's name must be letters, digits and underscores: ${name}`);
  const wanted = Math.max(1, Math.round(ORGANISATIONS_AT_SCALE_1 * scale));
  const found = await sizedOrganisations(url);
  let seededNow = false;
  if (found !== wanted) {
    const server = new URL(url);
    server.pathname = '/postgres';
    const admin = await openDatabase({ url: server.toString(), poolMax: 1 });
    try {
      if (found !== null) console.log(`bench: ${name} holds ${found} sized organisations, not ${wanted}: making it anew`);
      await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.exec(`CREATE DATABASE ${name}`);
    } finally {
      await admin.close();
    }
    console.log(`bench: filling ${name} with the large data at scale ${scale} (npm run seed:large)`);
    await run('npm', ['run', 'seed:large', '--', '--scale', String(scale)], { ...process.env, DATABASE_URL: url });
    seededNow = true;
  } else {
    console.log(`bench: ${name} holds the large data at scale ${scale} already; using it as it is`);
  }
  const db = await openDatabase({ url, poolMax: 1 });
  try {
    const [admin] = await db.query<{ email: string }>(
      `SELECT u.email FROM client_users u JOIN clients c ON c.client_id = u.client_id
        WHERE c.${SIZED_ORGANISATIONS} AND c.is_active AND u.type_of_user = 'OrgAdmin' AND u.is_active
        ORDER BY c.client_id, u.user_id LIMIT 1`,
    );
    if (!admin) throw new Error('The large data has no active organisation admin');
    return { url, sizes: await sizesOf(db), postgresVersion: await versionOf(db), seededNow, organisationAdmin: admin.email };
  } finally {
    await db.close();
  }
}

/** The sized organisations the database holds, or null when there is no such database (or it is not migrated). */
async function sizedOrganisations(url: string): Promise<number | null> {
  let db: Database;
  try {
    db = await openDatabase({ url, poolMax: 1 });
    await db.query('SELECT 1');
  } catch (error) {
    if ((error as { code?: string }).code === '3D000') return null; // no such database
    throw error;
  }
  try {
    const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM clients WHERE ${SIZED_ORGANISATIONS}`);
    return row!.n;
  } catch {
    return null;
  } finally {
    await db.close();
  }
}

const SIZED_TABLES = {
  organisations: 'clients',
  people: 'client_users',
  'sign-in sessions': 'sessions',
  'audit entries': 'audit_log',
  enquiries: 'enquiries',
  groups: 'groups',
  licences: 'licences',
  'pending invitations': 'user_tokens',
} as const;

async function sizesOf(db: Database): Promise<Record<string, number>> {
  const sizes: Record<string, number> = {};
  for (const [what, table] of Object.entries(SIZED_TABLES)) {
    const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
    sizes[what] = row!.n;
  }
  return sizes;
}

async function versionOf(db: Database): Promise<string> {
  const [row] = await db.query<{ version: string }>(`SELECT current_setting('server_version') AS version`);
  return row!.version;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed (${code})`))));
  });
}
