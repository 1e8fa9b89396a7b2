import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export type Row = Record<string, unknown>;

/** What the service needs of a database: parameterised queries, scripts and transactions. */
export interface Queryable {
  query<T extends Row = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

export interface Transaction extends Queryable {
  /** Runs a multi-statement script without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Transaction {
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export type DatabaseLocation = { url: string } | { dataDir: string } | { memory: true };

export async function openDatabase(location: DatabaseLocation): Promise<Database> {
  if ('url' in location) return openPostgres(location.url);
  if ('dataDir' in location) {
    mkdirSync(location.dataDir, { recursive: true });
    return openPglite(await PGlite.create(location.dataDir));
  }
  return openPglite(await PGlite.create());
}

type PgliteLike = Pick<PGlite, 'query' | 'exec'>;

function pgliteTransaction(db: PgliteLike): Transaction {
  return {
    async query<T extends Row>(sql: string, params: readonly unknown[] = []) {
      return (await db.query<T>(sql, params as unknown[])).rows;
    },
    async exec(sql) {
      await db.exec(sql);
    },
  };
}

export function openPglite(db: PGlite): Database {
  return {
    ...pgliteTransaction(db),
    transaction: (work) => db.transaction((tx) => work(pgliteTransaction(tx))),
    close: () => db.close(),
  };
}

function postgresTransaction(client: pg.Pool | pg.PoolClient): Transaction {
  return {
    async query<T extends Row>(sql: string, params: readonly unknown[] = []) {
      return (await client.query<T>(sql, params as unknown[])).rows;
    },
    async exec(sql) {
      await client.query(sql);
    },
  };
}

function openPostgres(url: string): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  return {
    ...postgresTransaction(pool),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(postgresTransaction(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
