import { describe, expect, it } from 'vitest';
import { TEST_DATABASE_KINDS } from '#testing/testDatabases';
import { DEFAULT_POOL_MAX, openDatabase } from './database';

// PostgreSQL runs where every PostgreSQL test of the service does: wherever TEST_DATABASE_URL names one (CI always).
describe.runIf((TEST_DATABASE_KINDS as readonly string[]).includes('postgres'))('the connection pool to PostgreSQL', () => {
  const url = process.env.TEST_DATABASE_URL!;

  it('opens at most poolMax connections; statements beyond them wait their turn and still run', async () => {
    const db = await openDatabase({ url, poolMax: 2 });
    try {
      const running = Array.from({ length: 5 }, (_, i) => db.query<{ n: number }>('SELECT $1::int AS n, pg_sleep(0.2)', [i]));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(db.poolUse()).toMatchObject({ max: 2, open: 2, waiting: 3 });
      expect((await Promise.all(running)).map(([row]) => row!.n)).toEqual([0, 1, 2, 3, 4]);
    } finally {
      await db.close();
    }
  });

  it('opens up to 10 when no size is given', async () => {
    const db = await openDatabase({ url });
    try {
      expect(DEFAULT_POOL_MAX).toBe(10);
      expect(db.poolUse()?.max).toBe(10);
    } finally {
      await db.close();
    }
  });
});
