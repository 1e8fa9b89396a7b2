import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS_DIR } from '#paths';
import type { Database, Queryable } from './database';

/** An applied migration whose file is no longer what ran: the database and the code disagree. */
export class ChangedMigrationError extends Error {
  constructor(readonly file: string) {
    super(
      `Migration ${file} has changed since it was applied to this database. Applied migrations must stay as they ran: ` +
        `restore ${file} and put the change in a new migration file.`,
    );
    this.name = 'ChangedMigrationError';
  }
}

/** sha256 of a migration's text; line endings do not count, so a Windows checkout hashes the same. */
export function migrationChecksum(sql: string): string {
  return createHash('sha256').update(sql.replace(/\r\n/g, '\n')).digest('hex');
}

/**
 * Applies, in name order, every migration file not yet recorded in schema_migrations, with the
 * checksum of its text. Before that, every applied file is checked against its recorded checksum,
 * and a changed one stops the service; rows recorded before checksums existed get theirs now.
 */
export async function migrate(db: Database, { directory = MIGRATIONS_DIR }: { directory?: string } = {}): Promise<string[]> {
  await db.transaction(async (tx) => {
    await holdMigrationLock(tx);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());
                   ALTER TABLE schema_migrations ADD COLUMN IF NOT EXISTS checksum text`);
  });
  const files = readdirSync(directory)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => ({ name, sql: readFileSync(join(directory, name), 'utf8') }));
  const recorded = new Map(
    (await db.query<{ name: string; checksum: string | null }>('SELECT name, checksum FROM schema_migrations')).map((row) => [
      row.name,
      row.checksum,
    ]),
  );

  for (const file of files) {
    if (!recorded.has(file.name)) continue;
    const checksum = recorded.get(file.name);
    if (checksum === null) {
      await db.query('UPDATE schema_migrations SET checksum = $2 WHERE name = $1', [file.name, migrationChecksum(file.sql)]);
    } else if (checksum !== migrationChecksum(file.sql)) {
      throw new ChangedMigrationError(file.name);
    }
  }

  const applied: string[] = [];
  for (const file of files.filter((file) => !recorded.has(file.name))) {
    await db.transaction(async (tx) => {
      // Another service starting at the same moment may have applied it while this one waited.
      await holdMigrationLock(tx);
      const [done] = await tx.query('SELECT 1 FROM schema_migrations WHERE name = $1', [file.name]);
      if (done) return;
      await tx.exec(file.sql);
      await tx.query('INSERT INTO schema_migrations (name, checksum) VALUES ($1, $2)', [file.name, migrationChecksum(file.sql)]);
      applied.push(file.name);
    });
  }
  return applied;
}

/** The key of the advisory lock under which schema changes are made: any fixed number no other lock uses. */
export const MIGRATION_LOCK = 7_305_121;

/**
 * Several REST services started at the same moment on one database (a deploy, a cluster) take
 * turns: each migration is applied under this transaction-level advisory lock, by whichever
 * service gets it first, and the others find it recorded once they get the lock in turn.
 */
async function holdMigrationLock(tx: Queryable): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
}
