import { beforeAll, describe, expect, it } from 'vitest';
import { GraphQLSession, signedIn } from '../support/graphql';
import { DATABASES } from '../support/stack';
import { useStack } from '../support/useStack';

const PAYLOAD = 'role { id productId productName name description active userCount } errors { code field message }';
const CREATE = `mutation ($input: CreateRoleInput!) { createRole(input: $input) { ${PAYLOAD} } }`;
const UPDATE = `mutation ($input: UpdateRoleInput!) { updateRole(input: $input) { ${PAYLOAD} } }`;
const SET_ACTIVE = `mutation ($input: SetRoleActiveInput!) { setRoleActive(input: $input) { ${PAYLOAD} } }`;
const DELETE = 'mutation ($id: ID!) { deleteRole(input: { id: $id }) { deletedId errors { code field message } } }';
const ROLES = 'query ($search: String) { roles(search: $search, page: { limit: 100 }) { totalCount nodes { id name active userCount } } }';
const SEATS = '{ userSeats { productId roles { id name } } }';
const INVITE = `mutation ($input: InviteUserInput!) { inviteUser(input: $input) { user { id } errors { code field message } } }`;

type Role = {
  id: string;
  productId: string;
  productName: string;
  name: string;
  description: string | null;
  active: boolean;
  userCount: number;
};
type UserError = { code: string; field: string | null; message: string };
type Payload<Name extends string> = Record<Name, { role: Role | null; errors: UserError[] }>;

describe.each(DATABASES)('the role master over /graphql on %s', (kind) => {
  const stack = useStack(kind);
  let provider: GraphQLSession;
  let acmeAdmin: GraphQLSession;
  let webProductId: string;

  beforeAll(async () => {
    provider = await signedIn(stack.gatewayUrl, 'admin@yozy.local');
    acmeAdmin = await signedIn(stack.gatewayUrl, 'admin@acme.local');
    const [product] = await stack.db.query<{ id: string }>("SELECT product_id::text AS id FROM products WHERE product_name = 'Yozy Web'");
    webProductId = product!.id;
  });

  const auditActions = async (id: string) =>
    (
      await stack.db.query<{ action: string }>(
        "SELECT action FROM audit_log WHERE entity_type = 'role' AND entity_id = $1 ORDER BY audit_id",
        [id],
      )
    ).map((row) => row.action);
  const offeredToAcme = async () =>
    (await acmeAdmin.request<{ userSeats: { roles: { id: string }[] }[] }>(SEATS)).data!.userSeats.flatMap((product) =>
      product.roles.map((role) => role.id),
    );

  it('adds a role organisations can give at once, renames it, retires it so it is offered no more, and deletes it, each audited', async () => {
    const created = await provider.request<Payload<'createRole'>>(CREATE, {
      input: { productId: webProductId, name: '  Field engineer ', description: 'Works on site' },
    });
    expect(created.data!.createRole.errors).toEqual([]);
    const role = created.data!.createRole.role!;
    expect(role).toMatchObject({
      productName: 'Yozy Web',
      name: 'Field engineer',
      description: 'Works on site',
      active: true,
      userCount: 0,
    });
    expect(await offeredToAcme()).toContain(role.id);

    const updated = await provider.request<Payload<'updateRole'>>(UPDATE, {
      input: { id: role.id, name: 'Site engineer', description: '' },
    });
    expect(updated.data!.updateRole.role).toMatchObject({ name: 'Site engineer', description: null });

    const retired = await provider.request<Payload<'setRoleActive'>>(SET_ACTIVE, { input: { id: role.id, active: false } });
    expect(retired.data!.setRoleActive.role!.active).toBe(false);
    expect(await offeredToAcme()).not.toContain(role.id);
    // An invitation naming the retired role is refused and writes nothing.
    const before = await stack.db.query('SELECT count(*)::int AS n FROM client_users');
    const invite = await acmeAdmin.request<{ inviteUser: { user: unknown; errors: UserError[] } }>(INVITE, {
      input: { firstName: 'Rhea', lastName: 'Tired', email: 'rhea.tired@acme.local', roleId: role.id },
    });
    expect(invite.data!.inviteUser.user).toBeNull();
    expect(invite.data!.inviteUser.errors[0]).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(await stack.db.query('SELECT count(*)::int AS n FROM client_users')).toEqual(before);

    const deleted = await provider.request<{ deleteRole: { deletedId: string; errors: UserError[] } }>(DELETE, { id: role.id });
    expect(deleted.data!.deleteRole).toEqual({ deletedId: role.id, errors: [] });
    expect(await auditActions(role.id)).toEqual(['role.create', 'role.update', 'role.retire', 'role.delete']);
  });

  it('refuses a second role of the same name on a product, and bad input, with the field named and nothing written', async () => {
    const rows = () => stack.db.query('SELECT role_id, role_name, is_active FROM roles ORDER BY role_id');
    const before = await rows();
    const [existing] = await stack.db.query<{ role_name: string }>('SELECT role_name FROM roles WHERE product_id = $1 LIMIT 1', [
      Number(webProductId),
    ]);
    for (const [input, field] of [
      [{ productId: webProductId, name: existing!.role_name.toUpperCase() }, 'name'],
      [{ productId: webProductId, name: '   ' }, 'name'],
      [{ productId: '999999', name: 'Ghost' }, 'productId'],
    ] as const) {
      const answer = await provider.request<Payload<'createRole'>>(CREATE, { input });
      expect(answer.data!.createRole.role, JSON.stringify(input)).toBeNull();
      expect(answer.data!.createRole.errors[0]!.field, JSON.stringify(input)).toBe(field);
    }
    expect(await rows()).toEqual(before);
  });

  it('keeps a role people hold, saying how many, and lists it with its holders', async () => {
    const [held] = await stack.db.query<{ id: string; name: string; n: number }>(
      `SELECT r.role_id::text AS id, r.role_name AS name, count(*)::int AS n FROM roles r JOIN user_roles ur ON ur.role_id = r.role_id
        GROUP BY r.role_id ORDER BY count(*) DESC LIMIT 1`,
    );
    const refused = await provider.request<{ deleteRole: { deletedId: string | null; errors: UserError[] } }>(DELETE, { id: held!.id });
    expect(refused.data!.deleteRole.deletedId).toBeNull();
    expect(refused.data!.deleteRole.errors[0]).toMatchObject({ code: 'CONFLICT', field: 'id' });
    expect(refused.data!.deleteRole.errors[0]!.message).toContain(`${held!.n} people hold the role ${held!.name}`);
    const listed = await provider.request<{ roles: { nodes: { id: string; userCount: number }[] } }>(ROLES, { search: held!.name });
    expect(listed.data!.roles.nodes.find((node) => node.id === held!.id)!.userCount).toBe(held!.n);
  });

  it('is refused to organisation admins, members and signed-out callers', async () => {
    const member = await signedIn(stack.gatewayUrl, 'member@acme.local');
    for (const session of [acmeAdmin, member]) {
      expect((await session.request(ROLES)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect((await session.request(CREATE, { input: { productId: webProductId, name: 'Sneaky' } })).errors?.[0]?.extensions?.code).toBe(
        'FORBIDDEN',
      );
    }
    expect((await new GraphQLSession(stack.gatewayUrl).request(ROLES)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(await stack.db.query("SELECT 1 FROM roles WHERE role_name = 'Sneaky'")).toEqual([]);
  });
});
