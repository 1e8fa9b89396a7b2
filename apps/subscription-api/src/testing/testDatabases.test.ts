import { readFile } from 'node:fs/promises';
import { describe, expect, inject, it } from 'vitest';
import {
  ABANDONED_AFTER_MS,
  adminQuery,
  dropAbandonedDatabases,
  openPgliteDump,
  scratchPostgres,
  tarEntries,
  TEST_DATABASE_KINDS,
} from './testDatabases';

// The run's dumps (globalSetup.ts) are what every test file here, and every integration and
// browser test's stack, starts from: they must hold the data whole and start clean.
describe('the embedded database dumps test files start from', () => {
  it('keeps only the WAL segment the checkpoint is in, and its copy goes on writing past it as a server does', async () => {
    const file = inject('pgliteDumps').seeded;
    const paths = [...tarEntries(new Uint8Array(await readFile(file)))].map(({ path }) => path);
    expect(paths.filter((path) => /pg_wal\/[0-9A-F]{24}$/.test(path))).toHaveLength(1);
    expect(paths.some((path) => path.endsWith('global/pg_control'))).toBe(true);

    const db = await openPgliteDump(file);
    try {
      const [seeded] = await db.query<{ people: number }>(
        "SELECT count(*)::int AS people FROM client_users WHERE email = 'admin@acme.local'",
      );
      expect(seeded?.people).toBe(1);
      // More than a segment of WAL (16 MB) and a checkpoint: the segments after the kept one are
      // made as they are needed, and what was written reads back.
      const segment = async () =>
        (await db.query<{ name: string }>('SELECT pg_walfile_name(pg_current_wal_insert_lsn()) AS name'))[0]!.name;
      const before = await segment();
      await db.exec('CREATE TABLE wal_probe (id int, filler text)');
      await db.exec("INSERT INTO wal_probe SELECT n, repeat('x', 200) FROM generate_series(1, 80000) AS n");
      await db.exec('CHECKPOINT');
      expect(await segment()).not.toBe(before);
      const [written] = await db.query<{ rows: number }>('SELECT count(*)::int AS rows FROM wal_probe');
      expect(written?.rows).toBe(80000);
    } finally {
      await db.close();
    }
    // Tens of megabytes written on a busy machine.
  }, 60_000);
});

describe.runIf((TEST_DATABASE_KINDS as readonly string[]).includes('postgres'))('databases a stopped run left on PostgreSQL', () => {
  const sql = <Row extends object>(text: string) => adminQuery<Row>(process.env.TEST_DATABASE_URL!, text);

  // Only real clocks here: a pretended later "now" would make every database of the runs going
  // on at the same time (this run's templates among them) look abandoned, and drop them.
  it('are dropped once older than any run lasts, while a run going on keeps its own and other databases stay', async () => {
    const longAgo = Date.now() - ABANDONED_AFTER_MS - 60_000;
    const left = `yozy_test_${process.pid}_${longAgo}_1`;
    const notARun = `yozyother_${process.pid}_${longAgo}_1`;
    await sql(`CREATE DATABASE ${left}`);
    await sql(`CREATE DATABASE ${notARun}`);
    const current = await scratchPostgres(undefined, 'yozy_test');
    try {
      expect(await dropAbandonedDatabases()).toContain(left);
      const names = (await sql<{ datname: string }>('SELECT datname FROM pg_database')).map((row) => row.datname);
      expect(names).not.toContain(left);
      expect(names).toContain(current.name);
      expect(names).toContain(notARun);
    } finally {
      await current.drop();
      await sql(`DROP DATABASE IF EXISTS ${left}`);
      await sql(`DROP DATABASE IF EXISTS ${notARun}`);
    }
  });
});
