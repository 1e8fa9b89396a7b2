import { beforeAll, describe, expect, it } from 'vitest';
import { factories, FACTORY_PASSWORD } from '../support/factories';
import { type GraphQLSession, signedIn } from '../support/graphql';
import { DATABASES } from '../support/stack';
import { useStack } from '../support/useStack';

const PERSON = /* GraphQL */ `
  query ($id: ID!, $organizationId: ID) {
    user(id: $id, organizationId: $organizationId) {
      id
      firstName
      lastName
      phone
      departmentName
      typeOfUser
      roles {
        roleName
        productId
      }
      groups {
        name
      }
    }
  }
`;
const PAYLOAD = 'user { id firstName lastName phone departmentName typeOfUser roles { roleName productId } } errors { code field message }';
const EDIT = `mutation ($organizationId: ID, $input: EditUserProfileInput!) { editUserProfile(organizationId: $organizationId, input: $input) { ${PAYLOAD} } }`;
const SET_ROLE = `mutation ($organizationId: ID, $input: SetUserRoleInput!) { setUserRole(organizationId: $organizationId, input: $input) { ${PAYLOAD} } }`;
const REMOVE_ROLE = `mutation ($organizationId: ID, $input: RemoveUserRoleInput!) { removeUserRole(organizationId: $organizationId, input: $input) { ${PAYLOAD} } }`;
const SET_ADMIN = `mutation ($organizationId: ID, $input: SetUserAdminInput!) { setUserAdmin(organizationId: $organizationId, input: $input) { ${PAYLOAD} } }`;
const RESET = /* GraphQL */ `
  mutation ($input: SendUserPasswordResetInput!) {
    sendUserPasswordReset(input: $input) {
      sent
      errors {
        code
        field
        message
      }
    }
  }
`;
const HISTORY = /* GraphQL */ `
  query ($filter: AuditFilter) {
    auditLog(filter: $filter) {
      nodes {
        action
        entityId
        changes {
          field
          before
          after
        }
      }
    }
  }
`;

type Person = {
  id: string;
  firstName: string;
  phone: string | null;
  departmentName: string | null;
  typeOfUser: string;
  roles: { roleName: string; productId: string }[];
};
type Change = { user: Person | null; errors: { code: string; field: string | null; message: string }[] };

describe.each(DATABASES)('one person’s page over /graphql on %s', (kind) => {
  const stack = useStack(kind);
  let admin: GraphQLSession;
  let superAdmin: GraphQLSession;
  let acmeAdmin: GraphQLSession;
  let organizationId: string;
  let personId: string;
  let adminId: string;
  let second: { productId: string; roleIds: string[] };
  let globexPerson: string;
  let globexOrganization: number;

  beforeAll(async () => {
    const make = factories(stack.db);
    const { organisation, admin: orgAdmin } = await make.organisationWithAdmin();
    organizationId = String(organisation.clientId);
    adminId = String(orgAdmin.userId);
    const firstPlan = await make.plan({ capacity: 5 });
    await make.licence(organisation, { plan: firstPlan });
    const person = await make.user(organisation, { firstName: 'Petra' });
    personId = String(person.userId);
    await make.role(person, firstPlan);
    const secondPlan = await make.plan({ capacity: 1 });
    await make.licence(organisation, { plan: secondPlan });
    // The admin takes the second product's only seat.
    const lead = await make.role(orgAdmin, secondPlan, 'Lead');
    const [viewer] = await stack.db.query<{ role_id: number }>(
      "INSERT INTO roles (role_name, product_id) VALUES ('Viewer', $1) RETURNING role_id",
      [secondPlan.productId],
    );
    second = { productId: String(secondPlan.productId), roleIds: [String(lead.roleId), String(viewer!.role_id)] };
    [admin, superAdmin, acmeAdmin] = await Promise.all([
      signedIn(stack.gatewayUrl, orgAdmin.email, FACTORY_PASSWORD),
      signedIn(stack.gatewayUrl, 'admin@yozy.local'),
      signedIn(stack.gatewayUrl, 'admin@acme.local'),
    ]);
    const [row] = await stack.db.query<{ user_id: number; client_id: number }>(
      "SELECT u.user_id, u.client_id FROM client_users u JOIN clients c USING (client_id) WHERE c.company_name = 'Globex Industries' AND u.type_of_user = 'User' LIMIT 1",
    );
    globexPerson = String(row!.user_id);
    globexOrganization = row!.client_id;
  });

  it('corrects a person’s profile, names the field of a bad phone, and keeps the history', async () => {
    const bad = await admin.request<{ editUserProfile: Change }>(EDIT, {
      input: { userId: personId, firstName: 'Petra', lastName: 'Novak', phone: 'call me' },
    });
    expect(bad.data!.editUserProfile.user).toBeNull();
    expect(bad.data!.editUserProfile.errors[0]).toMatchObject({ code: 'BAD_USER_INPUT', field: 'phone' });

    const edited = await admin.request<{ editUserProfile: Change }>(EDIT, {
      input: { userId: personId, firstName: 'Petra', lastName: 'Novak', phone: '+44 20 7946 0000', departmentName: 'Finance' },
    });
    expect(edited.data!.editUserProfile).toMatchObject({ errors: [], user: { phone: '+44 20 7946 0000', departmentName: 'Finance' } });

    const history = await admin.request<{ auditLog: { nodes: { action: string; changes: { field: string; after: string | null }[] }[] } }>(
      HISTORY,
      { filter: { entityType: 'user', entityId: personId } },
    );
    const update = history.data!.auditLog.nodes.find((entry) => entry.action === 'user.update')!;
    expect(update.changes).toContainEqual(expect.objectContaining({ field: 'departmentName', after: '"Finance"' }));
  });

  it('adds a role on a second product, refuses the next one there with the seat count, changes and removes it', async () => {
    const added = await admin.request<{ setUserRole: Change }>(SET_ROLE, { input: { userId: personId, roleId: second.roleIds[1] } });
    // The admin holds the only seat of the second product already.
    expect(added.data!.setUserRole.errors[0]).toMatchObject({ code: 'SEAT_LIMIT', field: 'roleId' });
    expect(added.data!.setUserRole.errors[0]!.message).toMatch(/0 of 1 seat left/);

    await admin.request(REMOVE_ROLE, { input: { userId: adminId, productId: second.productId } });
    const granted = await admin.request<{ setUserRole: Change }>(SET_ROLE, { input: { userId: personId, roleId: second.roleIds[1] } });
    expect(granted.data!.setUserRole.errors).toEqual([]);
    expect(granted.data!.setUserRole.user!.roles.map((role) => role.roleName)).toContain('Viewer');

    const changed = await admin.request<{ setUserRole: Change }>(SET_ROLE, { input: { userId: personId, roleId: second.roleIds[0] } });
    expect(changed.data!.setUserRole.user!.roles.filter((role) => role.productId === second.productId)).toEqual([
      { roleName: 'Lead', productId: second.productId },
    ]);
    const removed = await admin.request<{ removeUserRole: Change }>(REMOVE_ROLE, {
      input: { userId: personId, productId: second.productId },
    });
    expect(removed.data!.removeUserRole.user!.roles.some((role) => role.productId === second.productId)).toBe(false);
  });

  it('makes a person an admin and back, and the last admin keeps it', async () => {
    const last = await admin.request<{ setUserAdmin: Change }>(SET_ADMIN, { input: { userId: adminId, admin: false } });
    expect(last.data!.setUserAdmin.errors[0]).toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(/at least one active admin/),
    });
    const made = await admin.request<{ setUserAdmin: Change }>(SET_ADMIN, { input: { userId: personId, admin: true } });
    expect(made.data!.setUserAdmin.user!.typeOfUser).toBe('ORG_ADMIN');
    const back = await superAdmin.request<{ setUserAdmin: Change }>(SET_ADMIN, {
      organizationId,
      input: { userId: personId, admin: false },
    });
    expect(back.data!.setUserAdmin.user!.typeOfUser).toBe('USER');
  });

  it('mails a password reset to an active person', async () => {
    const mailed = await admin.request<{ sendUserPasswordReset: { sent: boolean } }>(RESET, { input: { userId: personId } });
    expect(mailed.data!.sendUserPasswordReset.sent).toBe(true);
  });

  it('never shows or changes another organisation’s person, whatever the admin sends', async () => {
    const shown = await acmeAdmin.request<{ user: Person | null }>(PERSON, { id: globexPerson });
    expect(shown.data!.user).toBeNull();
    const named = await acmeAdmin.request(PERSON, { id: globexPerson, organizationId });
    expect(named.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const malformed = await acmeAdmin.request(PERSON, { id: 'abc' });
    expect(malformed.data?.user ?? null).toBeNull();

    const before = await stack.db.query('SELECT first_name, type_of_user FROM client_users WHERE user_id = $1', [Number(globexPerson)]);
    const attempts = [
      await acmeAdmin.request(EDIT, { input: { userId: globexPerson, firstName: 'X', lastName: 'Y' } }),
      await acmeAdmin.request(SET_ADMIN, { input: { userId: globexPerson, admin: true } }),
      await acmeAdmin.request(SET_ROLE, { input: { userId: globexPerson, roleId: second.roleIds[0] } }),
      await acmeAdmin.request(RESET, { input: { userId: globexPerson } }),
      await acmeAdmin.request(SET_ADMIN, { organizationId: String(globexOrganization), input: { userId: globexPerson, admin: true } }),
    ];
    expect(attempts.map((answer) => answer.errors?.[0]?.extensions?.code)).toEqual([
      'NOT_FOUND',
      'NOT_FOUND',
      'NOT_FOUND',
      'NOT_FOUND',
      'FORBIDDEN',
    ]);
    expect(await stack.db.query('SELECT first_name, type_of_user FROM client_users WHERE user_id = $1', [Number(globexPerson)])).toEqual(
      before,
    );
  });
});
