import type { Database, QueryOptions, Row, Transaction } from '#db/database';

/* What PostgreSQL plans for the statements a list runs: recorded as the service sends them, then explained. */

export type Statement = { sql: string; params: readonly unknown[] };

/** The database as the service sees it, writing down every statement it is given. */
export function recording(db: Database, statements: Statement[]): Database {
  const record = (target: Transaction): Transaction => ({
    query<T extends Row>(sql: string, params: readonly unknown[] = [], options?: QueryOptions) {
      statements.push({ sql, params });
      return target.query<T>(sql, params, options);
    },
    exec(sql: string) {
      return target.exec(sql);
    },
  });
  return { ...db, ...record(db), transaction: (work) => db.transaction((tx) => work(record(tx))) };
}

/** The plan PostgreSQL runs for a statement with these values, run and measured. */
export async function analysed(db: Database, { sql, params }: Statement): Promise<unknown> {
  const [row] = await db.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, params);
  return row?.['QUERY PLAN'];
}

/** Every node of a plan, depth first. */
export function nodesOf(plan: unknown, found: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (Array.isArray(plan)) plan.forEach((node) => nodesOf(node, found));
  else if (plan && typeof plan === 'object') {
    if ('Node Type' in plan) found.push(plan as Record<string, unknown>);
    Object.values(plan).forEach((value) => nodesOf(value, found));
  }
  return found;
}

/** The rows each table's scans read in an analysed plan, those its filter left out included. */
export function rowsRead(plan: unknown, read: Record<string, number> = {}): Record<string, number> {
  if (Array.isArray(plan)) plan.forEach((node) => rowsRead(node, read));
  else if (plan && typeof plan === 'object') {
    const node = plan as Record<string, number | string | undefined>;
    if (String(node['Node Type']).endsWith('Scan') && node['Relation Name'] !== undefined) {
      const rows = (Number(node['Actual Rows'] ?? 0) + Number(node['Rows Removed by Filter'] ?? 0)) * Number(node['Actual Loops'] ?? 1);
      read[String(node['Relation Name'])] = (read[String(node['Relation Name'])] ?? 0) + rows;
    }
    Object.values(node).forEach((value) => rowsRead(value, read));
  }
  return read;
}

/**
 * Every table a plan reads from start to end, wherever it sits in the plan; but not a table an
 * `EXISTS (SELECT 1 FROM table …)` reads, when the planner expects so many rows to match that the
 * first is found at once (a plan's licences, say): that read stops at its first row.
 */
export function sequentialScans(sql: string, plan: unknown, found: string[] = []): string[] {
  if (Array.isArray(plan)) plan.forEach((node) => sequentialScans(sql, node, found));
  else if (plan && typeof plan === 'object') {
    const node = plan as Record<string, unknown>;
    const table = String(node['Relation Name']);
    const stopsAtFirst = node['Parent Relationship'] === 'SubPlan' && sql.includes(`EXISTS (SELECT 1 FROM ${table} `);
    if (node['Node Type'] === 'Seq Scan' && !stopsAtFirst) found.push(table);
    Object.values(node).forEach((value) => sequentialScans(sql, value, found));
  }
  return found;
}
