import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { dumpPglite, type DatabaseContent } from './testDatabases';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite dumps made once per run, by content; `openTestDatabase` loads a copy per test file. */
    pgliteDumps: Record<DatabaseContent, string>;
  }
}

/** Migrates and seeds an embedded database once for the whole run. */
export default async function setup(project: TestProject) {
  const directory = await mkdtemp(join(tmpdir(), 'yozy-api-tests-'));
  const dumps = { migrated: join(directory, 'migrated.tar'), seeded: join(directory, 'seeded.tar') };
  await dumpPglite(dumps);
  project.provide('pgliteDumps', dumps);
  return () => rm(directory, { recursive: true, force: true });
}
