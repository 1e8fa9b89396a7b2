import type { Request, Response } from 'express';
import { z } from 'zod';
import { MAX_RECORD_ID } from '@yozy/shared';
import type { Queryable } from '#db/database';
import type { Viewer } from './auth';
import { HttpError } from './errors';

/**
 * Read-only listing of a table in the filter style of the provider's backend:
 * `?ClientId=eq.42&select=ClientId,ClientCompanyName&order=ClientCompanyName.asc&limit=20&offset=40`,
 * a search as `or=(ClientCompanyName.ilike.*acme*,ClientContactName.ilike.*acme*)`, and
 * `Prefer: count=exact` (or `count=bounded`, see `totalOf`) answered in a `Content-Range` header. Only declared fields can be
 * selected or filtered, only searchable ones searched, only indexed ones sorted, and every value
 * travels as a query parameter.
 */
export type FieldType = 'int' | 'number' | 'text' | 'bool' | 'date' | 'timestamp' | 'textList';
export type Field = {
  sql: string;
  type: FieldType;
  /** May be matched in the `or=(…)` search group. */
  searchable?: true;
  /**
   * A search matches this joined field through the list's own key rather than through the join:
   * `{ key: 'a.actor_user_id', table: 'client_users', id: 'user_id', column: 'email' }` first finds
   * the ids of the people whose email holds the text (by that table's trigram index), then the
   * list's rows by `a.actor_user_id = ANY(ids)` (by the list's index of that key), ORed with the
   * other fields' indexes. Through the join, a search for rare text reads every row of the list
   * (the platform's audit log: a million). `findThrough` says when it is not done.
   */
  searchThrough?: { key: string; table: string; id: string; column: string };
  /**
   * SQL answering each value the field holds once, as `value`, in a few steps however many rows
   * hold them (a column of a few dozen values read by its index, as the audit log's actions): a
   * search of the field first finds the values holding the text there, then matches the rows by
   * the field's index of those values, which a count of a text many rows hold reads only as far as
   * its bound, where a trigram index builds a bitmap of every one of them first.
   */
  searchAmong?: string;
  /**
   * Rows may be ordered by this field: `by` (default `sql`) followed by the tie-breaker, served by
   * the index named here so a page of a large list never sorts the whole table (a test checks it).
   */
  sort?: { index: string; by?: string };
};

/** A search of a person's `column` (first_name, last_name, email) matched by the list's `key` holding their id. */
export const throughPerson = (key: string, column: string): Field['searchThrough'] => ({
  key,
  table: 'client_users',
  id: 'user_id',
  column,
});

export type ResourceDefinition = {
  from: string;
  /** A fixed condition every row must meet, e.g. `p.is_active`; SQL written here, never input. */
  where?: string;
  fields: Record<string, Field>;
  /** The field holding the organisation id: organisation admins only ever see their own. */
  tenantField?: string;
  /** Sort appended to every query, in the direction of the last ordering, so pages are stable: the primary key. */
  tieBreaker: string;
  /**
   * The table whose rows per organisation `list_counts` keeps (migration 087): the list's total,
   * unsearched and unfiltered but for its organisation, is read from there instead of counted.
   * Only for a list with one row per row of that table and no fixed condition.
   */
  counted?: 'sessions' | 'audit_log';
  /**
   * The list's own table as `from` names it (`audit_log a`), for a list whose joins only add fields
   * to the rows of that table (each of its rows is one row of the list: LEFT JOINs to one row, or a
   * JOIN by a foreign key that is never null). A bounded count then reads this table alone for the
   * conditions on its own columns, by an index alone where one holds them (PostgreSQL 15 reads the
   * columns a join it leaves out would have joined on), and counts a search term by term.
   */
  table?: string;
};

export const MAX_LIMIT = 1000;
/**
 * A bounded count (`Prefer: count=bounded`) counts at most this many matching rows past the page:
 * a larger total is answered as "more than" it, so no page turn counts a million rows.
 */
export const COUNT_BOUND = 10_000;
const DEFAULT_LIMIT = 100;
/** Items of one `in.(…)` filter: enough for any screen, far below the database's limit on parameters. */
export const MAX_IN_ITEMS = 100;
const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'or']);
/** What a search may ask of a field: text matching, not ranges or lists. */
const SEARCH_OPERATORS = new Set(['eq', 'like', 'ilike']);
// Names from a request are looked up in Maps, never as properties of plain objects, where
// `constructor`, `__proto__` or `toString` would be found on Object.prototype.
const OPERATORS = new Map([
  ['eq', '='],
  ['neq', '<>'],
  ['gt', '>'],
  ['gte', '>='],
  ['lt', '<'],
  ['lte', '<='],
  ['like', 'LIKE'],
  ['ilike', 'ILIKE'],
  ['in', 'IN'],
  ['is', 'IS'],
] as const);
type Operator = typeof OPERATORS extends Map<infer K, unknown> ? K : never;
const IS_LITERALS = new Map([
  ['null', 'NULL'],
  ['true', 'TRUE'],
  ['false', 'FALSE'],
]);
const INT4 = { min: -2_147_483_648, max: 2_147_483_647 };
// The OpenAPI document describes the filters and counts with these.
export { DEFAULT_LIMIT, OPERATORS };

type Filter = { field: string; operator: Operator; value: string };
/** Rows whose `key` is one of these ids: search terms on fields searched through another table, found there. */
type Found = { key: string; ids: number[] };
/** Rows whose `key` holds one of these values: a search term on a field searched among its values (`searchAmong`). */
type Among = { key: string; values: string[] };
/** A term of the search, as asked or as found. */
type Term = Filter | Found | Among;
/**
 * The search's terms on the fields searched through one other table (`searchThrough`), by the
 * list's key of it: `found` when that table's rows holding the text were few enough to name by
 * their ids (then they stand for the terms in the search), null when the terms are matched through
 * the join.
 */
type Through = { key: string; table: string; id: string; terms: Filter[]; found: Found | null };
/** Every filter holds (AND), and when there is a search, at least one of its terms (OR). */
type Conditions = { filters: Filter[]; search: Term[]; through: Through[] };

/** `viewer` is null for public resources, which must not have a tenant field. */
export async function listResource(db: Queryable, definition: ResourceDefinition, req: Request, res: Response, viewer: Viewer | null) {
  const params: unknown[] = [];
  const param = (value: unknown) => `$${params.push(value)}`;

  const filters = scopeToTenant(definition, parseFilters(definition, req.query), viewer);
  const search = await findAmong(db, definition, parseSearch(definition, req.query.or));
  const conditions: Conditions = { filters, ...(await findThrough(db, definition, filters, search)) };
  const where = whereClause(definition, conditions, param);
  const select = parseSelect(definition, req.query.select);
  const order = parseOrder(definition, req.query.order);
  const limit = parseCount('limit', req.query.limit, DEFAULT_LIMIT, MAX_LIMIT);
  const offset = parseCount('offset', req.query.offset, 0, Number.MAX_SAFE_INTEGER);
  const counting = /count=(exact|bounded)/.exec(req.get('prefer') ?? '')?.[1] as Counting | undefined;

  // A page deep in a long kept-counted list (its last, say) is read from the list's end, sorted the
  // other way: an offset of a million would step over a million rows by the sort's index.
  const kept = offset > COUNT_BOUND ? await keptCount(db, definition, conditions) : undefined;
  const fromEnd = kept !== undefined && offset > kept / 2 && offset < kept;
  const take = fromEnd ? Math.min(limit, kept - offset) : limit;
  const picked = Object.fromEntries(select.map((name) => [name, fieldOf(definition, name)!]));
  const page = `ORDER BY ${orderBy(definition, order, fromEnd)} LIMIT ${param(take)} OFFSET ${param(fromEnd ? kept - offset - take : offset)}`;
  // The first page is read as it is shown. A later one first finds the keys of its rows, then makes
  // only those rows into records: the rows it steps over cost their sort's index, not every field
  // of every one (an organisation's seats and licences, an enquiry's product and plan).
  const rows = await db.query<{ row: Record<string, unknown> }>(
    offset === 0
      ? `SELECT ${jsonObject(picked)} AS row FROM ${definition.from} ${where} ${page}`
      : `SELECT ${jsonObject(picked)} AS row
           FROM ${definition.from}
          ${where ? `${where} AND` : 'WHERE'} (${definition.tieBreaker}) IN (SELECT ${definition.tieBreaker} FROM ${definition.from} ${where} ${page})
          ORDER BY ${orderBy(definition, order)}`,
    params,
  );

  if (counting) {
    const total = await totalOf(db, definition, conditions, { offset, limit, found: rows.length, counting, kept });
    const range = rows.length ? `${offset}-${offset + rows.length - 1}` : '*';
    res.set('Content-Range', `${range}/${total.exact ? total.count : '*'}`);
    if (!total.exact) res.set(TOTAL_MORE_THAN, String(total.count));
  }
  return rows.map((r) => r.row);
}

/** The records of a resource that meet `condition` (parameters from $1), in the shape its list answers. */
async function recordsWhere<Row>(db: Queryable, definition: ResourceDefinition, condition: string, params: unknown[]): Promise<Row[]> {
  const rows = await db.query<{ row: Row }>(
    `SELECT ${jsonObject(definition.fields)} AS row FROM ${definition.from}
      WHERE ${definition.where ? `(${definition.where}) AND ` : ''}${condition}`,
    params,
  );
  return rows.map(({ row }) => row);
}

/**
 * One record of a resource in the shape its list answers, found by `key` (SQL of the definition,
 * e.g. `r.region_id`); null when there is none. `lock` names the table whose row stays locked
 * until the transaction ends.
 */
export async function recordById<Row = Record<string, unknown>>(
  db: Queryable,
  definition: ResourceDefinition,
  key: string,
  id: unknown,
  lock?: string,
): Promise<Row | null> {
  const [row] = await recordsWhere<Row>(db, definition, `${key} = $1${lock ? ` FOR UPDATE OF ${lock}` : ''}`, [id]);
  return row ?? null;
}

/** The records of these ids, in the order of their key. */
export function recordsByIds<Row = Record<string, unknown>>(db: Queryable, definition: ResourceDefinition, key: string, ids: number[]) {
  return recordsWhere<Row>(db, definition, `${key} = ANY($1::int[]) ORDER BY ${key}`, [ids]);
}

/** `?PlanId=eq.7`: the one record a change or deletion acts on, in the filter style of list resources. */
export function recordQuery<const Name extends string>(name: Name) {
  return z.object({
    [name]: z
      .string({ error: `Name the record: ${name}=eq.<id>` })
      .regex(/^eq\.\d{1,10}$/, `Name the record: ${name}=eq.<id>`)
      .describe(`The record, as ${name}=eq.<id>`),
  } as Record<Name, z.ZodString>);
}

/** The id a record query names; one no integer column holds names no record. */
export function recordIdOf(query: z.ZodObject, name: string, req: Request): number {
  const parsed = query.safeParse(req.query);
  if (!parsed.success) throw new HttpError('BAD_REQUEST', parsed.error.issues[0]?.message ?? 'Name the record', name);
  const id = Number((parsed.data as Record<string, string>)[name]!.slice(3));
  if (id < 1 || id > MAX_RECORD_ID) throw new HttpError('NOT_FOUND', 'There is no such record', name);
  return id;
}

/** The declared field of that name; only the definition's own entries count. */
function fieldOf(definition: ResourceDefinition, name: string): Field | undefined {
  return Object.hasOwn(definition.fields, name) ? definition.fields[name] : undefined;
}

/** A name from the request, quoted for a message: control characters visible, and never a page long. */
function quoted(name: string): string {
  const text = JSON.stringify(name);
  return text.length > 60 ? `${text.slice(0, 56)}…"` : text;
}

/** A `json_build_object(...)` expression: both database drivers hand back the same JSON values. */
export function jsonObject(fields: Record<string, Field>): string {
  return `json_build_object(${Object.entries(fields)
    .map(([name, field]) => `'${name}', ${field.sql}`)
    .join(', ')})`;
}

type Counting = 'exact' | 'bounded';
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
async function totalOf(
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
async function keptCount(db: Queryable, definition: ResourceDefinition, { filters, search }: Conditions): Promise<number | undefined> {
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

function whereClause(definition: ResourceDefinition, { filters, search }: Conditions, param: (value: unknown) => string): string {
  const conditions = filterConditions(definition, filters, param);
  if (search.length) conditions.push(`(${search.map((term) => searchCondition(definition, term, param)).join(' OR ')})`);
  return conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
}

/** The definition's fixed condition and each filter's, all of which a row meets. */
function filterConditions(definition: ResourceDefinition, filters: Filter[], param: (value: unknown) => string): string[] {
  const conditions = filters.map((filter) => condition(fieldOf(definition, filter.field)!, filter, param));
  return definition.where ? [`(${definition.where})`, ...conditions] : conditions;
}

/** One term of the search: a field's text, the key of the rows found through another table, or the values found among a field's. */
function searchCondition(definition: ResourceDefinition, term: Term, param: (value: unknown) => string): string {
  if ('ids' in term) return `${term.key} = ANY(${param(term.ids)}::int[])`;
  if ('values' in term) return `${term.key} = ANY(${param(term.values)}::text[])`;
  return condition(fieldOf(definition, term.field)!, term, param);
}

/** Terms of fields searched through another table, as conditions on that table's own columns. */
function throughMatches(definition: ResourceDefinition, terms: Filter[], param: (value: unknown) => string): string {
  return terms
    .map((term) => {
      const field = fieldOf(definition, term.field)!;
      return condition({ ...field, sql: field.searchThrough!.column }, term, param);
    })
    .join(' OR ');
}

/**
 * The search group `or=(Field.op.value,…)` in PostgREST's syntax: a value holding commas,
 * parentheses or quotes is double-quoted, with `\"` and `\\` inside. Only searchable fields,
 * only text operators.
 */
function parseSearch(definition: ResourceDefinition, raw: unknown): Filter[] {
  if (raw === undefined) return [];
  const bad = (message: string) => new HttpError('BAD_REQUEST', message, 'or');
  const group = typeof raw === 'string' ? /^\((.*)\)$/s.exec(raw)?.[1] : undefined;
  if (group === undefined) throw bad('or must be one group: or=(Field.ilike.*text*,…)');
  return splitTerms(group, bad).map((term) => {
    const [, field = '', operator = '', value = ''] = /^([^.]*)\.([^.]*)\.(.*)$/s.exec(term) ?? [];
    if (!fieldOf(definition, field)?.searchable) throw bad(`Field "${field}" cannot be searched`);
    if (!SEARCH_OPERATORS.has(operator)) throw bad(`Search terms take ${[...SEARCH_OPERATORS].join(', ')}, not "${operator}"`);
    return { field, operator: operator as Operator, value: unquote(value, bad) };
  });
}

/** Splits at the commas outside double quotes. */
function splitTerms(group: string, bad: (message: string) => HttpError): string[] {
  const terms: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < group.length; i++) {
    const char = group[i]!;
    if (quoted && char === '\\') {
      current += char + (group[++i] ?? '');
    } else if (char === '"') {
      quoted = !quoted;
      current += char;
    } else if (char === ',' && !quoted) {
      terms.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  if (quoted) throw bad('A quoted search value is not closed');
  return [...terms, current];
}

function unquote(value: string, bad: (message: string) => HttpError): string {
  if (!value.startsWith('"')) return value;
  if (value.length < 2 || !value.endsWith('"')) throw bad('A quoted search value must end with its quote');
  return value.slice(1, -1).replace(/\\(.)/gs, '$1');
}

function parseFilters(definition: ResourceDefinition, query: Request['query']): Filter[] {
  const filters: Filter[] = [];
  for (const [field, raw] of Object.entries(query)) {
    if (RESERVED.has(field)) continue;
    if (!fieldOf(definition, field)) throw new HttpError('BAD_REQUEST', `Unknown filter field ${quoted(field)}`, field);
    for (const text of [raw].flat()) {
      if (typeof text !== 'string') throw new HttpError('BAD_REQUEST', `Filter "${field}" must be operator.value`, field);
      const dot = text.indexOf('.');
      const operator = text.slice(0, dot);
      if (dot < 0 || !OPERATORS.has(operator as Operator)) {
        throw new HttpError('BAD_REQUEST', `Filter "${field}" needs an operator: ${[...OPERATORS.keys()].join(', ')}`, field);
      }
      filters.push({ field, operator: operator as Operator, value: text.slice(dot + 1) });
    }
  }
  return filters;
}

/** Organisation admins see their own organisation only; asking for another one is refused. */
function scopeToTenant(definition: ResourceDefinition, filters: Filter[], viewer: Viewer | null): Filter[] {
  const tenantField = definition.tenantField;
  if (!tenantField) return filters;
  // A tenant-scoped resource listed without a viewer would show every organisation's rows.
  if (!viewer) throw new HttpError('UNAUTHENTICATED', 'Sign in first');
  if (viewer.typeOfUser === 'SuperAdmin') return filters;
  const own = String(viewer.clientId);
  for (const filter of filters) {
    if (filter.field === tenantField && !(filter.operator === 'eq' && filter.value === own)) {
      throw new HttpError('FORBIDDEN', 'You can only see the data of your own organization', tenantField);
    }
  }
  return [...filters, { field: tenantField, operator: 'eq', value: own }];
}

/**
 * The most ids a search finds through another table; a text more rows hold is searched through the
 * join, where a page of it is found after a few hundred rows of the list (one in twenty or more of
 * the platform's audit entries is by one of those people). Below it, the list's rows are found by
 * these ids: a page of theirs by the list's index of the key, or along the list's order with the
 * ids at hand, whichever reads less.
 */
export const MAX_FOUND_THROUGH = 5000;

/**
 * The search's terms on fields searched through another table (`searchThrough`), found there: one
 * statement per table for its ids, which then stand for those terms. Not within one organisation,
 * where the join reads only its rows; not for a text under three characters, which no trigram index
 * can find; and not when more than MAX_FOUND_THROUGH rows hold the text: it is common, and through
 * the join a page of it is found after a few rows. Either way the groups are kept, for the count.
 */
async function findThrough(
  db: Queryable,
  definition: ResourceDefinition,
  filters: Filter[],
  search: Term[],
): Promise<Pick<Conditions, 'search' | 'through'>> {
  if (filters.some((filter) => filter.field === definition.tenantField && filter.operator === 'eq')) return { search, through: [] };
  const groups = new Map<string, Through>();
  for (const term of search) {
    if ('key' in term) continue;
    const through = fieldOf(definition, term.field)!.searchThrough;
    if (!through || term.value.replaceAll('*', '').length < 3) continue;
    const name = `${through.key} ${through.table} ${through.id}`;
    if (!groups.has(name)) groups.set(name, { key: through.key, table: through.table, id: through.id, terms: [], found: null });
    groups.get(name)!.terms.push(term);
  }
  let found = search;
  for (const group of groups.values()) {
    const params: unknown[] = [];
    const rows = await db.query<{ id: number }>(
      `SELECT ${group.id} AS id FROM ${group.table} WHERE ${throughMatches(definition, group.terms, (value) => `$${params.push(value)}`)} LIMIT ${MAX_FOUND_THROUGH + 1}`,
      params,
    );
    if (rows.length > MAX_FOUND_THROUGH) continue;
    group.found = { key: group.key, ids: rows.map((row) => Number(row.id)) };
    found = [...found.filter((term) => 'key' in term || !group.terms.includes(term)), group.found];
  }
  return { search: found, through: [...groups.values()] };
}

/**
 * The search's terms on fields searched among their values (`searchAmong`), each as the values
 * holding its text: one statement per term, a few index steps. Any scope: the values stand for the
 * text exactly.
 */
async function findAmong(db: Queryable, definition: ResourceDefinition, search: Filter[]): Promise<Term[]> {
  return Promise.all(
    search.map(async (term): Promise<Term> => {
      const field = fieldOf(definition, term.field)!;
      // An exact value is found by the field's index as it is.
      if (!field.searchAmong || term.operator === 'eq') return term;
      const params: unknown[] = [];
      const matches = condition({ ...field, sql: 'held.value' }, term, (value) => `$${params.push(value)}`);
      const rows = await db.query<{ value: string }>(`SELECT held.value FROM (${field.searchAmong}) AS held WHERE ${matches}`, params);
      return { key: field.sql, values: rows.map((row) => String(row.value)) };
    }),
  );
}

function condition(field: Field, filter: Filter, param: (value: unknown) => string): string {
  const { operator, value } = filter;
  if (field.type === 'textList') {
    // Lists are for reading; filtering inside them would need operators of their own.
    throw new HttpError('BAD_REQUEST', `Field "${filter.field}" is a list and cannot be filtered`, filter.field);
  }
  if (operator === 'is') {
    const literal = IS_LITERALS.get(value);
    if (!literal) throw new HttpError('BAD_REQUEST', `Filter "${filter.field}" takes is.null, is.true or is.false`, filter.field);
    return `${field.sql} IS ${literal}`;
  }
  if (operator === 'in') {
    const items = /^\((.*)\)$/s.exec(value)?.[1]?.split(',') ?? [];
    if (!items.length) throw new HttpError('BAD_REQUEST', `Filter "${filter.field}" takes in.(a,b,c)`, filter.field);
    if (items.length > MAX_IN_ITEMS) {
      throw new HttpError('BAD_REQUEST', `Filter "${filter.field}" takes at most ${MAX_IN_ITEMS} values in in.(…)`, filter.field);
    }
    return `${field.sql} IN (${items.map((item) => param(typed(field, filter.field, item))).join(', ')})`;
  }
  if (operator === 'like' || operator === 'ilike') {
    const pattern = text(filter.field, value)
      .replace(/[\\%_]/g, '\\$&')
      .replaceAll('*', '%');
    return `${field.sql}::text ${OPERATORS.get(operator)} ${param(pattern)}`;
  }
  return `${field.sql} ${OPERATORS.get(operator)} ${param(typed(field, filter.field, value))}`;
}

function typed(field: Field, name: string, value: string): unknown {
  const bad = (expected: string) => new HttpError('BAD_REQUEST', `Filter "${name}" expects ${expected}`, name);
  switch (field.type) {
    case 'int': {
      // Every int field is a PostgreSQL integer: a larger number would fail in the database.
      const number = /^-?\d{1,10}$/.test(value) ? Number(value) : NaN;
      if (!(number >= INT4.min && number <= INT4.max)) throw bad(`a whole number from ${INT4.min} to ${INT4.max}`);
      return number;
    }
    case 'number':
      if (!/^-?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(value) || !Number.isFinite(Number(value))) throw bad('a number');
      return Number(value);
    case 'bool':
      if (value !== 'true' && value !== 'false') throw bad('true or false');
      return value === 'true';
    case 'date':
      if (!isCalendarDate(value)) throw bad('a date as YYYY-MM-DD');
      return value;
    case 'timestamp': {
      const time = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})?)?$/.test(value) ? new Date(value) : null;
      if (!time || Number.isNaN(time.getTime()) || !isCalendarDate(value.slice(0, 10))) throw bad('an ISO 8601 time');
      return time.toISOString();
    }
    case 'text':
    case 'textList':
      return text(name, value);
  }
}

/** A day that exists (no 2024-02-30), from year 1: what a PostgreSQL date column takes. */
function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Text the database can hold: PostgreSQL text has no NUL character. */
function text(name: string, value: string): string {
  if (value.includes('\0')) throw new HttpError('BAD_REQUEST', `Filter "${name}" cannot contain the NUL character`, name);
  return value;
}

function parseSelect(definition: ResourceDefinition, raw: unknown): string[] {
  if (raw === undefined || raw === '*') return Object.keys(definition.fields);
  if (typeof raw !== 'string') throw new HttpError('BAD_REQUEST', 'select must be a comma-separated list', 'select');
  const names = raw.split(',').map((name) => name.trim());
  for (const name of names) {
    if (!fieldOf(definition, name)) throw new HttpError('BAD_REQUEST', `Unknown field ${quoted(name)} in select`, 'select');
  }
  return names;
}

type Ordering = { sql: string; direction: 'ASC' | 'DESC' };

/**
 * The orderings asked for, then the tie-breaker in the last one's direction, so one index scan
 * serves both; `reversed`, each the other way (NULLs, last ascending, come first descending).
 */
function orderBy(definition: ResourceDefinition, order: Ordering[], reversed = false): string {
  const tieBreaker = { sql: definition.tieBreaker, direction: order.at(-1)?.direction ?? 'ASC' };
  const flip = { ASC: 'DESC', DESC: 'ASC' } as const;
  return [...order, tieBreaker].map(({ sql, direction }) => `${sql} ${reversed ? flip[direction] : direction}`).join(', ');
}

function parseOrder(definition: ResourceDefinition, raw: unknown): Ordering[] {
  if (raw === undefined) return [];
  if (typeof raw !== 'string') throw new HttpError('BAD_REQUEST', 'order must be field.asc or field.desc', 'order');
  return raw.split(',').map((part) => {
    const [name = '', direction = 'asc', extra] = part.trim().split('.');
    const field = fieldOf(definition, name);
    if (!field || extra !== undefined || (direction !== 'asc' && direction !== 'desc')) {
      throw new HttpError('BAD_REQUEST', `Cannot order by ${quoted(part)}: use a field name with .asc or .desc`, 'order');
    }
    if (!field.sort) throw new HttpError('BAD_REQUEST', `Cannot order by "${name}": it is not one of the sortable fields`, 'order');
    return { sql: field.sort.by ?? field.sql, direction: direction === 'asc' ? 'ASC' : 'DESC' };
  });
}

function parseCount(name: string, raw: unknown, fallback: number, max: number): number {
  if (raw === undefined) return fallback;
  if (typeof raw !== 'string' || !/^\d{1,15}$/.test(raw)) {
    throw new HttpError('BAD_REQUEST', `${name} must be a whole number from 0 to ${max}`, name);
  }
  const value = Number(raw);
  if (value > max) throw new HttpError('BAD_REQUEST', `${name} must be a whole number from 0 to ${max}`, name);
  return value;
}

// Typed as the core schema type: relating each zod class to z.ZodType costs the type-checker seconds.
const FIELD_SCHEMAS: Record<FieldType, () => z.core.$ZodType> = {
  int: () => z.int(),
  number: () => z.number(),
  text: () => z.string(),
  bool: () => z.boolean(),
  date: () => z.iso.date(),
  timestamp: () => z.iso.datetime({ offset: true }),
  textList: () => z.array(z.string()),
};

/**
 * The record a list resource answers with, made from the same field table the route selects
 * from, so a field added there is documented; `nullable` names the fields whose column allows NULL.
 */
export function recordOf<Fields extends Record<string, Field>>(fields: Fields, nullable: (keyof Fields & string)[] = []) {
  return z.strictObject(
    Object.fromEntries(
      Object.entries(fields).map(([name, field]) => {
        const schema = FIELD_SCHEMAS[field.type]();
        return [name, nullable.includes(name) ? z.nullable(schema) : schema];
      }),
    ),
  );
}
