import { beforeAll, describe, expect, it } from 'vitest';
import { GraphQLSession, signedIn, VIEWER } from '../support/graphql';
import { DATABASES } from '../support/stack';
import { useStack } from '../support/useStack';

const PAYLOAD = 'administrator { id firstName email status } errors { code field message }';
const INVITE = `mutation ($input: InviteAdministratorInput!) { inviteAdministrator(input: $input) { ${PAYLOAD} } }`;
const SET_ACTIVE = `mutation ($input: SetAdministratorActiveInput!) { setAdministratorActive(input: $input) { ${PAYLOAD} } }`;
const ADMINISTRATORS = '{ administrators(page: { limit: 100 }) { totalCount nodes { id email status lastSignInAt } } }';
const SET_PASSWORD = `mutation ($input: SetPasswordInput!) { setPassword(input: $input) { ok errors { code field message } } }`;

type Administrator = { id: string; firstName: string; email: string; status: string };
type UserError = { code: string; field: string | null; message: string };
type Payload<Name extends string> = Record<Name, { administrator: Administrator | null; errors: UserError[] }>;

describe.each(DATABASES)('the provider administrators over /graphql on %s', (kind) => {
  const stack = useStack(kind);
  let provider: GraphQLSession;
  let providerId: string;

  beforeAll(async () => {
    provider = await signedIn(stack.gatewayUrl, 'admin@yozy.local');
    const [me] = await stack.db.query<{ id: string }>("SELECT user_id::text AS id FROM client_users WHERE email = 'admin@yozy.local'");
    providerId = me!.id;
  });

  /** The set-password link's token from the newest mail to `email` in the outbox. */
  async function mailedToken(email: string): Promise<string> {
    const [mail] = await stack.db.query<{ text_body: string }>(
      'SELECT text_body FROM mail_outbox WHERE to_address = $1 ORDER BY mail_id DESC LIMIT 1',
      [email],
    );
    const token = /[?&]token=([^\s&"]+)/.exec(mail!.text_body)?.[1];
    expect(token, mail!.text_body).toBeDefined();
    return decodeURIComponent(token!);
  }

  it('invites another SuperAdmin who follows the mailed link, chooses a password and signs in to the provider console', async () => {
    const email = `lena.fischer.${kind}@yozy.local`;
    const invited = await provider.request<Payload<'inviteAdministrator'>>(INVITE, {
      input: { firstName: 'Lena', lastName: 'Fischer', email },
    });
    expect(invited.data!.inviteAdministrator.errors).toEqual([]);
    expect(invited.data!.inviteAdministrator.administrator).toMatchObject({ firstName: 'Lena', email, status: 'INVITED' });

    const visitor = new GraphQLSession(stack.gatewayUrl);
    const set = await visitor.request<{ setPassword: { ok: boolean; errors: UserError[] } }>(SET_PASSWORD, {
      input: {
        email,
        token: await mailedToken(email),
        firstName: 'Lena',
        lastName: 'Fischer',
        password: 'Admin@456',
        confirmPassword: 'Admin@456',
        captcha: await visitor.captcha(),
      },
    });
    expect(set.data?.setPassword, JSON.stringify(set)).toEqual({ ok: true, errors: [] });

    const lena = await signedIn(stack.gatewayUrl, email, 'Admin@456');
    const viewer = await lena.request<{ viewer: { typeOfUser: string } }>(VIEWER);
    expect(viewer.data!.viewer.typeOfUser).toBe('SUPER_ADMIN');
    const listed = await provider.request<{ administrators: { nodes: { email: string; status: string; lastSignInAt: string | null }[] } }>(
      ADMINISTRATORS,
    );
    expect(listed.data!.administrators.nodes.find((node) => node.email === email)).toMatchObject({
      status: 'ACTIVE',
      lastSignInAt: expect.any(String),
    });
  });

  it('deactivates an administrator, whose session ends at once, and refuses to deactivate oneself', async () => {
    const email = `omar.said.${kind}@yozy.local`;
    const invited = await provider.request<Payload<'inviteAdministrator'>>(INVITE, {
      input: { firstName: 'Omar', lastName: 'Said', email },
    });
    const id = invited.data!.inviteAdministrator.administrator!.id;
    const visitor = new GraphQLSession(stack.gatewayUrl);
    await visitor.request(SET_PASSWORD, {
      input: {
        email,
        token: await mailedToken(email),
        firstName: 'Omar',
        lastName: 'Said',
        password: 'Admin@456',
        confirmPassword: 'Admin@456',
        captcha: await visitor.captcha(),
      },
    });
    const omar = await signedIn(stack.gatewayUrl, email, 'Admin@456');

    const off = await provider.request<Payload<'setAdministratorActive'>>(SET_ACTIVE, { input: { id, active: false } });
    expect(off.data!.setAdministratorActive.administrator).toMatchObject({ status: 'DISABLED' });
    expect((await omar.request<{ viewer: unknown }>(VIEWER)).data!.viewer).toBeNull();
    expect(await stack.db.query("SELECT action FROM audit_log WHERE entity_id = $1 AND action = 'user.deactivate'", [id])).toHaveLength(1);

    const self = await provider.request<Payload<'setAdministratorActive'>>(SET_ACTIVE, { input: { id: providerId, active: false } });
    expect(self.data!.setAdministratorActive).toEqual({
      administrator: null,
      errors: [{ code: 'BAD_USER_INPUT', field: 'id', message: 'You cannot deactivate your own account' }],
    });
    expect(await stack.db.query('SELECT is_active FROM client_users WHERE user_id = $1', [Number(providerId)])).toEqual([
      { is_active: true },
    ]);
  });

  it('refuses an email someone has, and bad input, naming the field and writing nothing', async () => {
    const count = () => stack.db.query('SELECT count(*)::int AS n FROM client_users');
    const before = await count();
    for (const [input, field] of [
      [{ firstName: 'Dup', lastName: 'Licate', email: 'ADMIN@acme.local' }, 'email'],
      [{ firstName: '', lastName: 'Nobody', email: 'nobody@yozy.local' }, 'firstName'],
      [{ firstName: 'No', lastName: 'Email', email: 'not-an-email' }, 'email'],
    ] as const) {
      const answer = await provider.request<Payload<'inviteAdministrator'>>(INVITE, { input });
      expect(answer.data!.inviteAdministrator.administrator, JSON.stringify(input)).toBeNull();
      expect(answer.data!.inviteAdministrator.errors[0]!.field, JSON.stringify(input)).toBe(field);
    }
    expect(await count()).toEqual(before);
  });

  it('is refused to organisation admins, members and signed-out callers', async () => {
    for (const email of ['admin@acme.local', 'member@acme.local']) {
      const session = await signedIn(stack.gatewayUrl, email);
      expect((await session.request(ADMINISTRATORS)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      const sneaky = await session.request(INVITE, { input: { firstName: 'Sneaky', lastName: 'Admin', email: 'sneaky@yozy.local' } });
      expect(sneaky.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
    expect((await new GraphQLSession(stack.gatewayUrl).request(ADMINISTRATORS)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(await stack.db.query("SELECT 1 FROM client_users WHERE email = 'sneaky@yozy.local'")).toEqual([]);
  });
});
