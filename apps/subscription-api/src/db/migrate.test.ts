import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '#testing/testDatabase';
import { scratchPostgres, TEST_DATABASE_KINDS } from '#testing/testDatabases';
import { openDatabase, type Database } from './database';
import { ChangedMigrationError, migrate, migrationChecksum } from './migrate';
import { MIGRATIONS_DIR } from '#paths';
import { seedDemoData } from '#seed/demo';
import { createMailer } from '#mail/mailer';

const FIRST = 'CREATE TABLE migration_probe_a (id int PRIMARY KEY);\n';
const SECOND = 'CREATE TABLE migration_probe_b (id int PRIMARY KEY);\n';

describe.each(TEST_DATABASE_KINDS)('migrations on %s', (kind) => {
  let db: Database;
  let dropDatabase: () => Promise<void> = async () => undefined;
  let directory: string;

  beforeAll(async () => {
    if (kind === 'postgres') {
      const scratch = await scratchPostgres();
      dropDatabase = scratch.drop;
      db = await openDatabase({ url: scratch.url });
    } else {
      db = await openTestDatabase('migrated');
    }
  });
  afterAll(async () => {
    await db?.close();
    await dropDatabase();
  });
  beforeEach(async () => {
    await db.exec('DROP TABLE IF EXISTS schema_migrations, migration_probe_a, migration_probe_b, migration_probe_c');
    directory = mkdtempSync(join(tmpdir(), 'yozy-migrations-'));
    writeFileSync(join(directory, '001_first.sql'), FIRST);
    writeFileSync(join(directory, '002_second.sql'), SECOND);
    return () => rmSync(directory, { recursive: true, force: true });
  });

  const recorded = () => db.query<{ name: string; checksum: string }>('SELECT name, checksum FROM schema_migrations ORDER BY name');

  it('applies each file once, in name order, and records the sha256 of its text', async () => {
    expect(await migrate(db, { directory })).toEqual(['001_first.sql', '002_second.sql']);
    expect(await migrate(db, { directory })).toEqual([]);
    expect(await recorded()).toEqual([
      { name: '001_first.sql', checksum: migrationChecksum(FIRST) },
      { name: '002_second.sql', checksum: migrationChecksum(SECOND) },
    ]);
    expect(migrationChecksum(FIRST)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses to go on when an applied file has changed, naming it, and applies nothing more', async () => {
    await migrate(db, { directory });
    writeFileSync(join(directory, '002_second.sql'), SECOND.replace('PRIMARY KEY', 'PRIMARY KEY, note text'));
    writeFileSync(join(directory, '003_third.sql'), 'CREATE TABLE migration_probe_c (id int);\n');

    const refusal = migrate(db, { directory });
    await expect(refusal).rejects.toBeInstanceOf(ChangedMigrationError);
    await expect(refusal).rejects.toThrow(/Migration 002_second\.sql has changed since it was applied/);
    expect((await recorded()).map((row) => row.name)).toEqual(['001_first.sql', '002_second.sql']);
    expect(await db.query("SELECT 1 FROM information_schema.tables WHERE table_name = 'migration_probe_c'")).toEqual([]);
  });

  it('does not count a change of line endings as a change', async () => {
    await migrate(db, { directory });
    writeFileSync(join(directory, '001_first.sql'), FIRST.replace(/\n/g, '\r\n'));
    expect(await migrate(db, { directory })).toEqual([]);
  });

  it('records the checksums of a database migrated before checksums existed, then guards them', async () => {
    await db.exec(`CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());
                   ${FIRST}
                   INSERT INTO schema_migrations (name) VALUES ('001_first.sql')`);

    expect(await migrate(db, { directory })).toEqual(['002_second.sql']);
    expect(await recorded()).toEqual([
      { name: '001_first.sql', checksum: migrationChecksum(FIRST) },
      { name: '002_second.sql', checksum: migrationChecksum(SECOND) },
    ]);
    writeFileSync(join(directory, '001_first.sql'), `${FIRST}-- an edit\n`);
    await expect(migrate(db, { directory })).rejects.toThrow(/001_first\.sql/);
  });

  // Every migration of the service, replayed: seconds on a busy machine.
  it("checks the service's own migrations the same way", { timeout: 60_000 }, async () => {
    await db.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
    const applied = await migrate(db);
    expect(applied.length).toBeGreaterThan(0);
    const [first] = await recorded();
    const file = readFileSync(new URL(`../../migrations/${first!.name}`, import.meta.url), 'utf8');
    expect(first!.checksum).toBe(migrationChecksum(file));
    expect(await migrate(db)).toEqual([]);
  });
});

// On PostgreSQL only (TEST_DATABASE_URL): the embedded database is one service's own.
describe.runIf((TEST_DATABASE_KINDS as readonly string[]).includes('postgres'))('several services starting at once on PostgreSQL', () => {
  it('migrate once and seed the demo data once, whichever gets there first', { timeout: 180_000 }, async () => {
    const scratch = await scratchPostgres();
    const services = [await openDatabase({ url: scratch.url }), await openDatabase({ url: scratch.url })];
    try {
      const applied = await Promise.all(services.map((db) => migrate(db)));
      const all = readdirSync(MIGRATIONS_DIR)
        .filter((name) => name.endsWith('.sql'))
        .sort();
      expect([...applied[0]!, ...applied[1]!].sort()).toEqual(all);
      const [recorded] = await services[0]!.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations');
      expect(recorded!.n).toBe(all.length);

      const seeded = await Promise.all(services.map((db) => seedDemoData(db, createMailer(db))));
      expect(seeded.sort()).toEqual([false, true]);
      const [organisations] = await services[0]!.query<{ n: number; names: number }>(
        'SELECT count(*)::int AS n, count(DISTINCT company_name)::int AS names FROM clients',
      );
      expect(organisations!.n).toBe(organisations!.names);
    } finally {
      await Promise.all(services.map((db) => db.close()));
      await scratch.drop();
    }
  });
});

describe('the service with a changed migration', () => {
  // The message does not depend on the database; a real server, when there is one, starts faster.
  it('refuses to start and names the file', { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'yozy-changed-migration-'));
    const scratch = process.env.TEST_DATABASE_URL ? await scratchPostgres() : null;
    try {
      const db = await openDatabase(scratch ? { url: scratch.url } : { dataDir });
      await migrate(db);
      await db.query("UPDATE schema_migrations SET checksum = repeat('0', 64) WHERE name = '001_data_model.sql'");
      await db.close();

      const { DATABASE_URL: _ignored, ...env } = process.env;
      const service = spawnSync(process.execPath, ['--import', 'tsx', 'src/index.ts'], {
        cwd: fileURLToPath(new URL('../..', import.meta.url)),
        env: { ...env, ...(scratch ? { DATABASE_URL: scratch.url } : { DATA_DIR: dataDir }), API_PORT: '0', SEED_DEMO_DATA: 'false' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(service.stderr).toContain('subscription-api: Migration 001_data_model.sql has changed since it was applied');
      expect(service.status).toBe(1);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      await scratch?.drop();
    }
  });
});
