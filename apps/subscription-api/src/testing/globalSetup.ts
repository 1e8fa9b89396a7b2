import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createPostgresTemplate, dropAbandonedDatabases, dumpPglite, TEST_DATABASE_KINDS, type DatabaseContent } from './testDatabases';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite dumps made once per run, by content; `openTestDatabase` loads a copy per test file. */
    pgliteDumps: Record<DatabaseContent, string>;
    /** With TEST_DATABASE_URL: template databases made once per run, by content; `openPostgresCopy` copies one per test file. */
    postgresTemplates: Record<DatabaseContent, string> | null;
  }
}

/**
 * Migrates and seeds once for the whole run: an embedded database, and a PostgreSQL one when
 * TEST_DATABASE_URL is set (after dropping what stopped runs left on that server).
 */
export default async function setup(project: TestProject) {
  const directory = await mkdtemp(join(tmpdir(), 'yozy-api-tests-'));
  const dumps = { migrated: join(directory, 'migrated.tar'), seeded: join(directory, 'seeded.tar') };
  const onPostgres = (TEST_DATABASE_KINDS as readonly string[]).includes('postgres');
  const [, templates] = await Promise.all([dumpPglite(dumps), onPostgres ? postgresTemplates() : null]);
  project.provide('pgliteDumps', dumps);
  project.provide('postgresTemplates', templates && { migrated: templates[0].name, seeded: templates[1].name });
  return async () => {
    await Promise.all([rm(directory, { recursive: true, force: true }), ...(templates ?? []).map((template) => template.drop())]);
  };
}

async function postgresTemplates() {
  await dropAbandonedDatabases();
  return Promise.all([createPostgresTemplate('migrated'), createPostgresTemplate('seeded')] as const);
}
