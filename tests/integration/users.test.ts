import { beforeAll, describe, expect, it } from 'vitest';
import { FACTORY_PASSWORD, factories, unique } from '../support/factories';
import { signedIn, type GraphQLSession } from '../support/graphql';
import { DATABASES } from '../support/stack';
import { useStack } from '../support/useStack';

const USERS = /* GraphQL */ `
  query UserList($organizationId: ID, $page: PageInput, $search: String, $filter: UserFilter, $sort: UserSort) {
    users(organizationId: $organizationId, page: $page, search: $search, filter: $filter, sort: $sort) {
      totalCount
      pageInfo {
        hasNextPage
      }
      nodes {
        id
        organizationId
        firstName
        lastName
        email
        status
        departmentName
      }
    }
  }
`;

const USER = /* GraphQL */ `
  query UserDetail($id: ID!, $organizationId: ID) {
    user(id: $id, organizationId: $organizationId) {
      id
      email
      roles {
        roleName
        productName
      }
    }
  }
`;

const SEATS = /* GraphQL */ `
  query UserSeats($organizationId: ID) {
    userSeats(organizationId: $organizationId) {
      productName
      capacity
      used
      left
      roles {
        id
        name
      }
    }
  }
`;

const INVITE = /* GraphQL */ `
  mutation UserInvite($organizationId: ID, $input: InviteUserInput!) {
    inviteUser(organizationId: $organizationId, input: $input) {
      user {
        id
        email
        status
      }
      errors {
        code
        field
        message
      }
    }
  }
`;

type Node = { id: string; organizationId: string; firstName: string; email: string; status: string; departmentName: string | null };
type UsersData = { users: { totalCount: number; pageInfo: { hasNextPage: boolean }; nodes: Node[] } };
type SeatsData = {
  userSeats: { productName: string; capacity: number; used: number; left: number; roles: { id: string; name: string }[] }[];
};
type InviteData = {
  inviteUser: {
    user: { id: string; email: string; status: string } | null;
    errors: { code: string; field: string | null; message: string }[];
  };
};

describe.each(DATABASES)('user management on %s', (kind) => {
  const stack = useStack(kind);
  let acmeAdmin: GraphQLSession;
  let superAdmin: GraphQLSession;
  let globexId: string;

  beforeAll(async () => {
    acmeAdmin = await signedIn(stack.gatewayUrl, 'admin@acme.local');
    superAdmin = await signedIn(stack.gatewayUrl, 'admin@yozy.local');
    const [globex] = await stack.db.query<{ client_id: number }>("SELECT client_id FROM clients WHERE company_name = 'Globex Industries'");
    globexId = String(globex!.client_id);
  });

  async function users(session: GraphQLSession, variables: Record<string, unknown> = {}) {
    const answer = await session.request<UsersData>(USERS, variables);
    expect(answer.errors).toBeUndefined();
    return answer.data!.users;
  }

  it("lists an organisation admin's own people, searched, filtered and sorted on the server", async () => {
    const all = await users(acmeAdmin, { page: { limit: 100 } });
    expect(all.nodes.every((n) => n.email.endsWith('@acme.local'))).toBe(true);
    expect(all.totalCount).toBe(all.nodes.length);

    const disabled = await users(acmeAdmin, { filter: { status: 'DISABLED' } });
    expect(disabled.nodes.map((n) => n.status)).toEqual(Array(disabled.totalCount).fill('DISABLED'));
    expect(disabled.totalCount).toBeGreaterThan(0);

    const engineers = await users(acmeAdmin, { search: 'engineer', sort: { field: 'NAME', direction: 'DESC' } });
    expect(engineers.nodes.every((n) => n.departmentName === 'Engineering')).toBe(true);
    const names = engineers.nodes.map((n) => n.firstName);
    expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a)));

    const firstPage = await users(acmeAdmin, { page: { limit: 5 } });
    expect(firstPage.nodes).toHaveLength(5);
    expect(firstPage.pageInfo.hasNextPage).toBe(true);
  });

  it("refuses an organisation admin another organisation's people, and shows them to a SuperAdmin", async () => {
    const refused = await acmeAdmin.request<UsersData>(USERS, { organizationId: globexId });
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(JSON.stringify(refused)).not.toContain('globex');

    const globex = await users(superAdmin, { organizationId: globexId, page: { limit: 100 } });
    expect(globex.nodes.length).toBeGreaterThan(0);
    expect(globex.nodes.every((n) => n.organizationId === globexId)).toBe(true);
  });

  it("answers a person's roles per product, and nothing for another organisation's person", async () => {
    const [admin] = (await users(acmeAdmin, { search: 'admin@acme.local' })).nodes;
    const detail = await acmeAdmin.request<{ user: { roles: unknown[] } }>(USER, { id: admin!.id });
    expect(detail.data?.user.roles).toEqual([{ roleName: 'Admin', productName: 'Yozy Web' }]);

    const [globexAdmin] = await stack.db.query<{ user_id: number }>("SELECT user_id FROM client_users WHERE email = 'admin@globex.local'");
    const hidden = await acmeAdmin.request<{ user: unknown }>(USER, { id: String(globexAdmin!.user_id) });
    expect(hidden.data?.user).toBeNull();
    const forbidden = await acmeAdmin.request<{ user: unknown }>(USER, { id: String(globexAdmin!.user_id), organizationId: globexId });
    expect(forbidden.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('invites a person: the list shows them as invited, a seat is taken and the mail holds the link', async () => {
    const [before] = (await acmeAdmin.request<SeatsData>(SEATS)).data!.userSeats;
    const email = `${unique('invitee')}@acme.local`.toLowerCase();
    const input = {
      firstName: 'Iris',
      lastName: 'Invitee',
      email,
      departmentName: 'Research',
      departmentCode: 'RND',
      roleId: before!.roles[0]!.id,
    };
    const answer = await acmeAdmin.request<InviteData>(INVITE, { input });
    expect(answer.data?.inviteUser.errors).toEqual([]);
    expect(answer.data?.inviteUser.user).toMatchObject({ email, status: 'INVITED' });

    const [after] = (await acmeAdmin.request<SeatsData>(SEATS)).data!.userSeats;
    expect(after!.used).toBe(before!.used + 1);
    expect((await users(acmeAdmin, { search: email })).nodes.map((n) => n.status)).toEqual(['INVITED']);
    const [mail] = await stack.db.query<{ text_body: string }>('SELECT text_body FROM mail_outbox WHERE to_address = $1', [email]);
    expect(mail?.text_body).toContain(`${stack.gatewayUrl}/setpassword/${encodeURIComponent(email)}/Iris/Invitee?token=`);

    const again = await acmeAdmin.request<InviteData>(INVITE, { input });
    expect(again.data?.inviteUser.errors).toEqual([
      { code: 'CONFLICT', field: 'email', message: 'Someone with this email already has an account' },
    ]);
  });

  it('refuses an organisation admin an invitation into another organisation, writing nothing', async () => {
    const count = () => stack.db.query('SELECT count(*)::int AS n FROM client_users WHERE client_id = $1', [Number(globexId)]);
    const before = await count();
    const answer = await acmeAdmin.request<InviteData>(INVITE, {
      organizationId: globexId,
      input: { firstName: 'Mallory', lastName: 'Intruder', email: `${unique('mallory')}@globex.local`, roleId: '1' },
    });
    expect(answer.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(await count()).toEqual(before);
  });

  it('lets exactly one of two invitations racing for the last seat through', async () => {
    const make = factories(stack.db);
    const { organisation, admin } = await make.organisationWithAdmin();
    const plan = await make.plan({ capacity: 2 });
    await make.licence(organisation, { plan });
    const { roleId } = await make.role(admin, plan);
    const session = await signedIn(stack.gatewayUrl, admin.email, FACTORY_PASSWORD);

    const invite = (name: string) =>
      session.request<InviteData>(INVITE, {
        input: { firstName: name, lastName: 'Racer', email: `${unique(name)}@race.test`.toLowerCase(), roleId: String(roleId) },
      });
    const answers = await Promise.all([invite('left'), invite('right')]);
    const payloads = answers.map((a) => a.data!.inviteUser);
    expect(payloads.filter((p) => p.user !== null)).toHaveLength(1);
    const refusal = payloads.find((p) => p.user === null)!.errors[0]!;
    expect(refusal).toMatchObject({ code: 'SEAT_LIMIT', field: 'roleId' });
    expect(refusal.message).toBe(`${organisation.companyName} has 0 of 2 seats left on ${await productName(plan.productId)}`);
    const [{ n }] = (await stack.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM client_users WHERE client_id = $1 AND email LIKE '%@race.test'",
      [organisation.clientId],
    )) as [{ n: number }];
    expect(n).toBe(1);
  });

  async function productName(productId: number) {
    const [row] = await stack.db.query<{ product_name: string }>('SELECT product_name FROM products WHERE product_id = $1', [productId]);
    return row!.product_name;
  }

  describe('invitations', () => {
    const INVITATIONS = /* GraphQL */ `
      query InvitationList($organizationId: ID, $filter: InvitationFilter) {
        invitations(organizationId: $organizationId, filter: $filter, page: { limit: 100 }) {
          totalCount
          nodes {
            userId
            email
            status
            sentAt
            expiresAt
          }
        }
      }
    `;
    const RESEND = /* GraphQL */ `
      mutation InvitationResend($organizationId: ID, $input: ResendInvitationInput!) {
        resendInvitation(organizationId: $organizationId, input: $input) {
          invitation {
            status
          }
          link
          errors {
            code
            field
          }
        }
      }
    `;
    const REVOKE = /* GraphQL */ `
      mutation InvitationRevoke($organizationId: ID, $input: RevokeInvitationInput!) {
        revokeInvitation(organizationId: $organizationId, input: $input) {
          invitation {
            status
          }
          errors {
            code
            field
          }
        }
      }
    `;
    type Invitation = { userId: string; email: string; status: string; sentAt: string; expiresAt: string };
    const list = async (session: GraphQLSession, variables: Record<string, unknown> = {}) =>
      (await session.request<{ invitations: { nodes: Invitation[] } }>(INVITATIONS, variables)).data!.invitations.nodes;

    it('lists pending and expired invitations, sends one again with a fresh link and revokes another', async () => {
      const all = await list(acmeAdmin);
      const mateo = all.find((i) => i.email === 'mateo.ruiz@acme.local')!;
      expect(mateo.status).toBe('EXPIRED');
      expect(Date.parse(mateo.expiresAt) - Date.parse(mateo.sentAt)).toBe(8 * 3600 * 1000);
      expect((await list(acmeAdmin, { filter: { status: 'PENDING' } })).every((i) => i.status === 'PENDING')).toBe(true);

      const resent = await acmeAdmin.request<{ resendInvitation: { invitation: { status: string }; link: string } }>(RESEND, {
        input: { userId: mateo.userId, sendMail: false },
      });
      expect(resent.data?.resendInvitation.invitation.status).toBe('PENDING');
      expect(resent.data?.resendInvitation.link).toMatch(
        new RegExp(`^${stack.gatewayUrl}/setpassword/mateo\\.ruiz%40acme\\.local/Mateo/Ruiz\\?token=`),
      );

      const ben = all.find((i) => i.email === 'ben.carter@acme.local')!;
      const revoked = await acmeAdmin.request<{ revokeInvitation: { invitation: { status: string } } }>(REVOKE, {
        input: { userId: ben.userId },
      });
      expect(revoked.data?.revokeInvitation.invitation.status).toBe('REVOKED');
      const again = await acmeAdmin.request<{ revokeInvitation: { errors: unknown[] } }>(REVOKE, { input: { userId: ben.userId } });
      expect(again.data?.revokeInvitation.errors).toEqual([{ code: 'CONFLICT', field: 'userId' }]);
    });

    it("refuses another organisation's invitations, changing nothing", async () => {
      const globexInvited = (await list(superAdmin, { organizationId: globexId })).find((i) => i.status === 'PENDING')!;
      const tokens = () =>
        stack.db.query('SELECT token_id, voided_at FROM user_tokens WHERE user_id = $1 ORDER BY token_id', [Number(globexInvited.userId)]);
      const before = await tokens();
      const named = await acmeAdmin.request(RESEND, { organizationId: globexId, input: { userId: globexInvited.userId } });
      expect(named.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      const unnamed = await acmeAdmin.request(REVOKE, { input: { userId: globexInvited.userId } });
      expect(unnamed.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
      expect((await acmeAdmin.request(INVITATIONS, { organizationId: globexId })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect(await tokens()).toEqual(before);
    });
  });

  describe('activating, deactivating and signing out', () => {
    const SET_ACTIVE = /* GraphQL */ `
      mutation UsersSetActive($organizationId: ID, $input: SetUsersActiveInput!) {
        setUsersActive(organizationId: $organizationId, input: $input) {
          users {
            email
            status
          }
          errors {
            code
            field
          }
        }
      }
    `;
    const SIGN_OUT = /* GraphQL */ `
      mutation UsersSignOut($organizationId: ID, $input: SignOutUsersInput!) {
        signOutUsers(organizationId: $organizationId, input: $input) {
          sessionsEnded
          errors {
            code
          }
        }
      }
    `;
    const idOf = async (email: string) =>
      String((await stack.db.query<{ user_id: number }>('SELECT user_id FROM client_users WHERE email = $1', [email]))[0]!.user_id);

    it('deactivates someone, whose session ends at once, and activates them again', async () => {
      const elena = await signedIn(stack.gatewayUrl, 'elena.petrova@acme.local');
      const id = await idOf('elena.petrova@acme.local');
      const off = await acmeAdmin.request<{ setUsersActive: { users: { status: string }[] } }>(SET_ACTIVE, {
        input: { userIds: [id], active: false },
      });
      expect(off.data?.setUsersActive.users).toEqual([{ email: 'elena.petrova@acme.local', status: 'DISABLED' }]);
      expect((await elena.request<{ viewer: unknown }>('{ viewer { email } }')).data?.viewer).toBeNull();
      const on = await acmeAdmin.request<{ setUsersActive: { users: { status: string }[] } }>(SET_ACTIVE, {
        input: { userIds: [id], active: true },
      });
      expect(on.data?.setUsersActive.users).toEqual([{ email: 'elena.petrova@acme.local', status: 'ACTIVE' }]);
    });

    it("signs people out, and refuses another organisation's people, changing nothing", async () => {
      const tom = await signedIn(stack.gatewayUrl, 'tom.baker@acme.local');
      const id = await idOf('tom.baker@acme.local');
      const answer = await acmeAdmin.request<{ signOutUsers: { sessionsEnded: number } }>(SIGN_OUT, { input: { userIds: [id] } });
      expect(answer.data?.signOutUsers.sessionsEnded).toBeGreaterThan(0);
      expect((await tom.request<{ viewer: unknown }>('{ viewer { email } }')).data?.viewer).toBeNull();

      const mindy = await idOf('mindy.simmons@globex.local');
      const named = await acmeAdmin.request(SET_ACTIVE, { organizationId: globexId, input: { userIds: [mindy], active: false } });
      expect(named.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      const unnamed = await acmeAdmin.request(SIGN_OUT, { input: { userIds: [mindy] } });
      expect(unnamed.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
      expect(await stack.db.query('SELECT is_active FROM client_users WHERE user_id = $1', [Number(mindy)])).toEqual([{ is_active: true }]);
    });
  });
});
