import { beforeAll, describe, expect, it } from 'vitest';
import { GraphQLSession, signedIn, VIEWER } from '../support/graphql';
import { DATABASES } from '../support/stack';
import { useStack } from '../support/useStack';

const INVITE = `mutation ($organizationId: ID, $input: InviteUserInput!) {
  inviteUser(organizationId: $organizationId, input: $input) { user { id email status } errors { code field message } }
}`;
const DECIDE = `mutation ($input: DecideUserApprovalInput!) {
  decideUserApproval(input: $input) { users { id email status } errors { code field message } }
}`;
const SETTINGS = `mutation ($organizationId: ID, $input: OrganizationSettingsInput!) {
  updateOrganizationSettings(organizationId: $organizationId, input: $input) { settings { requiresApproval twoFactorRequired } errors { code field } }
}`;
const SEATS = '{ userSeats { productId used roles { id name } } }';
const SET_PASSWORD = `mutation ($input: SetPasswordInput!) { setPassword(input: $input) { ok errors { code field message } } }`;

type User = { id: string; email: string; status: string };
type Errors = { code: string; field: string | null; message: string }[];

describe.each(DATABASES)('approval of new people over /graphql on %s', (kind) => {
  const stack = useStack(kind);
  let provider: GraphQLSession;
  let globexAdmin: GraphQLSession;
  let globexId: string;
  let roleId: string;

  beforeAll(async () => {
    provider = await signedIn(stack.gatewayUrl, 'admin@yozy.local');
    globexAdmin = await signedIn(stack.gatewayUrl, 'admin@globex.local');
    const [globex] = await stack.db.query<{ id: string }>(
      "SELECT client_id::text AS id FROM clients WHERE company_name = 'Globex Industries'",
    );
    globexId = globex!.id;
    // Globex asks for approval in the demo data; say so here too, so the test does not lean on it.
    const on = await globexAdmin.request<{ updateOrganizationSettings: { settings: { requiresApproval: boolean } } }>(SETTINGS, {
      input: { requiresApproval: true, twoFactorRequired: false, sessionIdleMinutes: null, allowedEmailDomains: [] },
    });
    expect(on.data!.updateOrganizationSettings.settings.requiresApproval).toBe(true);
    const seats = await globexAdmin.request<{ userSeats: { roles: { id: string; name: string }[] }[] }>(SEATS);
    roleId = seats.data!.userSeats[0]!.roles.find((role) => role.name === 'Member')!.id;
  });

  const addByProvider = (email: string) =>
    provider.request<{ inviteUser: { user: User | null; errors: Errors } }>(INVITE, {
      organizationId: globexId,
      input: { firstName: 'Ola', lastName: 'Nordmann', email, roleId },
    });
  const mailsTo = (email: string) =>
    stack.db.query<{ text_body: string }>('SELECT text_body FROM mail_outbox WHERE to_address = $1', [email]);

  it('holds a person the provider adds until an admin of the organisation approves them, who then gets the invitation and signs in', async () => {
    const email = `ola.nordmann.${kind}@globex.local`;
    const added = await addByProvider(email);
    expect(added.data!.inviteUser.user).toMatchObject({ email, status: 'AWAITING_APPROVAL' });
    expect(await mailsTo(email)).toEqual([]);

    // The provider cannot decide for the organisation.
    const byProvider = await provider.request(DECIDE, { input: { userIds: [added.data!.inviteUser.user!.id], approve: true } });
    expect(byProvider.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    const approved = await globexAdmin.request<{ decideUserApproval: { users: User[]; errors: Errors } }>(DECIDE, {
      input: { userIds: [added.data!.inviteUser.user!.id], approve: true },
    });
    expect(approved.data!.decideUserApproval).toEqual({
      users: [{ id: added.data!.inviteUser.user!.id, email, status: 'INVITED' }],
      errors: [],
    });
    const [mail] = await mailsTo(email);
    const token = decodeURIComponent(/[?&]token=([^\s&"]+)/.exec(mail!.text_body)![1]!);
    const visitor = new GraphQLSession(stack.gatewayUrl);
    const set = await visitor.request<{ setPassword: { ok: boolean } }>(SET_PASSWORD, {
      input: {
        email,
        token,
        firstName: 'Ola',
        lastName: 'Nordmann',
        password: 'Member@456',
        confirmPassword: 'Member@456',
        captcha: await visitor.captcha(),
      },
    });
    expect(set.data?.setPassword.ok, JSON.stringify(set)).toBe(true);
    const ola = await signedIn(stack.gatewayUrl, email, 'Member@456');
    expect((await ola.request<{ viewer: { email: string } }>(VIEWER)).data!.viewer.email).toBe(email);
  });

  it('declines a person, deleting the account and freeing the seat, and mails nobody', async () => {
    const used = async () => (await globexAdmin.request<{ userSeats: { used: number }[] }>(SEATS)).data!.userSeats[0]!.used;
    const before = await used();
    const email = `dee.clined.${kind}@globex.local`;
    const added = await addByProvider(email);
    expect(await used()).toBe(before + 1);
    const declined = await globexAdmin.request<{ decideUserApproval: { users: User[]; errors: Errors } }>(DECIDE, {
      input: { userIds: [added.data!.inviteUser.user!.id], approve: false },
    });
    expect(declined.data!.decideUserApproval).toEqual({ users: [], errors: [] });
    expect(await stack.db.query('SELECT 1 FROM client_users WHERE email = $1', [email])).toEqual([]);
    expect(await used()).toBe(before);
    expect(await mailsTo(email)).toEqual([]);
  });

  it('refuses an admin of another organisation, whatever ids they send, changing nothing', async () => {
    const email = `kept.${kind}@globex.local`;
    const added = await addByProvider(email);
    const acmeAdmin = await signedIn(stack.gatewayUrl, 'admin@acme.local');
    for (const approve of [true, false]) {
      const answer = await acmeAdmin.request(DECIDE, { input: { userIds: [added.data!.inviteUser.user!.id], approve } });
      expect(answer.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    }
    expect(await stack.db.query('SELECT awaiting_approval FROM client_users WHERE email = $1', [email])).toEqual([
      { awaiting_approval: true },
    ]);
    expect(await mailsTo(email)).toEqual([]);
  });
});
