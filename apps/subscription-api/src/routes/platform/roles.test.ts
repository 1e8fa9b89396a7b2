import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRestApi, type RestApi } from '#testing/restApi';

type RoleRow = {
  RoleId: number;
  ProductId: number;
  ProductName: string;
  RoleName: string;
  Description: string | null;
  IsActive: boolean;
  UserCount: number;
};

let api: RestApi;
let provider: string;
let productId: number;
beforeAll(async () => {
  api = await openRestApi();
  provider = await api.signIn('admin@yozy.local');
  const [product] = await api.db.query<{ product_id: number }>("SELECT product_id FROM products WHERE product_name = 'Yozy Web'");
  productId = product!.product_id;
});
afterAll(() => api.close());

const PATH = '/platform/roles';
const list = (query: string, token = provider) => api.agent.get(`${PATH}?${query}`).auth(token, { type: 'bearer' });
const one = (roleId: number) => `${PATH}?RoleId=eq.${roleId}`;

async function heldRole(): Promise<{ role_id: number; role_name: string; held: number }> {
  const [row] = await api.db.query<{ role_id: number; role_name: string; held: number }>(
    `SELECT r.role_id, r.role_name, count(*)::int AS held FROM roles r JOIN user_roles ur ON ur.role_id = r.role_id
      GROUP BY r.role_id ORDER BY count(*) DESC LIMIT 1`,
  );
  return row!;
}

describe('GET /platform/roles', () => {
  it('lists every product’s roles by name with how many people hold each', async () => {
    const answer = await list('order=RoleName.asc&limit=100');
    expect(answer.status).toBe(200);
    const names = answer.body.map((row: RoleRow) => row.RoleName.toLowerCase());
    expect(names).toEqual([...names].sort());
    const held = await heldRole();
    expect(answer.body.find((row: RoleRow) => row.RoleId === held.role_id)).toMatchObject({
      RoleName: held.role_name,
      UserCount: held.held,
      IsActive: true,
    });
  });

  it('is for the provider’s SuperAdmins only', async () => {
    expect((await list('limit=1', await api.signIn('admin@acme.local'))).status).toBe(403);
    expect((await api.agent.get(`${PATH}?limit=1`)).status).toBe(401);
  });
});

describe('changing the role master', () => {
  it('adds a role, refuses a second of the same name in any case, renames, retires and deletes it, auditing each step', async () => {
    const created = await api.agent
      .post(PATH)
      .auth(provider, { type: 'bearer' })
      .send({ ProductId: productId, RoleName: 'Auditor', Description: 'Reads reports' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      ProductName: 'Yozy Web',
      RoleName: 'Auditor',
      Description: 'Reads reports',
      IsActive: true,
      UserCount: 0,
    });
    const twin = await api.agent.post(PATH).auth(provider, { type: 'bearer' }).send({ ProductId: productId, RoleName: ' AUDITOR ' });
    expect(twin.status).toBe(409);
    expect(twin.body.error).toMatchObject({ field: 'RoleName' });

    const renamed = await api.agent
      .patch(one(created.body.RoleId))
      .auth(provider, { type: 'bearer' })
      .send({ RoleName: 'Internal auditor', Description: null });
    expect(renamed.body).toMatchObject({ RoleName: 'Internal auditor', Description: null });
    const retired = await api.agent.patch(one(created.body.RoleId)).auth(provider, { type: 'bearer' }).send({ IsActive: false });
    expect(retired.body.IsActive).toBe(false);
    expect((await api.agent.delete(one(created.body.RoleId)).auth(provider, { type: 'bearer' })).status).toBe(204);

    const actions = await api.db.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE entity_type = 'role' AND entity_id = $1 ORDER BY audit_id",
      [String(created.body.RoleId)],
    );
    expect(actions.map((row) => row.action)).toEqual(['role.create', 'role.update', 'role.retire', 'role.delete']);
  });

  it('refuses to delete a role people hold, naming how many, and keeps it', async () => {
    const held = await heldRole();
    const refused = await api.agent.delete(one(held.role_id)).auth(provider, { type: 'bearer' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toContain(`${held.held} people hold the role ${held.role_name}`);
    expect(await api.db.query('SELECT 1 FROM roles WHERE role_id = $1', [held.role_id])).toHaveLength(1);
  });

  it('stops offering a retired role for invitations, while the people holding it keep it', async () => {
    const created = await api.agent.post(PATH).auth(provider, { type: 'bearer' }).send({ ProductId: productId, RoleName: 'Seasonal' });
    const acmeAdmin = await api.signIn('admin@acme.local');
    const offered = async () =>
      (await api.agent.get('/subscription/seats').auth(acmeAdmin, { type: 'bearer' })).body.flatMap(
        (product: { ProductId: number; Roles: { RoleId: number }[] }) => product.Roles.map((role: { RoleId: number }) => role.RoleId),
      );
    expect(await offered()).toContain(created.body.RoleId);
    await api.agent.patch(one(created.body.RoleId)).auth(provider, { type: 'bearer' }).send({ IsActive: false });
    expect(await offered()).not.toContain(created.body.RoleId);
  });

  it('refuses bad input with the field named and changes nothing', async () => {
    const before = await api.db.query('SELECT count(*)::int AS n FROM roles');
    for (const body of [
      { ProductId: productId },
      { ProductId: productId, RoleName: 'x'.repeat(61) },
      { ProductId: 999999, RoleName: 'Ghost' },
      { RoleName: 'No product' },
    ]) {
      const answer = await api.agent.post(PATH).auth(provider, { type: 'bearer' }).send(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    expect(await api.db.query('SELECT count(*)::int AS n FROM roles')).toEqual(before);
    expect((await api.agent.patch(one(999999)).auth(provider, { type: 'bearer' }).send({ IsActive: false })).status).toBe(404);
  });
});
