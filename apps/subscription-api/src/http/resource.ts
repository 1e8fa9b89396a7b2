import type { Request, Response } from 'express';
import { z } from 'zod';
import { MAX_RECORD_ID } from '@yozy/shared';
import type { Queryable } from '#db/database';
import type { Viewer } from './auth';
import { HttpError } from './errors';
import { fieldOf, parseCount, parseFilters, parseOrder, parseSearch, parseSelect, scopeToTenant, type Conditions } from './listQuery';
import { findAmong, findThrough, orderBy, whereClause } from './listSql';
import { COUNT_BOUND, keptCount, totalOf, TOTAL_MORE_THAN, type Counting } from './listTotals';
import type { Field, FieldType, ResourceDefinition } from './resourceDefinition';

/**
 * Read-only listing of a table in the filter style of the provider's backend:
 * `?ClientId=eq.42&select=ClientId,ClientCompanyName&order=ClientCompanyName.asc&limit=20&offset=40`,
 * a search as `or=(ClientCompanyName.ilike.*acme*,ClientContactName.ilike.*acme*)`, and
 * `Prefer: count=exact` (or `count=bounded`, see `totalOf`) answered in a `Content-Range` header. Only declared fields can be
 * selected or filtered, only searchable ones searched, only indexed ones sorted (reading the
 * request: listQuery.ts), and every value travels as a query parameter (the conditions as SQL, and
 * the search through other tables and among a field's values: listSql.ts); the totals are
 * listTotals.ts's; what a list is made of, resourceDefinition.ts's. This file keeps the list
 * itself and the records.
 */

// The declarations of a list, for the routes that declare one.
export { throughPerson, type Field, type FieldType, type ResourceDefinition } from './resourceDefinition';

// The OpenAPI document describes the pages of lists with these.
export const MAX_LIMIT = 1000;
export const DEFAULT_LIMIT = 100;
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
/** A `json_build_object(...)` expression: both database drivers hand back the same JSON values. */
export function jsonObject(fields: Record<string, Field>): string {
  return `json_build_object(${Object.entries(fields)
    .map(([name, field]) => `'${name}', ${field.sql}`)
    .join(', ')})`;
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
