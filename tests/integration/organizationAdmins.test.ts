import { beforeAll, describe, expect, it } from 'vitest';
import { GraphQLSession, signedIn, VIEWER } from '../support/graphql';
import { DATABASES } from '../support/stack';
import { useStack } from '../support/useStack';

const INVITE = `mutation ($organizationId: ID, $input: InviteUserInput!) {
  inviteUser(organizationId: $organizationId, input: $input) { user { id email typeOfUser status } errors { code field message } }
}`;
const SEATS = '{ userSeats { productId roles { id name } } }';
const SET_PASSWORD = `mutation ($input: SetPasswordInput!) { setPassword(input: $input) { ok errors { code field message } } }`;

type Invited = {
  inviteUser: {
    user: { id: string; email: string; typeOfUser: string; status: string } | null;
    errors: { code: string; field: string | null; message: string }[];
  };
};

describe.each(DATABASES)('another organisation admin, invited over /graphql on %s', (kind) => {
  const stack = useStack(kind);
  let provider: GraphQLSession;
  let acmeAdmin: GraphQLSession;
  let acmeId: string;
  let adminRoleId: string;

  beforeAll(async () => {
    provider = await signedIn(stack.gatewayUrl, 'admin@yozy.local');
    acmeAdmin = await signedIn(stack.gatewayUrl, 'admin@acme.local');
    const [acme] = await stack.db.query<{ id: string }>(
      "SELECT client_id::text AS id FROM clients WHERE company_name = 'Acme Corporation'",
    );
    acmeId = acme!.id;
    const seats = await acmeAdmin.request<{ userSeats: { roles: { id: string; name: string }[] }[] }>(SEATS);
    adminRoleId = seats.data!.userSeats.flatMap((product) => product.roles).find((role) => role.name === 'Admin')!.id;
  });

  async function acceptInvitation(email: string, first: string, last: string) {
    const [mail] = await stack.db.query<{ text_body: string }>(
      'SELECT text_body FROM mail_outbox WHERE to_address = $1 ORDER BY mail_id DESC LIMIT 1',
      [email],
    );
    const token = decodeURIComponent(/[?&]token=([^\s&"]+)/.exec(mail!.text_body)![1]!);
    const visitor = new GraphQLSession(stack.gatewayUrl);
    const set = await visitor.request<{ setPassword: { ok: boolean } }>(SET_PASSWORD, {
      input: {
        email,
        token,
        firstName: first,
        lastName: last,
        password: 'Admin@456',
        confirmPassword: 'Admin@456',
        captcha: await visitor.captcha(),
      },
    });
    expect(set.data?.setPassword.ok, JSON.stringify(set)).toBe(true);
    return signedIn(stack.gatewayUrl, email, 'Admin@456');
  }

  it("lets the provider add an organisation admin from the organisation's user tab, who then runs its console", async () => {
    const email = `ines.duarte.${kind}@acme.local`;
    const invited = await provider.request<Invited>(INVITE, {
      organizationId: acmeId,
      input: {
        firstName: 'Ines',
        lastName: 'Duarte',
        email,
        phone: '+1 555 0190',
        departmentName: 'IT',
        roleId: adminRoleId,
        typeOfUser: 'ORG_ADMIN',
      },
    });
    expect(invited.data!.inviteUser.errors).toEqual([]);
    expect(invited.data!.inviteUser.user).toMatchObject({ email, typeOfUser: 'ORG_ADMIN', status: 'INVITED' });
    const [audit] = await stack.db.query<{ after: { typeOfUser: string } }>(
      "SELECT after FROM audit_log WHERE action = 'user.invite' AND entity_id = $1",
      [invited.data!.inviteUser.user!.id],
    );
    expect(audit!.after.typeOfUser).toBe('OrgAdmin');

    const ines = await acceptInvitation(email, 'Ines', 'Duarte');
    const viewer = await ines.request<{ viewer: { typeOfUser: string; organization: { id: string } } }>(VIEWER);
    expect(viewer.data!.viewer).toMatchObject({ typeOfUser: 'ORG_ADMIN', organization: { id: acmeId } });
  });

  it('lets an organisation admin make a co-admin of their own organisation, and no more', async () => {
    const email = `tomas.berg.${kind}@acme.local`;
    const invited = await acmeAdmin.request<Invited>(INVITE, {
      input: { firstName: 'Tomas', lastName: 'Berg', email, roleId: adminRoleId, typeOfUser: 'ORG_ADMIN' },
    });
    expect(invited.data!.inviteUser.user).toMatchObject({ typeOfUser: 'ORG_ADMIN' });

    // The provider's administrators are invited in Platform Settings only, whoever asks here.
    const count = () => stack.db.query("SELECT count(*)::int AS n FROM client_users WHERE type_of_user = 'SuperAdmin'");
    const before = await count();
    for (const session of [acmeAdmin, provider]) {
      const answer = await session.request<Invited>(INVITE, {
        organizationId: acmeId,
        input: { firstName: 'Eve', lastName: 'Climber', email: `eve.${kind}@acme.local`, roleId: adminRoleId, typeOfUser: 'SUPER_ADMIN' },
      });
      expect(answer.data!.inviteUser.user).toBeNull();
      expect(answer.data!.inviteUser.errors[0]).toMatchObject({ code: 'BAD_USER_INPUT', field: 'typeOfUser' });
    }
    expect(await count()).toEqual(before);
  });

  it('refuses an admin of another organisation, whatever organisation id they send', async () => {
    const globexAdmin = await signedIn(stack.gatewayUrl, 'admin@globex.local');
    const email = `mallory.${kind}@acme.local`;
    for (const organizationId of [acmeId, ` ${acmeId}`]) {
      const answer = await globexAdmin.request<Invited>(INVITE, {
        organizationId,
        input: { firstName: 'Mallory', lastName: 'Intruder', email, roleId: adminRoleId, typeOfUser: 'ORG_ADMIN' },
      });
      expect(answer.data?.inviteUser.user ?? null).toBeNull();
    }
    expect(await stack.db.query('SELECT 1 FROM client_users WHERE email = $1', [email])).toEqual([]);
  });
});
