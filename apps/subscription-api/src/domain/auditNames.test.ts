import { AUDIT_RECORD_KINDS, type AuditRecordKind } from '@yozy/shared/auditLog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#db/database';
import type { Viewer } from '#http/auth';
import { openSeededDatabase } from '#testing/testDatabase';
import { TEST_DATABASE_KINDS } from '#testing/testDatabases';
import { namesOfReferences, referencesOf } from './auditNames';

const viewer = (typeOfUser: Viewer['typeOfUser'], clientId: number): Viewer => ({
  sessionId: 's',
  userId: 1,
  uuid: 'u',
  clientId,
  typeOfUser,
  apiKey: null,
});

describe('the records an entry names', () => {
  it('are its own record and the ids its fields hold, at the top or in a list of objects', () => {
    expect(
      referencesOf({
        EntityType: 'user',
        EntityId: '81',
        Before: JSON.stringify({ productId: 2, role: 'Admin' }),
        After: JSON.stringify({ roles: [{ role: 'User', productId: 3 }], addedUserIds: [4, 5], ProductId: 2, email: 'x@y' }),
      }),
    ).toEqual(['user:81', 'product:2', 'product:3', 'user:4', 'user:5']);
  });

  it('leave out what is not a record: an unknown kind, a text id, a damaged before', () => {
    expect(
      referencesOf({ EntityType: 'settings', EntityId: '4', Before: '{not json', After: JSON.stringify({ productId: 'two' }) }),
    ).toEqual([]);
  });
});

describe.each(TEST_DATABASE_KINDS)('naming the records of a page (%s)', (kind) => {
  let db: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await openSeededDatabase(kind));
  }, 120_000);
  afterAll(async () => {
    await db.close();
    await drop();
  });

  it('names one record of every kind in one statement, for the provider', async () => {
    // The first record of each kind the demo data has (the outbox and API keys may have none).
    const first: Record<AuditRecordKind, string> = {
      user: 'SELECT min(user_id) FROM client_users',
      session: 'SELECT min(session_id) FROM sessions',
      group: 'SELECT min(group_id) FROM groups',
      project: 'SELECT min(project_id) FROM projects',
      allocation: 'SELECT min(allocation_id) FROM project_allocations',
      licence: 'SELECT min(licence_id) FROM licences',
      organization: 'SELECT min(client_id) FROM clients',
      enquiry: 'SELECT min(enquiry_id) FROM enquiries',
      api_key: 'SELECT min(key_id) FROM api_keys',
      mail: 'SELECT min(mail_id) FROM mail_outbox',
      product: 'SELECT min(product_id) FROM products',
      plan: 'SELECT min(plan_id) FROM plans',
      role: 'SELECT min(role_id) FROM roles',
      region: 'SELECT min(region_id) FROM regions',
      organizationChoice: 'SELECT min(choice_id) FROM organization_choices',
      webhook_endpoint: 'SELECT min(endpoint_id) FROM webhook_endpoints',
    };
    // The demo data has no webhook endpoint: one of Acme's, named by its address.
    await db.query(
      "INSERT INTO webhook_endpoints (client_id, url, secret_sealed) SELECT client_id, 'https://hooks.acme.example/in', 'sealed' FROM clients WHERE company_name = 'Acme Corporation'",
    );
    const references: string[] = [];
    for (const kind of Object.keys(AUDIT_RECORD_KINDS) as AuditRecordKind[]) {
      const [row] = await db.query<{ min: number | null }>(first[kind]);
      if (row?.min != null) references.push(`${kind}:${row.min}`);
    }
    expect(references.length).toBeGreaterThan(10);
    const names = await namesOfReferences(db, references, viewer('SuperAdmin', 1));
    expect([...names.keys()].sort()).toEqual([...references].sort());
    expect([...names.values()].every((name) => name.trim().length > 0 && !/\bnull\b/.test(name))).toBe(true);
  });

  it("names an organisation admin their own organisation's records and the masters, nothing of another's", async () => {
    const [acme] = await db.query<{ client_id: number }>("SELECT client_id FROM clients WHERE company_name = 'Acme Corporation'");
    const [globex] = await db.query<{ client_id: number }>("SELECT client_id FROM clients WHERE company_name = 'Globex Industries'");
    const [own] = await db.query<{ user_id: number }>('SELECT min(user_id) AS user_id FROM client_users WHERE client_id = $1', [
      acme!.client_id,
    ]);
    const [other] = await db.query<{ user_id: number }>(
      "SELECT min(user_id) AS user_id FROM client_users WHERE client_id = $1 AND type_of_user <> 'SuperAdmin'",
      [globex!.client_id],
    );
    const [product] = await db.query<{ product_id: number; product_name: string }>(
      'SELECT product_id, product_name FROM products ORDER BY product_id LIMIT 1',
    );
    const names = await namesOfReferences(
      db,
      [`user:${own!.user_id}`, `user:${other!.user_id}`, `organization:${globex!.client_id}`, `product:${product!.product_id}`],
      viewer('OrgAdmin', acme!.client_id),
    );
    expect([...names.keys()].sort()).toEqual([`product:${product!.product_id}`, `user:${own!.user_id}`].sort());
    expect(names.get(`product:${product!.product_id}`)).toBe(product!.product_name);
  });

  it('asks nothing when the page names no record, and skips ids out of range', async () => {
    expect(await namesOfReferences(db, ['user:99999999999', 'nothing:1'], viewer('SuperAdmin', 1))).toEqual(new Map());
  });
});
