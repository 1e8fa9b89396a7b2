import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './db/database';
import { serviceMetrics } from './metrics';

describe('the REST service metrics', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase({ memory: true });
  });
  afterAll(() => db.close());

  /** The statements counted so far, as Prometheus would read them. */
  async function statementsScraped(metrics: ReturnType<typeof serviceMetrics>): Promise<number> {
    const text = await metrics.registry.getSingleMetricAsString('subscription_api_db_statements_total');
    return Number(/^subscription_api_db_statements_total (\d+)$/m.exec(text)?.[1]);
  }

  it('count every SQL statement sent, in a transaction or not, once each', async () => {
    const metrics = serviceMetrics(db);
    const before = await statementsScraped(metrics);
    await db.query('SELECT 1');
    await db.transaction(async (tx) => {
      await tx.query('SELECT 2');
      await tx.exec('SELECT 3; SELECT 4');
    });
    expect(await statementsScraped(metrics)).toBe(before + 3);
    // Reading them sends none and counts nothing twice.
    expect(await statementsScraped(metrics)).toBe(before + 3);
  });
});
