import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { scratchPostgres } from '@yozy/subscription-api/testing';
import { signedIn, VIEWER } from '../support/graphql';
import { DATABASES, startStack } from '../support/stack';
import { useStack } from '../support/useStack';

const run = promisify(execFile);

type Viewer = { viewer: { email: string } | null };

/**
 * docs/OPERATIONS.md's backup and restore, as an operator would do it: `pg_dump` of the database
 * of a running console, `pg_restore` into a fresh database, and a console started on the copy
 * works, with everyone who was signed in still signed in.
 */
describe.runIf(DATABASES.includes('postgres'))('a backup of a running console (PostgreSQL)', () => {
  const kind = 'postgres';
  const running = useStack(kind);

  it('restores into a fresh database where the console works and every session is still valid', async () => {
    const admin = await signedIn(running.gatewayUrl, 'admin@acme.local');
    const directory = await mkdtemp(join(tmpdir(), 'yozy-backup-'));
    const dump = join(directory, 'console.dump');
    const restored = await scratchPostgres(undefined, 'yozy_restored');
    try {
      await run('pg_dump', ['--format=custom', `--file=${dump}`, `--dbname=${running.databaseUrl!}`]);
      await run('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${restored.url}`, dump]);

      const copy = await startStack(kind, { databaseUrl: restored.url });
      try {
        // The same session cookie, sent to the console started on the copy.
        const session = admin.at(copy.gatewayUrl);
        expect((await session.request<Viewer>(VIEWER)).data?.viewer?.email).toBe('admin@acme.local');
        // New rows get new ids on the copy: its sequences came with it.
        const other = await signedIn(copy.gatewayUrl, 'member@acme.local');
        expect((await other.request<Viewer>(VIEWER)).data?.viewer?.email).toBe('member@acme.local');
      } finally {
        await copy.stop();
      }
    } finally {
      await restored.drop();
      await rm(directory, { recursive: true, force: true });
    }
  });
});
