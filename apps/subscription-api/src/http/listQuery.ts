import type { Request } from 'express';
import type { Viewer } from './auth';
import { HttpError } from './errors';
import type { Field, ResourceDefinition } from './resourceDefinition';

/**
 * Reading a list request: the fields it selects, filters, searches and orders by, each one declared
 * by the resource (only searchable ones searched, only indexed ones sorted), the page it asks for,
 * and the organisation an organisation admin is kept to. Names and values are checked here; they
 * become SQL in listSql.ts.
 */
const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'or']);
/** What a search may ask of a field: text matching, not ranges or lists. */
const SEARCH_OPERATORS = new Set(['eq', 'like', 'ilike']);
// Names from a request are looked up in Maps, never as properties of plain objects, where
// `constructor`, `__proto__` or `toString` would be found on Object.prototype.
export const OPERATORS = new Map([
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
export type Operator = typeof OPERATORS extends Map<infer K, unknown> ? K : never;

export type Filter = { field: string; operator: Operator; value: string };
/** Rows whose `key` is one of these ids: search terms on fields searched through another table, found there. */
export type Found = { key: string; ids: number[] };
/** Rows whose `key` holds one of these values: a search term on a field searched among its values (`searchAmong`). */
export type Among = { key: string; values: string[] };
/** A term of the search, as asked or as found. */
export type Term = Filter | Found | Among;
/**
 * The search's terms on the fields searched through one other table (`searchThrough`), by the
 * list's key of it: `found` when that table's rows holding the text were few enough to name by
 * their ids (then they stand for the terms in the search), null when the terms are matched through
 * the join.
 */
export type Through = { key: string; table: string; id: string; terms: Filter[]; found: Found | null };
/** Every filter holds (AND), and when there is a search, at least one of its terms (OR). */
export type Conditions = { filters: Filter[]; search: Term[]; through: Through[] };

/** The declared field of that name; only the definition's own entries count. */
export function fieldOf(definition: ResourceDefinition, name: string): Field | undefined {
  return Object.hasOwn(definition.fields, name) ? definition.fields[name] : undefined;
}

/** A name from the request, quoted for a message: control characters visible, and never a page long. */
function quoted(name: string): string {
  const text = JSON.stringify(name);
  return text.length > 60 ? `${text.slice(0, 56)}…"` : text;
}

/**
 * The search group `or=(Field.op.value,…)` in PostgREST's syntax: a value holding commas,
 * parentheses or quotes is double-quoted, with `\"` and `\\` inside. Only searchable fields,
 * only text operators.
 */
export function parseSearch(definition: ResourceDefinition, raw: unknown): Filter[] {
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

export function parseFilters(definition: ResourceDefinition, query: Request['query']): Filter[] {
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
export function scopeToTenant(definition: ResourceDefinition, filters: Filter[], viewer: Viewer | null): Filter[] {
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

export function parseSelect(definition: ResourceDefinition, raw: unknown): string[] {
  if (raw === undefined || raw === '*') return Object.keys(definition.fields);
  if (typeof raw !== 'string') throw new HttpError('BAD_REQUEST', 'select must be a comma-separated list', 'select');
  const names = raw.split(',').map((name) => name.trim());
  for (const name of names) {
    if (!fieldOf(definition, name)) throw new HttpError('BAD_REQUEST', `Unknown field ${quoted(name)} in select`, 'select');
  }
  return names;
}

export type Ordering = { sql: string; direction: 'ASC' | 'DESC' };

export function parseOrder(definition: ResourceDefinition, raw: unknown): Ordering[] {
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

export function parseCount(name: string, raw: unknown, fallback: number, max: number): number {
  if (raw === undefined) return fallback;
  if (typeof raw !== 'string' || !/^\d{1,15}$/.test(raw)) {
    throw new HttpError('BAD_REQUEST', `${name} must be a whole number from 0 to ${max}`, name);
  }
  const value = Number(raw);
  if (value > max) throw new HttpError('BAD_REQUEST', `${name} must be a whole number from 0 to ${max}`, name);
  return value;
}
