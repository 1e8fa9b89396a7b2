import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_TOKEN_HEADER } from '@yozy/shared';
import { TEST_SERVICE_TOKEN } from '../support/stack';
import { useStack } from '../support/useStack';

/**
 * Whatever a caller puts in the query of a REST list (filter names, operators, values, select,
 * order, limit, offset), the answer is JSON: rows, or an error naming the problem. Never a 500.
 */

type ListResource = { path: string; fields: string[] };
type Caller = { name: string; token: string | null };
type ErrorBody = { error?: { code?: unknown; message?: unknown; field?: unknown } };

/** Names every JavaScript object has, which a plain-object lookup would find on Object.prototype. */
const BUILT_IN_NAMES = [
  'constructor',
  '__proto__',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__defineGetter__',
  '__lookupGetter__',
  'prototype',
];

const SQL_AND_HTML = [
  "'; DROP TABLE clients; --",
  '1 OR 1=1',
  'ClientId) OR (1=1',
  '" OR ""="',
  '$1',
  '::text',
  'pg_sleep(5)',
  '%',
  '_',
  '\\',
  '*',
  '(',
  ')',
  '()',
  '(,)',
  ',',
  '.',
  '..',
  'eq.',
  'in.(',
  'in.()',
  'is.',
  'like.*',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg/onload=alert(1)>',
  '&amp;',
];

const hostile = fc.oneof(
  fc.constantFrom(...BUILT_IN_NAMES),
  fc.constantFrom(...SQL_AND_HTML),
  fc.string({ maxLength: 40 }),
  // Control characters, NUL among them.
  fc.string({ unit: fc.integer({ min: 0, max: 31 }).map((code) => String.fromCharCode(code)), maxLength: 8 }),
  // Any code points, lone surrogates included.
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  // Very long text, within what an HTTP request line may carry.
  fc.string({ unit: 'grapheme-ascii', minLength: 1000, maxLength: 3000 }),
  fc.constantFrom('-1', '0', '1', '2147483648', '-2147483649', '99999999999999999999', '1e308', '1e400', 'NaN', 'Infinity', '0x10', '1.5'),
  fc.constantFrom('2024-02-30', '0000-01-01', '9999-12-31', '2024-13-01', '2024-01-01T25:00:00Z', 'true', 'false', 'null', ''),
);

const OPERATORS = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'in', 'is'];

function queryOf(resource: ListResource) {
  const name = fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...resource.fields) }, { weight: 1, arbitrary: hostile });
  const operator = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...OPERATORS) }, { weight: 1, arbitrary: hostile });
  const value = fc.oneof(
    hostile,
    fc.array(hostile, { minLength: 0, maxLength: 5 }).map((items) => `(${items.join(',')})`),
    fc.integer().map(String),
    fc.double().map(String),
    fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
    fc.date({ noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10)),
  );
  const filter = fc.oneof(
    fc.tuple(name, operator, value).map(([field, op, v]) => [field, `${op}.${v}`] as const),
    fc.tuple(name, hostile).map(([field, raw]) => [field, raw] as const),
  );
  const list = (item: fc.Arbitrary<string>) => fc.array(item, { minLength: 1, maxLength: 4 }).map((items) => items.join(','));
  const orderItem = fc
    .tuple(
      name,
      fc.oneof(
        fc.constantFrom('', '.asc', '.desc'),
        hostile.map((h) => `.${h}`),
      ),
    )
    .map(([field, direction]) => `${field}${direction}`);
  return fc.record({
    filters: fc.array(filter, { maxLength: 4 }),
    select: fc.option(fc.oneof(fc.constant('*'), list(name), hostile), { nil: undefined }),
    order: fc.option(fc.oneof(list(orderItem), hostile), { nil: undefined }),
    limit: fc.option(fc.oneof(fc.nat(2000).map(String), hostile), { nil: undefined }),
    offset: fc.option(fc.oneof(fc.nat(100).map(String), hostile), { nil: undefined }),
  });
}

describe('odd input to the REST service', () => {
  const stack = useStack('pglite');
  let resources: ListResource[] = [];
  let callers: Caller[] = [];

  beforeAll(async () => {
    resources = listResources(await (await fetch(`${stack.apiUrl}openapi.json`)).json());
    callers = [{ name: 'anonymous', token: null }];
    for (const [name, email] of [
      ['SuperAdmin', 'admin@yozy.local'],
      ['OrgAdmin', 'admin@acme.local'],
      ['member', 'member@acme.local'],
    ] as const) {
      const answer = await fetch(`${stack.apiUrl}users/signIn`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'Admin@123' }),
      });
      callers.push({ name, token: ((await answer.json()) as { token: string }).token });
    }
  });

  /** Sends the query and checks the answer's shape; returns it for further checks. */
  async function list(resource: ListResource, caller: Caller, params: URLSearchParams) {
    const response = await fetch(`${stack.apiUrl}${resource.path.slice(1)}?${params}`, {
      headers: { ...(caller.token ? { authorization: `Bearer ${caller.token}` } : {}), prefer: 'count=exact' },
    });
    const text = await response.text();
    const context = `${caller.name} GET ${resource.path}?${params} -> ${response.status} ${text.slice(0, 300)}`;
    expect(response.status, context).toBeLessThan(500);
    expect(response.headers.get('content-type'), context).toMatch(/^application\/json/);
    const body = JSON.parse(text) as unknown;
    if (response.status === 200) {
      expect(Array.isArray(body), context).toBe(true);
      return { status: 200, error: undefined };
    }
    const error = (body as ErrorBody).error;
    expect(typeof error?.code, context).toBe('string');
    expect(typeof error?.message === 'string' && error.message.length > 0, context).toBe(true);
    if (response.status === 400) {
      // The problem is named: the filter, or select, order, limit or offset.
      const sent = new Set(params.keys());
      expect(typeof error?.field === 'string' && sent.has(error.field), context).toBe(true);
    }
    return { status: response.status, error };
  }

  it('answers 400 to a value the database cannot take, even where no check caught it before the query', async () => {
    // The body's check takes year 0, which PostgreSQL has no room for.
    const response = await fetch(`${stack.apiUrl}captcha/consume`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SERVICE_TOKEN_HEADER]: TEST_SERVICE_TOKEN },
      body: JSON.stringify({ signature: 'odd-input-signature', expiresAt: '0000-01-01T00:00:00Z' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: { code: 'BAD_REQUEST', message: 'A value in the request is out of range or malformed for what it is used for' },
    });
  });

  it('finds every list resource in the service description', () => {
    expect(resources.map((r) => r.path)).toEqual(
      expect.arrayContaining(['/subscription_client_details', '/subscription_product_master', '/subscription_plan_master']),
    );
    for (const resource of resources) expect(resource.fields.length, resource.path).toBeGreaterThan(0);
  });

  it.each(BUILT_IN_NAMES)('refuses the built-in name %s wherever a name goes, as every caller', async (name) => {
    for (const resource of resources) {
      // Not the organisation field, where an organisation admin is refused before the filter is read.
      const field = resource.fields[1] ?? resource.fields[0]!;
      for (const caller of callers) {
        const queries: [string, string][] = [
          [name, 'eq.1'],
          [field, `${name}.1`],
          [field, `is.${name}`],
          ['select', name],
          ['select', `${field},${name}`],
          ['order', name],
          ['order', `${name}.asc`],
        ];
        for (const [key, value] of queries) {
          const answer = await list(resource, caller, new URLSearchParams([[key, value]]));
          // Only the caller's standing may decide first (signed out, or not an administrator).
          if (answer.status !== 401 && answer.status !== 403) expect(answer.status).toBe(400);
        }
      }
    }
  });

  it('answers random and hostile queries with rows or a JSON error naming the problem, never a 500', async () => {
    for (const resource of resources) {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...callers), queryOf(resource), async (caller, query) => {
          const params = new URLSearchParams();
          for (const [name, raw] of query.filters) params.append(name, raw);
          for (const name of ['select', 'order', 'limit', 'offset'] as const) {
            const value = query[name];
            if (value !== undefined) params.append(name, value);
          }
          await list(resource, caller, params);
        }),
        { numRuns: 100 },
      );
    }
    // 100 queries for every list resource the document names (about thirty): more time as resources are added.
  }, 300_000);
});

type OpenApi = {
  paths: Record<string, { get?: { parameters?: { name: string; in: string }[]; responses?: Record<string, unknown> } }>;
  components?: { schemas?: Record<string, { properties?: Record<string, unknown> }> };
};

/** The GET operations taking `select`, with the fields of the rows they answer. */
function listResources(document: OpenApi): ListResource[] {
  return Object.entries(document.paths)
    .filter(([, item]) => item.get?.parameters?.some((p) => p.name === 'select' && p.in === 'query'))
    .map(([path, item]) => {
      const ok = item.get?.responses?.['200'] as
        { content?: { 'application/json'?: { schema?: { items?: { $ref?: string; properties?: Record<string, unknown> } } } } } | undefined;
      const items = ok?.content?.['application/json']?.schema?.items;
      const schema = items?.$ref ? document.components?.schemas?.[items.$ref.split('/').pop()!] : items;
      return { path, fields: Object.keys(schema?.properties ?? {}) };
    });
}
