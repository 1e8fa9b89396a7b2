import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, openPglite, PGLITE_EXTENSIONS, type Database } from '#db/database';
import { migrate } from '#db/migrate';
import { createMailer, DEFAULT_MAIL_CONFIG } from '#mail/mailer';
import { seedDemoData } from '#seed/demo';

/**
 * Test databases are built once per test run and copied for each test file: migrating and
 * seeding, and above all starting an embedded database from nothing (initdb), cost seconds
 * that a copy does not.
 */

/** 'migrated': the schema only; 'seeded': the schema and the demo data. */
export type DatabaseContent = 'migrated' | 'seeded';

/** The embedded database always; a real PostgreSQL server too when TEST_DATABASE_URL is set. */
export const TEST_DATABASE_KINDS = process.env.TEST_DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

async function seed(db: Database) {
  await seedDemoData(
    db,
    createMailer(db, DEFAULT_MAIL_CONFIG, () => undefined),
  );
}

/**
 * Once per run: an embedded database migrated, then seeded, written after each step to the
 * file `files` names for it (PGlite's data-directory dump, a tar file).
 */
export async function dumpPglite(files: Partial<Record<DatabaseContent, string>>): Promise<void> {
  const pglite = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  try {
    const db = openPglite(pglite);
    await migrate(db);
    if (files.migrated) await writeDump(pglite, files.migrated);
    if (files.seeded) {
      await seed(db);
      await writeDump(pglite, files.seeded);
    }
  } finally {
    await pglite.close();
  }
}

/**
 * The data directory as a tar file, as small and as quick to start as it can be: a checkpoint
 * first, so a copy starts with nothing to replay, and without the WAL segments the copy cannot
 * need (16 MB each, half of the dump): those before the checkpoint's redo point, and those past
 * the last one written, which PostgreSQL only keeps to reuse. A copy writes its WAL on from the
 * checkpoint, making each next segment when it gets there, as a server does after a clean start.
 */
async function writeDump(pglite: PGlite, file: string) {
  await pglite.exec('CHECKPOINT');
  const {
    rows: [wal],
  } = await pglite.query<{ first: string; last: string }>(
    `SELECT pg_walfile_name(redo_lsn) AS first, pg_walfile_name(pg_current_wal_insert_lsn()) AS last FROM pg_control_checkpoint()`,
  );
  const dump = new Uint8Array(await (await pglite.dumpDataDir('none')).arrayBuffer());
  // Segment names of one timeline sort as their positions in the WAL do.
  const unneeded = (name: string) => WAL_SEGMENT.test(name) && (name.slice(-24) < wal!.first || name.slice(-24) > wal!.last);
  await writeFile(file, tarWithout(dump, unneeded));
}

const WAL_SEGMENT = /(^|\/)pg_wal\/[0-9A-F]{24}$/;

/** The files of a tar file (ustar, as PGlite writes it): each one's path and its whole entry, header and content. */
export function* tarEntries(tar: Uint8Array): Generator<{ path: string; entry: Uint8Array }> {
  const BLOCK = 512;
  const text = (from: number, length: number) => {
    const field = tar.subarray(from, from + length);
    const end = field.indexOf(0);
    return new TextDecoder().decode(end === -1 ? field : field.subarray(0, end));
  };
  let at = 0;
  // Two empty blocks end the file.
  while (at + BLOCK <= tar.length && tar.subarray(at, at + BLOCK).some((byte) => byte !== 0)) {
    const prefix = text(at + 345, 155);
    const path = prefix ? `${prefix}/${text(at, 100)}` : text(at, 100);
    const size = parseInt(text(at + 124, 12).trim() || '0', 8);
    const end = at + BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    yield { path, entry: tar.subarray(at, end) };
    at = end;
  }
}

/** A tar file without the files whose path `drop` accepts. */
function tarWithout(tar: Uint8Array, drop: (path: string) => boolean): Uint8Array {
  const kept = [...tarEntries(tar)].filter(({ path }) => !drop(path)).map(({ entry }) => entry);
  return Buffer.concat([...kept, new Uint8Array(1024)]);
}

/** Per test file: a fresh embedded database holding what `dumpPglite` wrote to `file`. */
export async function openPgliteDump(file: string): Promise<Database> {
  // Read once per process: a Blob is never changed by what reads it.
  const dumps = (perProcess.yozyPgliteDumps ??= new Map());
  if (!dumps.has(file))
    dumps.set(
      file,
      readFile(file).then((bytes) => new Blob([bytes])),
    );
  const dump = await dumps.get(file)!;
  const { pgliteWasmModule, fsBundle } = await pgliteArtifacts();
  return openPglite(await PGlite.create({ loadDataDir: dump, pgliteWasmModule, fsBundle, extensions: PGLITE_EXTENSIONS }));
}

type PgliteArtifacts = { pgliteWasmModule: WasmModule; fsBundle: Blob };
type WasmModule = NonNullable<PGliteOptions['pgliteWasmModule']>;
// Node's WebAssembly global, which the service's types (no DOM library) only know as a namespace.
const { WebAssembly: wasm } = globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> } };

// On globalThis: test files that share a process (isolate: false) may each evaluate this module.
const perProcess = globalThis as { yozyPgliteArtifacts?: Promise<PgliteArtifacts>; yozyPgliteDumps?: Map<string, Promise<Blob>> };

/**
 * PGlite's WebAssembly compiled, and its file-system bundle read, once per process: each database
 * a test process opens would otherwise compile and read them again (and tier the code up again).
 */
function pgliteArtifacts(): Promise<PgliteArtifacts> {
  const dist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  perProcess.yozyPgliteArtifacts ??= Promise.all([readFile(join(dist, 'pglite.wasm')), readFile(join(dist, 'pglite.data'))]).then(
    async ([code, data]) => ({ pgliteWasmModule: await wasm.compile(code), fsBundle: new Blob([data]) }),
  );
  return perProcess.yozyPgliteArtifacts;
}

export type ScratchDatabase = { url: string; drop(): Promise<void> };

/** How long the run's template databases wait for a connection (see createPostgresTemplate). */
const TEMPLATE_CONNECT_MS = 60_000;

/** Once per run, on the server of `adminUrl`: a template database with `content`, copied per test file. */
export async function createPostgresTemplate(
  content: DatabaseContent,
  adminUrl = testDatabaseUrl(),
): Promise<{ name: string; drop(): Promise<void> }> {
  const { name, url, drop } = await scratchPostgres(adminUrl, 'yozy_template');
  // Made while the embedded database is dumped in the same process, whose work can hold the event
  // loop for seconds on a busy machine: a connection is given longer than a service gives it.
  const db = await openDatabase({ url, connectMs: TEMPLATE_CONNECT_MS });
  try {
    await migrate(db);
    if (content === 'seeded') await seed(db);
  } finally {
    // A template cannot be copied while anyone is connected to it.
    await db.close();
  }
  return { name, drop };
}

/** Per test file: a database of its own copied from the template (CREATE DATABASE … TEMPLATE …). */
export async function copyPostgresTemplate(template: string, adminUrl = testDatabaseUrl()): Promise<ScratchDatabase> {
  const name = uniqueName('yozy_test');
  for (let attempt = 1; ; attempt++) {
    try {
      await adminQuery(adminUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`);
      break;
    } catch (error) {
      // 55006: the template was still in use (a copy being made at the same moment on an older server).
      if ((error as { code?: string }).code !== '55006' || attempt === 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
  return { url: databaseUrl(adminUrl, name), drop: () => dropPostgres(adminUrl, name) };
}

/** An empty database of its own on the server of `adminUrl`, whose role may create databases. */
export async function scratchPostgres(adminUrl = testDatabaseUrl(), prefix = 'yozy_scratch'): Promise<ScratchDatabase & { name: string }> {
  const name = uniqueName(prefix);
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  return { name, url: databaseUrl(adminUrl, name), drop: () => dropPostgres(adminUrl, name) };
}

function testDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('Set TEST_DATABASE_URL to a PostgreSQL database whose role may create databases');
  return url;
}

let counter = 0;
/** `<prefix>_<pid>_<milliseconds>_<n>`: whose it is, and when it was made (see dropAbandonedDatabases). */
function uniqueName(prefix: string) {
  return `${prefix}_${process.pid}_${Date.now()}_${++counter}`;
}

/** A test run's database as uniqueName names it; group 1 is when it was made. */
const RUN_DATABASE = /^yozy_[a-z]+_\d+_(\d{13})_\d+$/;
/** No run lasts this long (CI gives the whole of it 90 minutes): a database older than this was left by a run that was stopped. */
export const ABANDONED_AFTER_MS = 3 * 60 * 60 * 1000;

/**
 * Drops the databases test runs made on the server of `adminUrl` and never dropped, because the
 * run was killed before its teardown: without this, each stopped run leaves its templates and
 * copies on the server for good. Only names uniqueName gives, and only those made more than
 * ABANDONED_AFTER_MS ago, so another run going on at the same time keeps its own.
 * Answers the names dropped.
 */
export async function dropAbandonedDatabases(adminUrl = testDatabaseUrl()): Promise<string[]> {
  const now = Date.now();
  const rows = await adminQuery<{ datname: string }>(adminUrl, "SELECT datname FROM pg_database WHERE datname LIKE 'yozy\\_%'");
  const abandoned = rows
    .map((row) => row.datname)
    .filter((name) => {
      const made = RUN_DATABASE.exec(name)?.[1];
      return made !== undefined && now - Number(made) > ABANDONED_AFTER_MS;
    });
  // One at a time: dropping is quick, and a name is the server's own (from pg_database), never typed.
  for (const name of abandoned) await dropPostgres(adminUrl, name);
  return abandoned;
}

function databaseUrl(adminUrl: string, name: string) {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropPostgres(adminUrl: string, name: string): Promise<void> {
  await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

/** One statement on the server of `adminUrl`, on a connection of its own; answers its rows. */
export async function adminQuery<Row extends object = Record<string, unknown>>(adminUrl: string, sql: string): Promise<Row[]> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return (await admin.query<Row>(sql)).rows;
  } finally {
    await admin.end();
  }
}
