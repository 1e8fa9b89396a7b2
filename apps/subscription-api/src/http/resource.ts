import type { Request, Response } from 'express';
import type { Queryable } from '../db/database';
import type { Viewer } from './auth';
import { HttpError } from './errors';

/**
 * Read-only listing of a table in the filter style of the provider's backend:
 * `?ClientId=eq.42&select=ClientId,ClientCompanyName&order=ClientCompanyName.asc&limit=20&offset=40`,
 * with `Prefer: count=exact` answered in a `Content-Range` header. Only declared fields can be
 * selected, filtered or sorted, and every value travels as a query parameter.
 */
export type FieldType = 'int' | 'number' | 'text' | 'bool' | 'date' | 'timestamp' | 'textList';
export type Field = { sql: string; type: FieldType };

export type ResourceDefinition = {
  from: string;
  /** A fixed condition every row must meet, e.g. `p.is_active`; SQL written here, never input. */
  where?: string;
  fields: Record<string, Field>;
  /** The field holding the organisation id: organisation admins only ever see their own. */
  tenantField?: string;
  /** Sort appended to every query so pages are stable, e.g. `client_id`. */
  tieBreaker: string;
};

export const MAX_LIMIT = 1000;
const DEFAULT_LIMIT = 100;
const RESERVED = new Set(['select', 'order', 'limit', 'offset']);
const OPERATORS = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=', like: 'LIKE', ilike: 'ILIKE', in: 'IN', is: 'IS' } as const;
type Operator = keyof typeof OPERATORS;
// The OpenAPI document describes the filters and counts with these.
export { DEFAULT_LIMIT, OPERATORS };

type Filter = { field: string; operator: Operator; value: string };

/** `viewer` is null for public resources, which must not have a tenant field. */
export async function listResource(db: Queryable, definition: ResourceDefinition, req: Request, res: Response, viewer: Viewer | null) {
  const params: unknown[] = [];
  const param = (value: unknown) => `$${params.push(value)}`;

  const filters = scopeToTenant(definition, parseFilters(definition, req.query), viewer);
  const where = whereClause(definition, filters, param);
  const select = parseSelect(definition, req.query.select);
  const order = parseOrder(definition, req.query.order);
  const limit = parseCount('limit', req.query.limit, DEFAULT_LIMIT, MAX_LIMIT);
  const offset = parseCount('offset', req.query.offset, 0, Number.MAX_SAFE_INTEGER);
  const wantsCount = /count=exact/.test(req.get('prefer') ?? '');

  const picked = Object.fromEntries(select.map((name) => [name, definition.fields[name]!]));
  const rows = await db.query<{ row: Record<string, unknown>; total?: number }>(
    `SELECT ${jsonObject(picked)} AS row${wantsCount ? ', count(*) OVER ()::int AS total' : ''}
       FROM ${definition.from}
      ${where}
      ORDER BY ${[...order, definition.tieBreaker].join(', ')}
      LIMIT ${param(limit)} OFFSET ${param(offset)}`,
    params,
  );

  if (wantsCount) {
    const total = rows[0]?.total ?? (offset > 0 ? await countAll(db, definition, filters) : 0);
    res.set('Content-Range', rows.length ? `${offset}-${offset + rows.length - 1}/${total}` : `*/${total}`);
  }
  return rows.map((r) => r.row);
}

/** A `json_build_object(...)` expression: both database drivers hand back the same JSON values. */
export function jsonObject(fields: Record<string, Field>): string {
  return `json_build_object(${Object.entries(fields)
    .map(([name, field]) => `'${name}', ${field.sql}`)
    .join(', ')})`;
}

async function countAll(db: Queryable, definition: ResourceDefinition, filters: Filter[]) {
  const params: unknown[] = [];
  const where = whereClause(definition, filters, (v) => `$${params.push(v)}`);
  const [row] = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM ${definition.from} ${where}`, params);
  return row?.total ?? 0;
}

function whereClause(definition: ResourceDefinition, filters: Filter[], param: (value: unknown) => string): string {
  const conditions = filters.map((filter) => condition(definition.fields[filter.field]!, filter, param));
  if (definition.where) conditions.unshift(`(${definition.where})`);
  return conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
}

function parseFilters(definition: ResourceDefinition, query: Request['query']): Filter[] {
  const filters: Filter[] = [];
  for (const [field, raw] of Object.entries(query)) {
    if (RESERVED.has(field)) continue;
    if (!definition.fields[field]) throw new HttpError('BAD_REQUEST', `Unknown filter field "${field}"`, field);
    for (const text of [raw].flat()) {
      if (typeof text !== 'string') throw new HttpError('BAD_REQUEST', `Filter "${field}" must be operator.value`, field);
      const dot = text.indexOf('.');
      const operator = text.slice(0, dot);
      if (dot < 0 || !(operator in OPERATORS)) {
        throw new HttpError('BAD_REQUEST', `Filter "${field}" needs an operator: ${Object.keys(OPERATORS).join(', ')}`, field);
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
      throw new HttpError('FORBIDDEN', 'You can only see the data of your own organisation', tenantField);
    }
  }
  return [...filters, { field: tenantField, operator: 'eq', value: own }];
}

function condition(field: Field, filter: Filter, param: (value: unknown) => string): string {
  const { operator, value } = filter;
  if (field.type === 'textList') {
    // Lists are for reading; filtering inside them would need operators of their own.
    throw new HttpError('BAD_REQUEST', `Field "${filter.field}" is a list and cannot be filtered`, filter.field);
  }
  if (operator === 'is') {
    const literal = { null: 'NULL', true: 'TRUE', false: 'FALSE' }[value];
    if (!literal) throw new HttpError('BAD_REQUEST', `Filter "${filter.field}" takes is.null, is.true or is.false`, filter.field);
    return `${field.sql} IS ${literal}`;
  }
  if (operator === 'in') {
    const items = /^\((.*)\)$/.exec(value)?.[1]?.split(',') ?? [];
    if (!items.length) throw new HttpError('BAD_REQUEST', `Filter "${filter.field}" takes in.(a,b,c)`, filter.field);
    return `${field.sql} IN (${items.map((item) => param(typed(field, filter.field, item))).join(', ')})`;
  }
  if (operator === 'like' || operator === 'ilike') {
    const pattern = value.replace(/[\\%_]/g, '\\$&').replaceAll('*', '%');
    return `${field.sql}::text ${OPERATORS[operator]} ${param(pattern)}`;
  }
  return `${field.sql} ${OPERATORS[operator]} ${param(typed(field, filter.field, value))}`;
}

function typed(field: Field, name: string, value: string): unknown {
  const bad = (expected: string) => new HttpError('BAD_REQUEST', `Filter "${name}" expects ${expected}`, name);
  switch (field.type) {
    case 'int':
      if (!/^-?\d{1,15}$/.test(value)) throw bad('a whole number');
      return Number(value);
    case 'number':
      if (!Number.isFinite(Number(value)) || value.trim() === '') throw bad('a number');
      return Number(value);
    case 'bool':
      if (value !== 'true' && value !== 'false') throw bad('true or false');
      return value === 'true';
    case 'date':
      if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) throw bad('a date as YYYY-MM-DD');
      return value;
    case 'timestamp':
      if (Number.isNaN(Date.parse(value))) throw bad('an ISO 8601 time');
      return value;
    case 'text':
    case 'textList':
      return value;
  }
}

function parseSelect(definition: ResourceDefinition, raw: unknown): string[] {
  if (raw === undefined || raw === '*') return Object.keys(definition.fields);
  if (typeof raw !== 'string') throw new HttpError('BAD_REQUEST', 'select must be a comma-separated list', 'select');
  const names = raw.split(',').map((name) => name.trim());
  for (const name of names) {
    if (!definition.fields[name]) throw new HttpError('BAD_REQUEST', `Unknown field "${name}" in select`, 'select');
  }
  return names;
}

function parseOrder(definition: ResourceDefinition, raw: unknown): string[] {
  if (raw === undefined) return [];
  if (typeof raw !== 'string') throw new HttpError('BAD_REQUEST', 'order must be field.asc or field.desc', 'order');
  return raw.split(',').map((part) => {
    const [name = '', direction = 'asc', extra] = part.trim().split('.');
    const field = definition.fields[name];
    if (!field || extra !== undefined || (direction !== 'asc' && direction !== 'desc')) {
      throw new HttpError('BAD_REQUEST', `Cannot order by "${part}": use a field name with .asc or .desc`, 'order');
    }
    return `${field.sql} ${direction.toUpperCase()}`;
  });
}

function parseCount(name: string, raw: unknown, fallback: number, max: number): number {
  if (raw === undefined) return fallback;
  if (typeof raw !== 'string' || !/^\d{1,9}$/.test(raw)) {
    throw new HttpError('BAD_REQUEST', `${name} must be a whole number from 0 to ${max}`, name);
  }
  const value = Number(raw);
  if (value > max) throw new HttpError('BAD_REQUEST', `${name} must be a whole number from 0 to ${max}`, name);
  return value;
}
