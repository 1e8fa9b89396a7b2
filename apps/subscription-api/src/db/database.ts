import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { logError } from '@yozy/shared';

export type Row = Record<string, unknown>;

export type QueryOptions = {
  /**
   * Keeps the statement's plan: PostgreSQL parses and plans it once per connection rather than at
   * every call (the embedded database plans every call still). For the statements every request
   * runs, such as authentication, where planning costs more than the work; their text must be
   * fixed, every value a parameter.
   */
  prepare?: boolean;
};

/** What the service needs of a database: parameterised queries, scripts and transactions. */
export interface Queryable {
  query<T extends Row = Row>(sql: string, params?: readonly unknown[], options?: QueryOptions): Promise<T[]>;
}

export interface Transaction extends Queryable {
  /** Runs a multi-statement script without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Transaction {
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** The connection pool's use now, for the metrics; null for the embedded database's one connection. */
  poolUse(): PoolUse | null;
  /** How many statements (queries and scripts, in a transaction or not) were sent since it opened, for the metrics. */
  statements(): number;
}

export type PoolUse = { max: number; open: number; idle: number; waiting: number };

/**
 * How long the service waits on PostgreSQL: for a connection from the pool or the server, and for
 * one statement. Past them the request fails at once (and /health turns red) instead of hanging.
 */
export const DATABASE_TIMEOUTS = { connectMs: 5_000, statementMs: 15_000 };

/**
 * Connections per service unless DATABASE_POOL_MAX says otherwise: PostgreSQL's work is bounded by
 * the cores of its own server (the PostgreSQL wiki's rule of thumb is twice its cores), and a queue
 * in the pool is cheaper than one in the server. 10, node-postgres's own default, suits a server of
 * 4 to 8 cores shared by one or two services; raise it for a larger server, lower it when several
 * services share a small one (their sum must stay under the server's max_connections).
 */
export const DEFAULT_POOL_MAX = 10;

/**
 * A failed statement, as both drivers report it to the rest of the service: the query it was
 * (named in the log), the SQLSTATE code and the constraint, table and column involved. The
 * parameters, the failing row the database describes (`detail`) and where it was (`where`) are
 * left behind: they hold the personal data of the request.
 */
export class QueryError extends Error {
  override readonly name = 'QueryError';
  readonly code: string | undefined;
  readonly constraint: string | undefined;
  readonly table: string | undefined;
  readonly column: string | undefined;
  /** The statement, whitespace collapsed and shortened: enough to tell which one failed. */
  readonly query: string;

  constructor(sql: string, failure: unknown) {
    const source = (typeof failure === 'object' && failure !== null ? failure : {}) as Record<string, unknown>;
    const text = (key: string) => (typeof source[key] === 'string' ? source[key] : undefined);
    const code = text('code');
    super(safeMessage(code, text('message') ?? String(failure)));
    this.code = code;
    this.constraint = text('constraint');
    this.table = text('table');
    this.column = text('column');
    const oneLine = sql.replace(/\s+/g, ' ').trim();
    this.query = oneLine.length > 400 ? `${oneLine.slice(0, 400)}…` : oneLine;
  }
}

/** A clash with the unique constraint or index of this name: both database drivers report SQLSTATE 23505 with it. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const failure = error as { code?: unknown; constraint?: unknown } | null;
  return failure?.code === '23505' && failure.constraint === constraint;
}

/**
 * Data exceptions (SQLSTATE class 22, e.g. `invalid input syntax for type integer: "…"`) and
 * errors raised in functions quote the offending value in their message: the quotes are emptied.
 */
function safeMessage(code: string | undefined, message: string): string {
  return code?.startsWith('22') || code?.startsWith('P0') ? message.replace(/"[^"]*"|'[^']*'/g, '"…"') : message;
}

/** Runs a statement, turning the driver's failure into a QueryError. */
async function run<T>(sql: string, statement: () => Promise<T>): Promise<T> {
  try {
    return await statement();
  } catch (error) {
    throw new QueryError(sql, error);
  }
}

/**
 * A PostgreSQL server (with at most `poolMax` connections to it, each given `connectMs` to be made),
 * or the embedded database on disk or in memory.
 */
export type DatabaseLocation = { url: string; poolMax?: number; connectMs?: number } | { dataDir: string } | { memory: true };

/**
 * The extensions the migrations create, which the embedded database must load to have them:
 * pg_trgm for the trigram indexes of text searches (migration 088). Every PGlite instance the
 * service or its tests open is given these.
 */
export const PGLITE_EXTENSIONS = { pg_trgm } satisfies PGliteOptions['extensions'];

export async function openDatabase(location: DatabaseLocation): Promise<Database> {
  if ('url' in location) return openPostgres(location.url, location.poolMax ?? DEFAULT_POOL_MAX, location.connectMs);
  if ('dataDir' in location) {
    mkdirSync(location.dataDir, { recursive: true });
    return openPglite(await PGlite.create({ dataDir: location.dataDir, extensions: PGLITE_EXTENSIONS }));
  }
  return openPglite(await PGlite.create({ extensions: PGLITE_EXTENSIONS }));
}

type PgliteLike = Pick<PGlite, 'query' | 'exec'>;

/** Counts the statements a database sends: one per query or script; BEGIN, COMMIT and ROLLBACK are not counted. */
type Tally = { statements: number };

function pgliteTransaction(db: PgliteLike, tally: Tally): Transaction {
  return {
    async query<T extends Row>(sql: string, params: readonly unknown[] = []) {
      tally.statements += 1;
      return (await run(sql, () => db.query<T>(sql, params as unknown[]))).rows;
    },
    async exec(sql) {
      tally.statements += 1;
      await run(sql, () => db.exec(sql));
    },
  };
}

export function openPglite(db: PGlite): Database {
  const tally: Tally = { statements: 0 };
  return {
    ...pgliteTransaction(db, tally),
    transaction: (work) => db.transaction((tx) => work(pgliteTransaction(tx, tally))),
    close: () => db.close(),
    poolUse: () => null,
    statements: () => tally.statements,
  };
}

const statementNames = new Map<string, string>();

/** A prepared statement's name, the same for the same text on every connection; hashed once per text. */
function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (!name) statementNames.set(sql, (name = `q_${createHash('sha256').update(sql).digest('base64url').slice(0, 32)}`));
  return name;
}

function postgresTransaction(client: pg.Pool | pg.PoolClient, tally: Tally): Transaction {
  return {
    async query<T extends Row>(sql: string, params: readonly unknown[] = [], options: QueryOptions = {}) {
      tally.statements += 1;
      const values = params as unknown[];
      const name = options.prepare ? statementName(sql) : undefined;
      return (await run(sql, () => client.query<T>({ text: sql, values, name }))).rows;
    },
    async exec(sql) {
      tally.statements += 1;
      await run(sql, () => client.query(sql));
    },
  };
}

function openPostgres(url: string, poolMax: number, connectMs = DATABASE_TIMEOUTS.connectMs): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolMax,
    connectionTimeoutMillis: connectMs,
    statement_timeout: DATABASE_TIMEOUTS.statementMs,
  });
  // An idle connection the server dropped is replaced by the pool; unheard, it would end the process.
  pool.on('error', (error) => logError('subscription-api: a database connection failed', error));
  const tally: Tally = { statements: 0 };
  return {
    ...postgresTransaction(pool, tally),
    async transaction(work) {
      const client = await run('BEGIN', () => pool.connect());
      try {
        await run('BEGIN', () => client.query('BEGIN'));
        const result = await work(postgresTransaction(client, tally));
        await run('COMMIT', () => client.query('COMMIT'));
        return result;
      } catch (error) {
        await run('ROLLBACK', () => client.query('ROLLBACK'));
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
    poolUse: () => ({ max: poolMax, open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    statements: () => tally.statements,
  };
}
