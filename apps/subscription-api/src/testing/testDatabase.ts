import { inject } from 'vitest';
import type { Database } from '../db/database';
import { openPgliteDump, type DatabaseContent } from './testDatabases';

/** A test file's own embedded database, copied from the run's migrated or seeded one. */
export function openTestDatabase(content: DatabaseContent): Promise<Database> {
  return openPgliteDump(inject('pgliteDumps')[content]);
}
