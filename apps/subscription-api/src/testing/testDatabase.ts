import { inject } from 'vitest';
import { openDatabase, type Database } from '#db/database';
import { copyPostgresTemplate, openPgliteDump, type DatabaseContent, type ScratchDatabase } from './testDatabases';

/** A test file's own embedded database, copied from the run's migrated or seeded one. */
export function openTestDatabase(content: DatabaseContent): Promise<Database> {
  return openPgliteDump(inject('pgliteDumps')[content]);
}

/**
 * A PostgreSQL database of its own for a test file (TEST_DATABASE_URL's server), copied from the
 * run's migrated or seeded template (`CREATE DATABASE … TEMPLATE`) instead of built again.
 */
export function openPostgresCopy(content: DatabaseContent): Promise<ScratchDatabase> {
  const templates = inject('postgresTemplates');
  if (!templates) throw new Error('Set TEST_DATABASE_URL to a PostgreSQL database whose role may create databases');
  return copyPostgresTemplate(templates[content]);
}

/**
 * A seeded database of its own for a test file, of either kind: a copy of the run's embedded one,
 * or of its PostgreSQL template; `drop` removes the PostgreSQL copy.
 */
export async function openSeededDatabase(kind: 'pglite' | 'postgres'): Promise<{ db: Database; drop: () => Promise<void> }> {
  if (kind === 'pglite') return { db: await openTestDatabase('seeded'), drop: async () => undefined };
  const copy = await openPostgresCopy('seeded');
  return { db: await openDatabase({ url: copy.url }), drop: copy.drop };
}
