import type { Queryable } from '#db/database';
import { HttpError } from './errors';
import { fieldOf, OPERATORS, type Conditions, type Filter, type Ordering, type Term, type Through } from './listQuery';
import type { Field, ResourceDefinition } from './resourceDefinition';

/**
 * A list request's conditions as SQL: every value travels as a query parameter, typed by its field
 * first; the search's terms on fields searched through another table or among a field's values are
 * found there first (`findThrough`, `findAmong`), and the page's order ends in the tie-breaker.
 */
/** Items of one `in.(…)` filter: enough for any screen, far below the database's limit on parameters. */
export const MAX_IN_ITEMS = 100;
const IS_LITERALS = new Map([
  ['null', 'NULL'],
  ['true', 'TRUE'],
  ['false', 'FALSE'],
]);
const INT4 = { min: -2_147_483_648, max: 2_147_483_647 };

export function whereClause(definition: ResourceDefinition, { filters, search }: Conditions, param: (value: unknown) => string): string {
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
export function searchCondition(definition: ResourceDefinition, term: Term, param: (value: unknown) => string): string {
  if ('ids' in term) return `${term.key} = ANY(${param(term.ids)}::int[])`;
  if ('values' in term) return `${term.key} = ANY(${param(term.values)}::text[])`;
  return condition(fieldOf(definition, term.field)!, term, param);
}

/** Terms of fields searched through another table, as conditions on that table's own columns. */
export function throughMatches(definition: ResourceDefinition, terms: Filter[], param: (value: unknown) => string): string {
  return terms
    .map((term) => {
      const field = fieldOf(definition, term.field)!;
      return condition({ ...field, sql: field.searchThrough!.column }, term, param);
    })
    .join(' OR ');
}

/**
 * The orderings asked for, then the tie-breaker in the last one's direction, so one index scan
 * serves both; `reversed`, each the other way (NULLs, last ascending, come first descending).
 */
export function orderBy(definition: ResourceDefinition, order: Ordering[], reversed = false): string {
  const tieBreaker = { sql: definition.tieBreaker, direction: order.at(-1)?.direction ?? 'ASC' };
  const flip = { ASC: 'DESC', DESC: 'ASC' } as const;
  return [...order, tieBreaker].map(({ sql, direction }) => `${sql} ${reversed ? flip[direction] : direction}`).join(', ');
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
export async function findThrough(
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
export async function findAmong(db: Queryable, definition: ResourceDefinition, search: Filter[]): Promise<Term[]> {
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

export function condition(field: Field, filter: Filter, param: (value: unknown) => string): string {
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
