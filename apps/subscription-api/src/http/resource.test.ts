import type { Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import type { Queryable, Row } from '#db/database';
import type { Viewer } from './auth';
import { HttpError } from './errors';
import { listResource, type ResourceDefinition } from './resource';

function recordingDb() {
  const sql: string[] = [];
  const params: unknown[][] = [];
  const db: Queryable = {
    async query<T extends Row>(text: string, values: readonly unknown[] = []) {
      sql.push(text);
      params.push([...values]);
      return [] as T[];
    },
  };
  return { db, sql, params };
}

const request = (query: Record<string, string>) => ({ query, get: () => undefined }) as unknown as Request;
const response = { set: () => undefined } as unknown as Response;

const scoped: ResourceDefinition = {
  from: 'clients c',
  fields: { ClientId: { sql: 'c.client_id', type: 'int' } },
  tenantField: 'ClientId',
  tieBreaker: 'c.client_id',
};
const publicList: ResourceDefinition = {
  from: 'products p',
  where: 'p.is_active',
  fields: { ProductId: { sql: 'p.product_id', type: 'int' }, IncludedProducts: { sql: 'p.included_products', type: 'textList' } },
  tieBreaker: 'p.product_id',
};
const searchable: ResourceDefinition = {
  from: 'clients c',
  fields: {
    ClientId: { sql: 'c.client_id', type: 'int' },
    Name: { sql: 'c.company_name', type: 'text', searchable: true, sort: { index: 'name_idx', by: 'lower(c.company_name)' } },
    Contact: { sql: 'c.contact_name', type: 'text', searchable: true },
    City: { sql: 'c.city', type: 'text' },
  },
  tieBreaker: 'c.client_id',
};
const orgAdmin: Viewer = { sessionId: '1', userId: 2, uuid: 'u', clientId: 7, typeOfUser: 'OrgAdmin', apiKey: null };

describe('listResource', () => {
  it('lists a public resource without a viewer, within its fixed condition', async () => {
    const { db, sql } = recordingDb();
    await listResource(db, publicList, request({ ProductId: 'eq.3' }), response, null);
    expect(sql[0]).toMatch(/WHERE \(p\.is_active\) AND p\.product_id = \$1/);
  });

  it('refuses a tenant-scoped resource without a viewer', async () => {
    const { db, sql } = recordingDb();
    await expect(listResource(db, scoped, request({}), response, null)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(sql).toEqual([]);
  });

  it('still scopes an organisation admin to their organisation', async () => {
    const { db, sql } = recordingDb();
    await listResource(db, scoped, request({}), response, orgAdmin);
    expect(sql[0]).toMatch(/WHERE c\.client_id = \$1/);
    await expect(listResource(db, scoped, request({ ClientId: 'eq.8' }), response, orgAdmin)).rejects.toBeInstanceOf(HttpError);
  });

  it('does not filter inside list fields', async () => {
    const { db } = recordingDb();
    await expect(listResource(db, publicList, request({ IncludedProducts: 'eq.Chat' }), response, null)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      field: 'IncludedProducts',
    });
  });
});

describe('listResource search', () => {
  it('matches any searchable field, as parameters, within the filters', async () => {
    const { db, sql, params } = recordingDb();
    await listResource(db, searchable, request({ City: 'eq.Austin', or: '(Name.ilike.*acme*,Contact.ilike.*acme*)' }), response, null);
    expect(sql[0]).toMatch(/WHERE c\.city = \$1 AND \(c\.company_name::text ILIKE \$2 OR c\.contact_name::text ILIKE \$3\)/);
    expect(params[0]!.slice(0, 3)).toEqual(['Austin', '%acme%', '%acme%']);
  });

  it('takes quoted values holding commas, parentheses, quotes and SQL as plain text', async () => {
    const { db, sql, params } = recordingDb();
    const term = `"*a,b) \\"x\\" '; DROP TABLE clients;--*"`;
    await listResource(db, searchable, request({ or: `(Name.ilike.${term},Contact.ilike.${term})` }), response, null);
    expect(sql[0]).not.toContain('DROP');
    expect(params[0]!.slice(0, 2)).toEqual([`%a,b) "x" '; DROP TABLE clients;--%`, `%a,b) "x" '; DROP TABLE clients;--%`]);
  });

  it('treats % and _ typed into a search as themselves', async () => {
    const { db, params } = recordingDb();
    await listResource(db, searchable, request({ or: '(Name.ilike.*50%_off*)' }), response, null);
    expect(params[0]![0]).toBe('%50\\%\\_off%');
  });

  it.each([
    ['(City.ilike.*x*)', /cannot be searched/],
    ['(Name.gt.a)', /Search terms take/],
    ['Name.ilike.*x*', /one group/],
    ['(Name.ilike."*x*)', /not closed/],
    ['(constructor.eq.1)', /cannot be searched/],
  ])('refuses or=%s naming the or parameter', async (or, message) => {
    const { db, sql } = recordingDb();
    await expect(listResource(db, searchable, request({ or }), response, null)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      field: 'or',
      message: expect.stringMatching(message),
    });
    expect(sql).toEqual([]);
  });
});

describe('listResource order', () => {
  it('sorts by the indexed expression, then the tie-breaker in the same direction', async () => {
    const { db, sql } = recordingDb();
    await listResource(db, searchable, request({ order: 'Name.desc' }), response, null);
    expect(sql[0]).toMatch(/ORDER BY lower\(c\.company_name\) DESC, c\.client_id DESC/);
    await listResource(db, searchable, request({}), response, null);
    expect(sql[1]).toMatch(/ORDER BY c\.client_id ASC/);
  });

  it('refuses to sort by a field that is not declared sortable', async () => {
    const { db } = recordingDb();
    await expect(listResource(db, searchable, request({ order: 'Contact.asc' }), response, null)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      field: 'order',
      message: expect.stringMatching(/not one of the sortable fields/),
    });
  });

  it('does not take names of object properties for fields', async () => {
    const { db } = recordingDb();
    const queries: Record<string, string>[] = [{ constructor: 'eq.1' }, { select: 'toString' }, { order: '__proto__.asc' }];
    for (const query of queries) {
      await expect(listResource(db, searchable, request(query), response, null)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    }
  });
});
