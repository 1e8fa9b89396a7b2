import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createPostgresTemplate, dropAbandonedDatabases, dumpPglite } from '@yozy/subscription-api/testing';

export type TestDatabases = {
  /** The seeded embedded database, dumped once; each stack loads its own copy. */
  pgliteDump: string;
  /** The seeded template database on TEST_DATABASE_URL's server, when this project uses one. */
  postgresTemplate: string | null;
};

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabases: TestDatabases;
  }
}

type Built<T> = { value: Promise<T>; remove(): Promise<void> };

// Vitest calls a project's global setup once per project in this main process; what two
// projects both need is built once and removed after the last of them is done.
const shared = globalThis as { yozyTestDatabases?: { pglite?: Built<string>; postgres?: Built<string>; users: number } };

/**
 * Migrates and seeds once per run, on every kind of database the project uses; `startStack`
 * then gives each test file a copy instead of building a database from nothing. Browser tests
 * run on the embedded database only.
 */
export default async function setup(project: TestProject) {
  // Said once a run, so a log shows which of the gateway's executors the tests passed on.
  if (project.name === 'integration')
    console.log(`integration: the gateway runs operations on ${process.env.GRAPHQL_EXECUTOR || 'jit, the default'} (GRAPHQL_EXECUTOR)`);
  const built = (shared.yozyTestDatabases ??= { users: 0 });
  built.users++;
  built.pglite ??= pgliteDump();
  if (process.env.TEST_DATABASE_URL && project.name !== 'e2e') built.postgres ??= postgresTemplate();
  project.provide('testDatabases', { pgliteDump: await built.pglite.value, postgresTemplate: (await built.postgres?.value) ?? null });
  return async () => {
    if (--built.users > 0) return;
    shared.yozyTestDatabases = undefined;
    await Promise.all([built.pglite?.remove(), built.postgres?.remove()]);
  };
}

function pgliteDump(): Built<string> {
  const directory = mkdtemp(join(tmpdir(), 'yozy-tests-'));
  const value = directory.then(async (path) => {
    const file = join(path, 'seeded.tar');
    await dumpPglite({ seeded: file });
    return file;
  });
  return { value, remove: async () => rm(await directory, { recursive: true, force: true }) };
}

function postgresTemplate(): Built<string> {
  // What runs stopped before their teardown left on the server goes first.
  const template = dropAbandonedDatabases().then(() => createPostgresTemplate('seeded'));
  return { value: template.then((t) => t.name), remove: async () => (await template).drop() };
}
