import { parse, type Filter } from 'scim2-parse-filter';
import { badRequest, booleanOf, ScimError } from './protocol';

/**
 * How one filterable attribute reads in SQL:
 * - `text`: compared case-insensitively (userName, displayName), `lower(sql)` being what its index holds;
 * - `exact`: compared as written (externalId, id);
 * - `boolean` (active) and `time` (meta.lastModified);
 * - `related`: a condition on other rows (a group's members), given the comparison of their `sql`;
 * - `constant`: what every resource has (an email's type is "work").
 */
export type FilterAttribute =
  | { kind: 'text' | 'exact'; sql: string }
  | { kind: 'boolean'; sql: string }
  | { kind: 'time'; sql: string }
  | { kind: 'related'; sql: string; within: (condition: string) => string }
  | { kind: 'constant'; value: string | boolean };

/** The most comparisons one filter may hold: more is `tooMany`. */
export const MAX_COMPARISONS = 20;
const MAX_FILTER_LENGTH = 2000;

/**
 * Parses a SCIM filter (RFC 7644 section 3.4.2.2) with `scim2-parse-filter` and turns it into a
 * SQL condition over the attributes named, each value a parameter added to `params`. A filter
 * that does not parse, or names an attribute or operator that cannot be filtered on, is
 * `invalidFilter`; one of more than MAX_COMPARISONS comparisons is `tooMany`.
 */
export function filterSql(text: string, attributes: Record<string, FilterAttribute>, params: unknown[]): string {
  if (text.length > MAX_FILTER_LENGTH) throw new ScimError(400, `A filter may be at most ${MAX_FILTER_LENGTH} characters long`, 'tooMany');
  let tree: Filter;
  try {
    tree = parse(text);
  } catch (error) {
    throw badRequest('invalidFilter', `The filter could not be read: ${(error as Error).message || 'not a SCIM filter'}`);
  }
  let comparisons = 0;
  const lookup = new Map(Object.entries(attributes).map(([name, attribute]) => [name.toLowerCase(), attribute]));
  const attributeOf = (path: string): FilterAttribute => {
    const name = withoutUrn(path).toLowerCase();
    const attribute = lookup.get(name);
    if (!attribute) throw badRequest('invalidFilter', `Filtering on ${path} is not supported`);
    return attribute;
  };
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };

  // A value path (emails[type eq "work" and value eq "…"]) compares the sub-attributes of its attribute.
  const compile = (node: Filter, within = ''): string => {
    switch (node.op) {
      case 'and':
      case 'or':
        return `(${node.filters.map((filter) => compile(filter, within)).join(` ${node.op.toUpperCase()} `)})`;
      case 'not':
        return `NOT coalesce(${compile(node.filter, within)}, false)`;
      case '[]':
        if (within) throw badRequest('invalidFilter', `A value path cannot hold another: ${node.attrPath}[…]`);
        return compile(node.valFilter, `${node.attrPath}.`);
      default: {
        comparisons += 1;
        if (comparisons > MAX_COMPARISONS) throw new ScimError(400, `A filter may hold at most ${MAX_COMPARISONS} comparisons`, 'tooMany');
        const path = `${within}${node.attrPath}`;
        const attribute = attributeOf(path);
        if (node.op === 'pr') return present(attribute);
        return compare(attribute, node.op, node.compValue, path);
      }
    }
  };

  const present = (attribute: FilterAttribute): string => {
    if (attribute.kind === 'constant') return 'true';
    if (attribute.kind === 'related') return attribute.within('true');
    if (attribute.kind === 'text') return `coalesce(${attribute.sql}, '') <> ''`;
    return `${attribute.sql} IS NOT NULL`;
  };

  const compare = (attribute: FilterAttribute, op: string, value: unknown, path: string): string => {
    if (attribute.kind === 'constant') {
      if (op !== 'eq' && op !== 'ne') throw badRequest('invalidFilter', `${path} can only be compared with eq or ne`);
      const same = typeof attribute.value === 'boolean' ? value === attribute.value : String(value).toLowerCase() === attribute.value;
      return (op === 'eq') === same ? 'true' : 'false';
    }
    if (attribute.kind === 'boolean') {
      if (op !== 'eq' && op !== 'ne') throw badRequest('invalidFilter', `${path} can only be compared with eq or ne`);
      let flag: boolean;
      try {
        flag = booleanOf(value, path);
      } catch {
        throw badRequest('invalidFilter', `${path} is compared with true or false`);
      }
      return `${attribute.sql} ${op === 'eq' ? '=' : '<>'} ${param(flag)}`;
    }
    if (attribute.kind === 'time') {
      const operator = { eq: '=', ne: '<>', gt: '>', ge: '>=', lt: '<', le: '<=' }[op];
      if (!operator) throw badRequest('invalidFilter', `${path} is compared with eq, ne, gt, ge, lt or le`);
      const instant = typeof value === 'string' ? new Date(value) : new Date(NaN);
      if (Number.isNaN(instant.getTime())) throw badRequest('invalidFilter', `${path} is compared with a date and time (ISO 8601)`);
      return `${attribute.sql} ${operator} ${param(instant.toISOString())}::timestamptz`;
    }
    if (typeof value !== 'string') {
      if (value === null && (op === 'eq' || op === 'ne')) return op === 'eq' ? `NOT (${present(attribute)})` : present(attribute);
      throw badRequest('invalidFilter', `${path} is compared with text`);
    }
    const exact = attribute.kind === 'exact';
    const left = exact ? attribute.sql : `lower(${attribute.sql})`;
    const right = () => (exact ? param(value) : `lower(${param(value)})`);
    const like = (pattern: (escaped: string) => string) =>
      `${attribute.sql} ${exact ? 'LIKE' : 'ILIKE'} ${param(pattern(value.replace(/[\\%_]/g, (c) => `\\${c}`)))}`;
    let condition: string;
    switch (op) {
      case 'eq':
        condition = `${left} = ${right()}`;
        break;
      case 'ne':
        condition = `${left} IS DISTINCT FROM ${right()}`;
        break;
      case 'co':
        condition = like((v) => `%${v}%`);
        break;
      case 'sw':
        condition = like((v) => `${v}%`);
        break;
      case 'ew':
        condition = like((v) => `%${v}`);
        break;
      default:
        throw badRequest('invalidFilter', `${path} is compared with eq, ne, co, sw, ew or pr`);
    }
    return attribute.kind === 'related' ? attribute.within(condition) : condition;
  };

  return compile(tree);
}

/** `urn:ietf:params:scim:schemas:core:2.0:User:userName` → `userName`; an extension's attribute keeps its URN. */
function withoutUrn(path: string): string {
  const core = /^urn:ietf:params:scim:schemas:core:2\.0:(User|Group):/i;
  return path.replace(core, '');
}
