import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#db/database';
import { openSeededDatabase } from '#testing/testDatabase';
import { TEST_DATABASE_KINDS } from '#testing/testDatabases';
import { seedLarge } from './large';

// The service's pool gives each statement 15 s at most; the large seed's slices may need longer on a busy machine.
describe.runIf((TEST_DATABASE_KINDS as readonly string[]).includes('postgres'))('npm run seed:large on PostgreSQL', () => {
  let db: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await openSeededDatabase('postgres'));
  }, 120_000);
  afterAll(async () => {
    await db?.close();
    await drop?.();
  });

  it('writes without the service’s time limit for one statement, and only inside its own transaction', async () => {
    let limitWhileWriting: string | undefined;
    const watched: Database = {
      ...db,
      transaction: (work) =>
        db.transaction(async (tx) => {
          const done = await work(tx);
          [{ statement_timeout: limitWhileWriting }] = (await tx.query<{ statement_timeout: string }>('SHOW statement_timeout')) as [
            { statement_timeout: string },
          ];
          return done;
        }),
    };
    const { organisations } = await seedLarge(watched, 0.001);
    expect(organisations).toBe(10);
    expect(limitWhileWriting).toBe('0');
    const [after] = await db.query<{ statement_timeout: string }>('SHOW statement_timeout');
    expect(after!.statement_timeout).toBe('15s');
  });
});
