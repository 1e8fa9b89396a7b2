import type { Queryable } from '#db/database';
import { fieldOf, type Conditions, type Term } from './listQuery';
import { condition, searchCondition, throughMatches, whereClause } from './listSql';
import type { ResourceDefinition } from './resourceDefinition';

/**
 * The total a page of a list is shown with (`Prefer: count=exact` or `count=bounded`, answered in
 * `Content-Range`): a page's own count, a list's kept counter, an exact count, or one bounded by
 * COUNT_BOUND that counts a search term by term.
 */
/**
 * A bounded count (`Prefer: count=bounded`) counts at most this many matching rows past the page:
 * a larger total is answered as "more than" it, so no page turn counts a million rows.
 */
export const COUNT_BOUND = 10_000;
export type Counting = 'exact' | 'bounded';
/** The answer header of a bounded count that stopped: the list holds more rows than this. */
export const TOTAL_MORE_THAN = 'Total-More-Than';
type Total = { count: number; exact: boolean };

/**
 * The total a page is shown with. A page that ends before its limit is its own count; a list kept
 * counted (`counted`) reads its counter when nothing but its organisation narrows it. Otherwise
 * `exact` counts every matching row, and `bounded` counts at most COUNT_BOUND of them past the page
 * and answers "more than" when there are more: enough to say how far the list goes and whether a
 * next page follows, for what reading the page itself costs.
 */
export async function totalOf(
  db: Queryable,
  definition: ResourceDefinition,
  conditions: Conditions,
  { offset, limit, found, counting, ...known }: { offset: number; limit: number; found: number; counting: Counting; kept?: number },
): Promise<Total> {
  if (found < limit && (found > 0 || offset === 0)) return { count: offset + found, exact: true };
  const kept = known.kept ?? (await keptCount(db, definition, conditions));
  if (kept !== undefined) return { count: kept, exact: true };
  if (counting === 'exact') {
    const params: unknown[] = [];
    const where = whereClause(definition, conditions, (v) => `$${params.push(v)}`);
    const [row] = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM ${definition.from} ${where}`, params);
    return { count: row?.total ?? 0, exact: true };
  }
  const bound = Math.max(COUNT_BOUND, offset + limit);
  const total = await countUpTo(db, definition, conditions, bound + 1);
  return total > bound ? { count: bound, exact: false } : { count: total, exact: true };
}

/** A condition of a count, and whether it reads only the list's own table (`table`). */
type Part = { readonly sql: string; own: boolean };

/**
 * The rows that meet the conditions, counted no further than `most`. A list that names its own
 * table (`table`) counts by it alone whatever reads only its columns, by an index alone where one
 * holds them, and counts a search term after term, each by its own index, stopping at the bound and
 * leaving out the rows an earlier term counted: first the people holding the text (`searchThrough`:
 * the ids found, or those of too many to name, found by their table's trigram indexes), each
 * person's rows by the list's index of their key; then each term of the list's own columns
 * (`searchAmong`: by the index of the values found); then the terms read through a join. Counted
 * in one go through the joins instead, a name many people share read the list row by row through
 * its people (the platform's audit log: a million) to find the bound's worth of theirs, and an
 * action many entries hold built a trigram bitmap of all of them first.
 */
async function countUpTo(db: Queryable, definition: ResourceDefinition, conditions: Conditions, most: number): Promise<number> {
  const params: unknown[] = [];
  const param = (value: unknown) => `$${params.push(value)}`;
  const own = (sql: string) => ownColumn(definition, sql);
  const fixed: Part[] = [
    ...(definition.where ? [{ sql: `(${definition.where})`, own: false }] : []),
    ...conditions.filters.map((filter) => {
      const field = fieldOf(definition, filter.field)!;
      return { sql: condition(field, filter, param), own: own(field.sql) };
    }),
  ];
  // The conditions of the terms counted before, which a later branch leaves out: each row is counted once.
  const counted: Part[] = [];
  const rowsWhere = (...parts: Part[]) => {
    const all = [...fixed, ...parts, ...counted.map((part) => ({ sql: `(${part.sql}) IS NOT TRUE`, own: part.own }))];
    const from = definition.table && all.every((part) => part.own) ? definition.table : definition.from;
    return `SELECT 1 FROM ${from}${all.length ? ` WHERE ${all.map((part) => part.sql).join(' AND ')}` : ''}`;
  };
  if (!definition.table || !conditions.search.length) {
    const search = conditions.search.map((term) => ({
      sql: searchCondition(definition, term, param),
      own: own(termSql(definition, term)),
    }));
    return countOf(
      db,
      rowsWhere(
        ...(search.length ? [{ sql: `(${search.map((part) => part.sql).join(' OR ')})`, own: search.every((part) => part.own) }] : []),
      ),
      params,
      most,
    );
  }
  const branches: string[] = [];
  /** The rows of each person `people` (a SELECT of their ids as `id`) answers, by the list's index of `key`. */
  const ofPeople = (people: string, key: string) =>
    `SELECT 1 FROM (${people}) AS found_people CROSS JOIN LATERAL (${rowsWhere({ sql: `${key} = found_people.id`, own: own(key) })} LIMIT ${most}) AS their_rows`;
  // The people first, each by the index of the key alone: a common name reaches the bound there.
  for (const group of conditions.through) {
    if (group.found && !group.found.ids.length) continue;
    if (group.found) {
      const ids = `${param(group.found.ids)}::int[]`;
      branches.push(ofPeople(`SELECT unnest(${ids}) AS id`, group.key));
      counted.push({ sql: `${group.key} = ANY(${ids})`, own: own(group.key) });
    } else {
      branches.push(
        ofPeople(`SELECT ${group.id} AS id FROM ${group.table} WHERE ${throughMatches(definition, group.terms, param)}`, group.key),
      );
      // Written only when a later branch reads it: a parameter no statement reads is refused.
      let sql: string | undefined;
      counted.push({
        get sql() {
          return (sql ??= `(${group.terms.map((term) => searchCondition(definition, term, param)).join(' OR ')})`);
        },
        own: false,
      });
    }
  }
  const grouped = new Set<Term>(conditions.through.flatMap((group): Term[] => (group.found ? [group.found] : group.terms)));
  const terms = conditions.search
    // Values none of which holds the text match no row.
    .filter((term) => !grouped.has(term) && !('values' in term && !term.values.length))
    .map((term) => ({ sql: searchCondition(definition, term, param), own: own(termSql(definition, term)) }))
    // The terms of the list's own columns before those through a join.
    .sort((a, b) => Number(b.own) - Number(a.own));
  for (const term of terms) {
    branches.push(rowsWhere(term));
    counted.push(term);
  }
  return branches.length ? countOf(db, branches.join(' UNION ALL '), params, most) : 0;
}

/** The SQL a search term reads: its field's, or the key of the rows found through another table. */
function termSql(definition: ResourceDefinition, term: Term): string {
  return 'key' in term ? term.key : fieldOf(definition, term.field)!.sql;
}

/** Whether `sql` is a plain column of the list's own table (`a.action` of `audit_log a`). */
function ownColumn(definition: ResourceDefinition, sql: string): boolean {
  const alias = definition.table?.trim().split(/\s+/).at(-1);
  return alias !== undefined && new RegExp(`^${alias}\\.[a-z_]+$`).test(sql);
}

/** How many rows `rows` (a SELECT) answers, counting no further than `most`. */
async function countOf(db: Queryable, rows: string, params: unknown[], most: number): Promise<number> {
  const [row] = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM (${rows} LIMIT ${most}) AS bounded`, params);
  return row?.total ?? 0;
}

/**
 * The kept total of a counted list, when the only condition is its organisation (the caller's own,
 * or the one a SuperAdmin names; none: every organisation's, summed); otherwise undefined.
 */
export async function keptCount(
  db: Queryable,
  definition: ResourceDefinition,
  { filters, search }: Conditions,
): Promise<number | undefined> {
  if (!definition.counted || definition.where || search.length) return undefined;
  const organisations = new Set<string>();
  for (const filter of filters) {
    if (filter.field !== definition.tenantField || filter.operator !== 'eq') return undefined;
    organisations.add(filter.value);
  }
  if (organisations.size > 1) return undefined;
  const [organisation] = organisations;
  // Counter 0 holds the rows of no organisation: a filter must name a real one to read a counter.
  if (organisation !== undefined && !/^[1-9]\d{0,9}$/.test(organisation)) return undefined;
  const [row] = await db.query<{ total: string | number | bigint | null }>(
    `SELECT sum(row_count) AS total FROM list_counts WHERE list = $1${organisation === undefined ? '' : ' AND client_id = $2'}`,
    organisation === undefined ? [definition.counted] : [definition.counted, Number(organisation)],
  );
  return Number(row?.total ?? 0);
}
