import { beforeAll, describe, expect, it } from 'vitest';
import { factories } from '../support/factories';
import { GraphQLSession, signedIn, VIEWER } from '../support/graphql';
import { DATABASES } from '../support/stack';
import { useStack } from '../support/useStack';

const SETTINGS =
  'query ($organizationId: ID) { organizationSettings(organizationId: $organizationId) { organizationId twoFactorRequired sessionIdleMinutes allowedEmailDomains } }';
const UPDATE = /* GraphQL */ `
  mutation ($organizationId: ID, $input: OrganizationSettingsInput!) {
    updateOrganizationSettings(organizationId: $organizationId, input: $input) {
      settings {
        organizationId
        twoFactorRequired
        sessionIdleMinutes
        allowedEmailDomains
      }
      errors {
        code
        field
        message
      }
    }
  }
`;
const SEATS = '{ userSeats { productName left roles { id } } }';
const INVITE = /* GraphQL */ `
  mutation ($input: InviteUserInput!) {
    inviteUser(input: $input) {
      user {
        email
      }
      errors {
        code
        field
        message
      }
    }
  }
`;

type Settings = { organizationId: string; twoFactorRequired: boolean; sessionIdleMinutes: number | null; allowedEmailDomains: string[] };
type UpdateData = {
  updateOrganizationSettings: { settings: Settings | null; errors: { code: string; field: string | null; message: string }[] };
};
type InviteData = { inviteUser: { user: { email: string } | null; errors: { code: string; field: string | null; message: string }[] } };
const DEFAULTS = { twoFactorRequired: false, sessionIdleMinutes: null, allowedEmailDomains: [] };

describe.each(DATABASES)('organisation settings over /graphql on %s', (kind) => {
  const stack = useStack(kind);
  let acmeAdmin: GraphQLSession;
  let provider: GraphQLSession;
  let ids: { acme: string; globex: string };

  beforeAll(async () => {
    acmeAdmin = await signedIn(stack.gatewayUrl, 'admin@acme.local');
    provider = await signedIn(stack.gatewayUrl, 'admin@yozy.local');
    const clients = await stack.db.query<{ company_name: string; client_id: number }>('SELECT company_name, client_id FROM clients');
    const idOf = (name: string) => String(clients.find((row) => row.company_name === name)!.client_id);
    ids = { acme: idOf('Acme Corporation'), globex: idOf('Globex Industries') };
  });

  it('an organisation admin changes their settings and reads them back', async () => {
    const saved = await acmeAdmin.request<UpdateData>(UPDATE, {
      input: { twoFactorRequired: true, sessionIdleMinutes: 45, allowedEmailDomains: ['@ACME.local', 'acme.com', 'acme.com'] },
    });
    expect(saved.data?.updateOrganizationSettings).toEqual({
      settings: {
        organizationId: ids.acme,
        twoFactorRequired: true,
        sessionIdleMinutes: 45,
        allowedEmailDomains: ['acme.local', 'acme.com'],
      },
      errors: [],
    });
    // Requiring two-factor ended the admin's own session, as they have none: the provider puts things back.
    expect((await acmeAdmin.request(VIEWER)).data).toEqual({ viewer: null });
    const read = await provider.request<{ organizationSettings: Settings }>(SETTINGS, { organizationId: ids.acme });
    expect(read.data?.organizationSettings.sessionIdleMinutes).toBe(45);
    await provider.request(UPDATE, { organizationId: ids.acme, input: DEFAULTS });
    acmeAdmin = await signedIn(stack.gatewayUrl, 'admin@acme.local');
  });

  it('ends the sessions of everyone without two-factor when two-factor becomes required, and no others', async () => {
    const make = factories(stack.db);
    const { organisation, admin } = await make.organisationWithAdmin();
    const { admin: neighbour } = await make.organisationWithAdmin();
    const withTwoFactor = await make.user(organisation);
    const without = await make.user(organisation);
    const adminBrowser = await signedIn(stack.gatewayUrl, admin.email, admin.password!);
    const theirs = await make.session(without);
    const kept = await make.session(withTwoFactor);
    await stack.db.query("INSERT INTO two_factor (user_id, totp_secret, enabled, enabled_at) VALUES ($1, 'sealed', true, now())", [
      withTwoFactor.userId,
    ]);
    const neighbourSession = await make.session(neighbour);

    const saved = await adminBrowser.request<UpdateData>(UPDATE, { input: { ...DEFAULTS, twoFactorRequired: true } });
    expect(saved.data?.updateOrganizationSettings.errors).toEqual([]);
    // The admin's own session ended with the others': they sign in again and set two-factor up.
    expect((await adminBrowser.request(VIEWER)).data).toEqual({ viewer: null });
    const sessions = await stack.db.query<{ session_id: string; end_reason: string | null }>(
      'SELECT session_id::text, end_reason FROM sessions WHERE user_id = ANY($1::int[]) ORDER BY session_id',
      [[admin.userId, without.userId, withTwoFactor.userId, neighbour.userId]],
    );
    expect(Object.fromEntries(sessions.map((row) => [row.session_id, row.end_reason]))).toMatchObject({
      [theirs.sessionId]: 'two_factor_required',
      [kept.sessionId]: null,
      [neighbourSession.sessionId]: null,
    });
    expect(sessions.filter((row) => row.end_reason === 'two_factor_required')).toHaveLength(2);
    const [entry] = await stack.db.query<{ after: Record<string, unknown> }>(
      "SELECT after FROM audit_log WHERE action = 'organization.settings_change' AND client_id = $1 ORDER BY audit_id DESC LIMIT 1",
      [organisation.clientId],
    );
    expect(entry!.after).toEqual({ TwoFactorRequired: true, SessionsEnded: 2 });

    // The sessions list says why they ended.
    const list = await provider.request<{ sessions: { nodes: { endReason: string | null; userEmail: string }[] } }>(
      'query ($organizationId: ID) { sessions(organizationId: $organizationId, page: { limit: 10 }) { nodes { endReason userEmail } } }',
      { organizationId: String(organisation.clientId) },
    );
    expect(list.data?.sessions.nodes.find((row) => row.userEmail === without.email)?.endReason).toBe('two_factor_required');
  });

  it('lets an internal tool require two-factor with a key, which has no session to end and keeps working', async () => {
    const make = factories(stack.db);
    const { organisation, admin } = await make.organisationWithAdmin();
    const adminSession = await make.session(admin);
    const created = await provider.request<{ createApiKey: { secret: string } }>(
      'mutation { createApiKey(input: { name: "Security tool", access: READ_WRITE }) { secret } }',
    );
    const tool = new GraphQLSession(stack.gatewayUrl, { authorization: `Bearer ${created.data!.createApiKey.secret}` });
    const saved = await tool.request<UpdateData>(UPDATE, {
      organizationId: String(organisation.clientId),
      input: { ...DEFAULTS, twoFactorRequired: true },
    });
    expect(saved.data?.updateOrganizationSettings.settings?.twoFactorRequired).toBe(true);
    const [ended] = await stack.db.query<{ end_reason: string }>('SELECT end_reason FROM sessions WHERE session_id = $1', [
      adminSession.sessionId,
    ]);
    expect(ended).toEqual({ end_reason: 'two_factor_required' });
    expect((await tool.request<{ viewer: { email: string } }>('{ viewer { email } }')).data?.viewer.email).toBe('admin@yozy.local');
  });

  it('answers bad settings by field and changes nothing', async () => {
    const before = await acmeAdmin.request<{ organizationSettings: Settings }>(SETTINGS);
    const short = await acmeAdmin.request<UpdateData>(UPDATE, { input: { ...DEFAULTS, sessionIdleMinutes: 1 } });
    expect(short.data?.updateOrganizationSettings.errors).toEqual([
      { code: 'BAD_USER_INPUT', field: 'sessionIdleMinutes', message: 'Enter at least 5 minutes' },
    ]);
    const domain = await acmeAdmin.request<UpdateData>(UPDATE, {
      input: { ...DEFAULTS, allowedEmailDomains: ['acme.local', 'not a domain'] },
    });
    expect(domain.data?.updateOrganizationSettings.errors[0]).toMatchObject({
      field: 'allowedEmailDomains',
      message: 'Enter domains such as example.com, one per line',
    });
    expect((await acmeAdmin.request<{ organizationSettings: Settings }>(SETTINGS)).data).toEqual(before.data);
  });

  it('refuses an invitation outside the allowed domains on the email field, and lets one inside through', async () => {
    await acmeAdmin.request(UPDATE, { input: { ...DEFAULTS, allowedEmailDomains: ['acme.local'] } });
    const seats = (await acmeAdmin.request<{ userSeats: { left: number; roles: { id: string }[] }[] }>(SEATS)).data!.userSeats;
    const roleId = seats.find((product) => product.left > 0)!.roles[0]!.id;
    const outside = await acmeAdmin.request<InviteData>(INVITE, {
      input: { firstName: 'Out', lastName: 'Sider', email: `out.${kind}@elsewhere.example`, roleId },
    });
    expect(outside.data?.inviteUser.errors).toEqual([
      { code: 'BAD_USER_INPUT', field: 'email', message: 'Acme Corporation invites only addresses at acme.local' },
    ]);
    expect(await stack.db.query('SELECT 1 FROM client_users WHERE email = $1', [`out.${kind}@elsewhere.example`])).toEqual([]);
    const inside = await acmeAdmin.request<InviteData>(INVITE, {
      input: { firstName: 'In', lastName: 'Sider', email: `in.${kind}@acme.local`, roleId },
    });
    expect(inside.data?.inviteUser.errors).toEqual([]);
    await acmeAdmin.request(UPDATE, { input: DEFAULTS });
  });

  it('signs out a person whose session sat idle longer than the organisation allows', async () => {
    await acmeAdmin.request(UPDATE, { input: { ...DEFAULTS, sessionIdleMinutes: 10 } });
    const member = await signedIn(stack.gatewayUrl, 'member@acme.local');
    expect((await member.request<{ viewer: unknown }>(VIEWER)).data?.viewer).not.toBeNull();
    await stack.db.query(
      `UPDATE sessions SET last_seen_at = now() - interval '11 minutes'
        WHERE user_id = (SELECT user_id FROM client_users WHERE email = 'member@acme.local') AND ended_at IS NULL`,
    );
    expect((await member.request<{ viewer: unknown }>(VIEWER)).data?.viewer).toBeNull();
    await acmeAdmin.request(UPDATE, { input: DEFAULTS });
  });

  it("keeps an organisation admin out of another organisation's settings whatever id they send; a SuperAdmin reaches any", async () => {
    for (const organizationId of [ids.globex, '0', '-1', 'x']) {
      const read = await acmeAdmin.request(SETTINGS, { organizationId });
      expect(read.errors?.[0]?.extensions?.code).toMatch(/FORBIDDEN|BAD_USER_INPUT/);
      const change = await acmeAdmin.request(UPDATE, { organizationId, input: { ...DEFAULTS, sessionIdleMinutes: 5 } });
      expect(change.errors?.[0]?.extensions?.code).toMatch(/FORBIDDEN|BAD_USER_INPUT/);
    }
    const [globex] = await stack.db.query('SELECT session_idle_minutes FROM org_settings WHERE client_id = $1', [Number(ids.globex)]);
    expect(globex).toEqual({ session_idle_minutes: null });
    const theirs = await provider.request<{ organizationSettings: Settings }>(SETTINGS, { organizationId: ids.globex });
    expect(theirs.data?.organizationSettings.organizationId).toBe(ids.globex);
  });
});
