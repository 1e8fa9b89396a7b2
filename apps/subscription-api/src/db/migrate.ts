import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Database } from './database';

const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations/', import.meta.url));

/** Applies, in name order, every migration file not yet recorded in schema_migrations. */
export async function migrate(db: Database): Promise<string[]> {
  await db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
  const applied = new Set((await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
  const pending = readdirSync(MIGRATIONS_DIR)
    .filter((name) => name.endsWith('.sql') && !applied.has(name))
    .sort();
  for (const name of pending) {
    const sql = readFileSync(MIGRATIONS_DIR + name, 'utf8');
    await db.transaction(async (tx) => {
      await tx.exec(sql);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
    });
  }
  return pending;
}
