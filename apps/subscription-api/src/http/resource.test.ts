import type { Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import type { Queryable, Row } from '../db/database';
import type { Viewer } from './auth';
import { HttpError } from './errors';
import { listResource, type ResourceDefinition } from './resource';

function recordingDb() {
  const sql: string[] = [];
  const db: Queryable = {
    async query<T extends Row>(text: string) {
      sql.push(text);
      return [] as T[];
    },
  };
  return { db, sql };
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
const orgAdmin: Viewer = { sessionId: '1', userId: 2, uuid: 'u', clientId: 7, typeOfUser: 'OrgAdmin' };

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
