import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/database';
import { migrate } from '../db/migrate';
import { createMailer, DEFAULT_MAIL_CONFIG } from '../mail/mailer';
import { seedDemoData } from '../seed/demo';
import { openPgliteDump, scratchPostgres, type DatabaseContent } from './testDatabases';

/** A test file's own embedded database, copied from the run's migrated or seeded one. */
export function openTestDatabase(content: DatabaseContent): Promise<Database> {
  return openPgliteDump(inject('pgliteDumps')[content]);
}

/**
 * A seeded database of its own for a test file, of either kind: a copy of the run's embedded one,
 * or a scratch PostgreSQL database migrated and seeded here; `drop` removes the scratch one.
 */
export async function openSeededDatabase(kind: 'pglite' | 'postgres'): Promise<{ db: Database; drop: () => Promise<void> }> {
  if (kind === 'pglite') return { db: await openTestDatabase('seeded'), drop: async () => undefined };
  const scratch = await scratchPostgres();
  const db = await openDatabase({ url: scratch.url });
  await migrate(db);
  await seedDemoData(
    db,
    createMailer(db, DEFAULT_MAIL_CONFIG, () => undefined),
  );
  return { db, drop: scratch.drop };
}
