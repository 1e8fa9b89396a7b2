import { authenticatorCode } from '@yozy/subscription-api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_TOKEN_HEADER } from '@yozy/shared';
import { hashToken } from '@yozy/subscription-api/testing';
import { everyFieldDocument, fieldNamesBelow } from '../support/everyField';
import { factories, FACTORY_PASSWORD } from '../support/factories';
import { GraphQLSession, signedIn, type GraphQLAnswer } from '../support/graphql';
import { linksIn, startMailSink, type MailSink } from '../support/mailSink';
import { DATABASES, startStack, type Stack } from '../support/stack';
import { loadSchema } from '../support/tenantMatrix';

/*
 * An internal tool's API key, read-only or not, never reads a secret: a link that signs someone in
 * (password reset, invitation, set-password), a sealed setting, a two-factor secret or recovery
 * code, another key, a session. The stack holds one of each, known to the test; every Query field
 * of the schema is called with each key, selecting everything it answers, and no answer may carry
 * any of them. The outbox shows mail with each link's token hidden, to anyone; and the REST
 * service takes a key only from the gateway, where its rate limit is counted.
 */

const ORGANIZATIONS = '{ organizations(page: { limit: 5 }) { totalCount } }';
const OUTBOX = 'query ($search: String) { outbox(search: $search, page: { limit: 100 }) { nodes { id to template } } }';
const MAIL_CONTENT = 'query ($id: ID!) { outboxMailContent(id: $id) { id text html } }';
const REQUEST_RESET = `mutation ($input: RequestPasswordResetInput!) { requestPasswordReset(input: $input) { accepted errors { code } } }`;
const RESEND = `mutation ($organizationId: ID, $input: ResendInvitationInput!) {
  resendInvitation(organizationId: $organizationId, input: $input) { invitation { email status } link errors { code field message } }
}`;
const VERIFY_RESET = 'query ($email: String!, $token: String!) { verifyPasswordResetLink(email: $email, token: $token) }';
const SET_PASSWORD = 'mutation ($input: SetPasswordInput!) { setPassword(input: $input) { ok errors { code field message } } }';

/** What the outbox shows in place of a link's token. */
const HIDDEN = '••••••';

/** The keys the walk calls with: every organisation read-only and read-write, and one organisation's. */
const KEY_NAMES = ['every organisation, read-only', 'every organisation, read-write', 'Acme only, read-write'] as const;
type KeyName = (typeof KEY_NAMES)[number];

/**
 * The Query fields that refuse a key reaching every organisation: what only a person signed in as
 * themselves may read. Any other refusal would mean the walk read nothing there.
 */
const IN_PERSON_ONLY_QUERIES = ['apiKeys', 'organizationChoices', 'outboxMailContent', 'productRedirectUrl', 'twoFactor'];
/** Queries the REST service answers through a POST (previews, a discovery), which it refuses a read-only key as it refuses changes. */
const POSTED_QUERIES = ['emailPreview', 'ssoDiscovery', 'userImportPreview'];

/** Payload fields that can carry something that signs someone in; a key must always get them null. */
const SECRET_FIELDS = ['link', 'secret', 'otpauthUrl', 'qrCode', 'recoveryCodes'];

type Ids = {
  acme: string;
  provider: string;
  acmeGroup: string;
  acmeProject: string;
  /** People whose accounts hold the planted secrets, with their organisation. */
  people: { id: string; organizationId: string }[];
  invitedEmail: string;
  invitedId: string;
  /** The newest invitation of the invited person, whose link was sent again. */
  invitationId: string;
  /** Every enquiry, whose fields a key of the provider reads one at a time. */
  enquiryIds: string[];
  twoFactorEmail: string;
  mailsWithLinks: string[];
  /** Acme's webhook endpoint, whose signing secret was shown once to the provider in person, and a delivery of it. */
  acmeEndpoint: string;
  acmeDelivery: string;
};

/** How each Query field is called in the walk: one set of arguments per call. */
type QueryCalls = (ids: Ids) => Record<string, unknown>[];

const page = { page: { limit: 100 } };

/** Every Query field of the schema; a new one fails the walk until it has a row. */
const QUERY_CALLS: Record<string, QueryCalls> = {
  captchaChallenge: () => [{}],
  verifyPasswordResetLink: () => [{ email: 'admin@yozy.local', token: 'guessed-token' }],
  accountLinkStatus: () => [{ purpose: 'INVITE', email: 'admin@yozy.local', token: 'guessed-token' }],
  productRedirectUrl: (ids) => [{ email: ids.twoFactorEmail }],
  administrators: () => [page],
  apiKeys: () => [page],
  auditLog: (ids) => [page, { ...page, organizationId: ids.acme }, { ...page, organizationId: ids.provider }],
  auditActions: (ids) => [{}, { organizationId: ids.acme }],
  products: () => [{}],
  emailSettings: (ids) => [{}, { organizationId: ids.acme }],
  emailPreview: (ids) => [{ organizationId: ids.acme, input: { template: 'RESET', subject: 'Reset', body: 'Hello {{email}}' } }],
  outbox: () => [page],
  outboxMailContent: (ids) => ids.mailsWithLinks.map((id) => ({ id })),
  enquiries: () => [page],
  groups: (ids) => [{ ...page, organizationId: ids.acme }],
  groupMembers: (ids) => [{ ...page, groupId: ids.acmeGroup }],
  groupMemberCandidates: (ids) => [{ ...page, groupId: ids.acmeGroup }],
  dashboard: (ids) => [{ organizationId: ids.acme }],
  statistics: (ids) => [{ organizationId: ids.acme }],
  licences: (ids) => [{ ...page, organizationId: ids.acme }],
  organization: (ids) => [{ id: ids.acme }, { id: ids.provider }],
  organizations: () => [page],
  organizationSettings: (ids) => [{ organizationId: ids.acme }],
  planMaster: () => [page],
  productMaster: () => [page],
  regions: () => [page],
  roles: () => [page],
  viewer: () => [{}],
  sessions: (ids) => [page, { ...page, organizationId: ids.acme }, { ...page, organizationId: ids.provider }],
  singleSignOn: (ids) => [{ email: ids.twoFactorEmail }],
  ssoSettings: (ids) => [{}, { organizationId: ids.acme }],
  provisioning: (ids) => [{}, { organizationId: ids.acme }],
  organizationDomains: (ids) => [{}, { organizationId: ids.acme }],
  ssoDiscovery: (ids) => [{ organizationId: ids.acme, issuer: 'http://127.0.0.1:9' }],
  twoFactor: () => [{}],
  userImportPreview: (ids) => [
    { organizationId: ids.acme, rows: [{ firstName: 'Walk', lastName: 'Preview', email: ids.invitedEmail, roles: '' }] },
  ],
  users: (ids) => [
    { ...page, organizationId: ids.acme },
    { ...page, organizationId: ids.provider },
  ],
  user: (ids) => ids.people.map(({ id, organizationId }) => ({ id, organizationId })),
  userSeats: (ids) => [{ organizationId: ids.acme }],
  invitations: (ids) => [{ ...page, organizationId: ids.acme }],
  invitation: (ids) => [{ id: ids.invitationId, organizationId: ids.acme }],
  enquiry: (ids) => ids.enquiryIds.map((id) => ({ id })),
  organizationChoices: () => [
    { ...page, list: 'BUSINESS_VERTICAL' },
    { ...page, list: 'CLIENT_TYPE' },
  ],
  offeredOrganizationChoices: () => [{}],
  organizationValuesInUse: () => [{}],
  projects: (ids) => [{ ...page, organizationId: ids.acme }],
  project: (ids) => [{ id: ids.acmeProject, organizationId: ids.acme }],
  allocations: (ids) => [{ ...page, organizationId: ids.acme }],
  allocationCandidates: (ids) => [{ ...page, projectId: ids.acmeProject }],
  webhookEndpoints: (ids) => [{}, { organizationId: ids.acme }],
  webhookDeliveries: (ids) => [{ ...page, endpointId: ids.acmeEndpoint }],
  webhookDeliveryBody: (ids) => [{ id: ids.acmeDelivery }],
};

const codeOfAnswer = (answer: GraphQLAnswer<unknown>) => answer.errors?.[0]?.extensions?.code;

describe.each(DATABASES)('no API key reads a secret, on %s', (kind) => {
  const schema = loadSchema();
  let stack: Stack;
  let sink: MailSink;
  let provider: GraphQLSession;
  const keys = new Map<KeyName, { secret: string; tool: GraphQLSession }>();
  /** The secrets the stack holds, each named. */
  const planted = new Map<string, string>();
  let ids: Ids;
  /** The token of the password reset the read-only key asked for, as admin@yozy.local received it by mail. */
  let resetToken: string;
  let adminInvitee: { email: string; token: string };

  async function newKey(input: Record<string, unknown>) {
    const answer = await provider.request<{ createApiKey: { secret: string; errors: unknown[] } }>(
      'mutation ($input: CreateApiKeyInput!) { createApiKey(input: $input) { secret errors { code field message } } }',
      { input },
    );
    expect(answer.data!.createApiKey.errors).toEqual([]);
    const secret = answer.data!.createApiKey.secret;
    return { secret, tool: new GraphQLSession(stack.gatewayUrl, { authorization: `Bearer ${secret}` }) };
  }

  /** The token of the newest link of `shape` mailed to `email`, as the person received it. */
  async function mailedToken(email: string, shape: 'forgotpassword' | 'setpassword', after = 0): Promise<string> {
    const mail = await sink.waitFor(
      email,
      (m) => linksIn(m, `${stack.gatewayUrl}/${shape}/`).length > 0 && sink.received.indexOf(m) >= after,
    );
    const link = new URL(linksIn(mail, `${stack.gatewayUrl}/${shape}/`)[0]!);
    return shape === 'setpassword' ? link.searchParams.get('token')! : decodeURIComponent(link.pathname.split('/')[2]!);
  }

  /** Everything in `text` that gives a secret away, named. */
  async function leaksIn(text: string): Promise<string[]> {
    const found = [...planted].filter(([, value]) => text.includes(value)).map(([name]) => name);
    // Any live link token, session token or key the database keeps a digest of, planted or not.
    const digests = new Set(
      (
        await stack.db.query<{ digest: string }>(
          `SELECT token_hash AS digest FROM user_tokens UNION ALL SELECT token_hash FROM sessions UNION ALL SELECT key_hash FROM api_keys
           UNION ALL SELECT token_hash FROM provisioning_tokens`,
        )
      ).map((row) => row.digest),
    );
    for (const [candidate] of text.matchAll(/(?<![\w-])(?:yozy_key_|yozy_scim_)?[\w-]{43}(?![\w-])/g)) {
      if (digests.has(hashToken(candidate))) found.push(`a live token (${candidate.slice(0, 6)}…)`);
    }
    // Any sealed setting as stored, and any link that still carries a token.
    const sealed = await stack.db.query<{ value: string }>(
      `SELECT smtp_password_sealed AS value FROM email_settings WHERE smtp_password_sealed IS NOT NULL
       UNION ALL SELECT oidc_secret_sealed FROM sso_settings WHERE oidc_secret_sealed IS NOT NULL
       UNION ALL SELECT totp_secret FROM two_factor WHERE totp_secret IS NOT NULL
       UNION ALL SELECT secret_sealed FROM webhook_endpoints
       UNION ALL SELECT previous_secret_sealed FROM webhook_endpoints WHERE previous_secret_sealed IS NOT NULL`,
    );
    found.push(...sealed.filter((row) => text.includes(row.value)).map(() => 'a sealed setting'));
    for (const [link] of text.matchAll(/\/forgotpassword\/[\w%-]{20,}|[?&]token=[\w%-]{20,}/g))
      found.push(`a link with its token: …${link}`);
    return found;
  }

  beforeAll(async () => {
    sink = await startMailSink();
    stack = await startStack(kind, { smtpUrl: sink.url });
    provider = await signedIn(stack.gatewayUrl, 'admin@yozy.local');
    const make = factories(stack.db);
    const [acme] = await stack.db.query<{ id: string }>(
      "SELECT client_id::text AS id FROM clients WHERE company_name = 'Acme Corporation'",
    );
    const [yozy] = await stack.db.query<{ id: string }>("SELECT client_id::text AS id FROM client_users WHERE email = 'admin@yozy.local'");

    keys.set('every organisation, read-only', await newKey({ name: `Walk reader ${kind}`, access: 'READ' }));
    keys.set('every organisation, read-write', await newKey({ name: `Walk writer ${kind}`, access: 'READ_WRITE' }));
    keys.set('Acme only, read-write', await newKey({ name: `Walk Acme ${kind}`, access: 'READ_WRITE', organizationId: acme!.id }));
    planted.set('another API key', (await newKey({ name: `Bystander ${kind}`, access: 'READ_WRITE' })).secret);
    for (const [name, { secret }] of keys) planted.set(`the key (${name})`, secret);

    // The attack of the issue, first step: the read-only key asks a reset for the provider's admin.
    const reader = keys.get('every organisation, read-only')!.tool;
    const asked = await reader.request<{ requestPasswordReset: { accepted: boolean } }>(REQUEST_RESET, {
      input: { email: 'admin@yozy.local', captcha: await reader.captcha() },
    });
    expect(asked.data?.requestPasswordReset.accepted, JSON.stringify(asked)).toBe(true);
    resetToken = await mailedToken('admin@yozy.local', 'forgotpassword');
    planted.set('the reset link of admin@yozy.local', resetToken);

    // Acme sends through a server of its own, with a password; it has single sign-on with a client secret.
    const smtpPassword = `Smtp-secret-${kind}-0b1c2d3e`;
    const email = await provider.request<{ updateEmailSettings: { errors: unknown[] } }>(
      'mutation ($organizationId: ID, $input: EmailSettingsInput!) { updateEmailSettings(organizationId: $organizationId, input: $input) { errors { code field message } } }',
      {
        organizationId: acme!.id,
        input: {
          smtpHost: '127.0.0.1',
          smtpPort: Number(new URL(sink.url).port),
          smtpSecurity: 'NONE',
          smtpPassword,
          smtpFromAddress: 'mailer@acme.local',
        },
      },
    );
    expect(email.data?.updateEmailSettings.errors, JSON.stringify(email)).toEqual([]);
    planted.set('the SMTP password', smtpPassword);
    const clientSecret = `Sso-client-secret-${kind}-9f8e7d6c`;
    const sso = await provider.request<{ updateSsoSettings: { errors: unknown[] } }>(
      'mutation ($organizationId: ID, $input: SsoSettingsInput!) { updateSsoSettings(organizationId: $organizationId, input: $input) { errors { code field message } } }',
      {
        organizationId: acme!.id,
        input: {
          enabled: false,
          issuer: 'https://login.acme-sso.example',
          clientId: 'acme-console',
          clientSecret,
          domains: [],
          requireSso: false,
          allowJit: false,
        },
      },
    );
    expect(sso.data?.updateSsoSettings.errors, JSON.stringify(sso)).toEqual([]);
    planted.set('the single sign-on client secret', clientSecret);
    // Acme's identity provider holds a provisioning token.
    const provisioning = await provider.request<{ createProvisioningToken: { token: string | null; errors: unknown[] } }>(
      'mutation ($organizationId: ID!) { createProvisioningToken(organizationId: $organizationId, name: "Walk") { token errors { code message } } }',
      { organizationId: acme!.id },
    );
    expect(provisioning.data?.createProvisioningToken.errors, JSON.stringify(provisioning)).toEqual([]);
    planted.set('a provisioning token', provisioning.data!.createProvisioningToken.token!);

    // An invitation of Acme sent again in person (its link answered to the admin, to copy), and a new SuperAdmin invited.
    const [invited] = await stack.db.query<{ id: string; email: string }>(
      `SELECT user_id::text AS id, email FROM client_users
        WHERE client_id = $1 AND password_hash IS NULL AND is_active AND NOT awaiting_approval ORDER BY user_id LIMIT 1`,
      [Number(acme!.id)],
    );
    const before = sink.received.length;
    const resent = await provider.request<{ resendInvitation: { link: string | null } }>(RESEND, {
      organizationId: acme!.id,
      input: { userId: invited!.id },
    });
    expect(resent.data?.resendInvitation.link, JSON.stringify(resent)).toContain('?token=');
    planted.set('the invitation link of Acme', await mailedToken(invited!.email, 'setpassword', before));
    const newAdmin = `walk.admin.${kind}@yozy.local`;
    const invitedAdmin = await provider.request<{ inviteAdministrator: { errors: unknown[] } }>(
      'mutation ($input: InviteAdministratorInput!) { inviteAdministrator(input: $input) { errors { code field message } } }',
      { input: { firstName: 'Walk', lastName: 'Admin', email: newAdmin } },
    );
    expect(invitedAdmin.data?.inviteAdministrator.errors).toEqual([]);
    adminInvitee = { email: newAdmin, token: await mailedToken(newAdmin, 'setpassword') };
    planted.set('the set-password link of a new SuperAdmin', adminInvitee.token);

    // An admin of Acme with two-factor on: its secret and recovery codes.
    const person = await make.user({ clientId: Number(acme!.id) }, { typeOfUser: 'OrgAdmin', firstName: 'Tess' });
    const personSession = await signedIn(stack.gatewayUrl, person.email, FACTORY_PASSWORD);
    const enrolled = await personSession.request<{ startTwoFactorEnrolment: { enrolment: { secret: string } } }>(
      'mutation { startTwoFactorEnrolment { enrolment { secret } } }',
    );
    const totpSecret = enrolled.data!.startTwoFactorEnrolment.enrolment.secret;
    const confirmed = await personSession.request<{ confirmTwoFactor: { recoveryCodes: string[] } }>(
      'mutation ($code: String!) { confirmTwoFactor(input: { code: $code }) { recoveryCodes } }',
      { code: authenticatorCode(totpSecret) },
    );
    planted.set('a two-factor secret', totpSecret);
    confirmed.data!.confirmTwoFactor.recoveryCodes.forEach((code, i) => planted.set(`recovery code ${i + 1}`, code));

    // Live sessions: the browsers' cookies and one more of Acme's admin.
    planted.set('the provider’s session', provider.cookies.get('token_org')!);
    planted.set('the Acme admin’s session', personSession.cookies.get('token_org')!);
    planted.set('another session', (await make.session(person)).token);

    const [group] = await stack.db.query<{ id: string }>(
      "INSERT INTO groups (client_id, name, description) VALUES ($1, $2, 'Walk') RETURNING group_id::text AS id",
      [Number(acme!.id), `Walk group ${kind}`],
    );
    await stack.db.query('INSERT INTO group_members (group_id, user_id) VALUES ($1, $2)', [Number(group!.id), person.userId]);
    const [project] = await stack.db.query<{ id: string }>(
      'SELECT project_id::text AS id FROM projects WHERE client_id = $1 ORDER BY project_id LIMIT 1',
      [Number(acme!.id)],
    );
    const people = await stack.db.query<{ id: string; organizationId: string }>(
      `SELECT user_id::text AS id, client_id::text AS "organizationId" FROM client_users
        WHERE email = ANY($1::text[]) OR user_id = ANY($2::int[]) ORDER BY user_id`,
      [
        ['admin@yozy.local', newAdmin],
        [person.userId, Number(invited!.id)],
      ],
    );
    const [invitation] = await stack.db.query<{ id: string }>(
      "SELECT max(token_id)::text AS id FROM user_tokens WHERE user_id = $1 AND purpose = 'invite'",
      [Number(invited!.id)],
    );
    const enquiryIds = await stack.db.query<{ id: string }>('SELECT enquiry_id::text AS id FROM enquiries ORDER BY enquiry_id LIMIT 5');

    // A webhook endpoint of Acme and one of the provider's, their signing secrets shown once to the provider in person,
    // one of them rotated (the previous secret signs for a day more), and a test event queued.
    const endpoint = await provider.request<{ createWebhookEndpoint: { endpoint: { id: string }; secret: string } }>(
      'mutation ($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { endpoint { id } secret errors { code message } } }',
      { input: { organizationId: acme!.id, url: 'https://hooks.acme-walk.example/in' } },
    );
    planted.set('a webhook signing secret', endpoint.data!.createWebhookEndpoint.secret);
    const acmeEndpoint = endpoint.data!.createWebhookEndpoint.endpoint.id;
    const rotated = await provider.request<{ rotateWebhookSecret: { secret: string } }>(
      'mutation ($id: ID!) { rotateWebhookSecret(id: $id) { secret } }',
      { id: acmeEndpoint },
    );
    planted.set('a rotated webhook signing secret', rotated.data!.rotateWebhookSecret.secret);
    const own = await provider.request<{ createWebhookEndpoint: { secret: string } }>(
      'mutation ($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { secret } }',
      { input: { url: 'http://127.0.0.1:9/provider-walk' } },
    );
    planted.set('the provider’s webhook signing secret', own.data!.createWebhookEndpoint.secret);
    const test = await provider.request<{ sendWebhookTestEvent: { delivery: { id: string } } }>(
      'mutation ($id: ID!) { sendWebhookTestEvent(id: $id) { delivery { id } } }',
      { id: acmeEndpoint },
    );
    const acmeDelivery = test.data!.sendWebhookTestEvent.delivery.id;
    const mails = await stack.db.query<{ id: string }>(
      "SELECT mail_id::text AS id FROM mail_outbox WHERE text_body ~ '/forgotpassword/|[?&]token=' ORDER BY mail_id",
    );
    ids = {
      acme: acme!.id,
      provider: yozy!.id,
      acmeGroup: group!.id,
      acmeProject: project!.id,
      people,
      invitedEmail: invited!.email,
      invitedId: invited!.id,
      invitationId: invitation!.id,
      enquiryIds: enquiryIds.map((row) => row.id),
      twoFactorEmail: person.email,
      mailsWithLinks: mails.map((mail) => mail.id),
      acmeEndpoint,
      acmeDelivery,
    };
    expect(planted.size).toBeGreaterThan(15);
  });

  afterAll(async () => {
    await stack?.stop();
    await sink?.close();
  });

  it('has a call for every Query field of the schema, and none for a field it lacks', () => {
    const inSchema = Object.keys(schema.getQueryType()!.getFields());
    expect({
      withoutCall: inSchema.filter((field) => !(field in QUERY_CALLS)),
      notInSchema: Object.keys(QUERY_CALLS).filter((field) => !inSchema.includes(field)),
    }).toEqual({ withoutCall: [], notInSchema: [] });
  });

  it.each(KEY_NAMES)('a key of %s reads no secret from any Query field, whatever it selects', async (name) => {
    const { tool } = keys.get(name)!;
    const leaks: string[] = [];
    const unexpected: string[] = [];
    const refused = new Set<string>();
    for (const [field, calls] of Object.entries(QUERY_CALLS)) {
      for (const variables of calls(ids)) {
        const answer = await tool.request(everyFieldDocument(schema, 'query', field, variables), variables);
        for (const leak of await leaksIn(JSON.stringify(answer))) leaks.push(`${field}: ${leak}`);
        for (const error of (answer.errors ?? []) as { message: string; path?: string[]; extensions?: { code?: string } }[]) {
          // A field below the root may be refused on its own (the viewer's product address is a person's).
          if (error.extensions?.code === 'FORBIDDEN') refused.add(error.path?.join('.') ?? field);
          else unexpected.push(`${field}: ${error.extensions?.code} ${error.message}`);
        }
      }
    }
    expect(leaks).toEqual([]);
    expect(unexpected).toEqual([]);
    if (name !== 'Acme only, read-write') {
      const expected = [
        ...IN_PERSON_ONLY_QUERIES,
        ...(name === 'every organisation, read-only' ? POSTED_QUERIES : []),
        'viewer.productUrl',
      ];
      expect([...refused].sort()).toEqual(expected.sort());
    }
  });

  it('no key receives a secret from a mutation either: every payload that can carry one answers it null', async () => {
    const mutations = Object.entries(schema.getMutationType()!.getFields())
      .filter(([, field]) => fieldNamesBelow(schema, field.type).some((name) => SECRET_FIELDS.includes(name)))
      .map(([name]) => name)
      .sort();
    const calls: Record<string, (tool: GraphQLSession) => Promise<Record<string, unknown>>> = {
      createApiKey: async () => ({ input: { name: 'From a key', access: 'READ_WRITE' } }),
      resendInvitation: async () => ({ organizationId: ids.acme, input: { userId: ids.invitedId } }),
      signIn: async (tool) => ({ input: { email: ids.twoFactorEmail, password: 'Guessed@1', captcha: await tool.captcha() } }),
      startTwoFactorEnrolment: async () => ({}),
      confirmTwoFactor: async () => ({ input: { code: '123456' } }),
      verifySignInCode: async () => ({ input: { code: '123456' } }),
      startSignInEnrolment: async () => ({}),
      confirmSignInEnrolment: async () => ({ input: { code: '123456' } }),
      // A key may change, pause, test and delete endpoints, but is never shown a signing secret: it cannot make one or rotate one.
      createWebhookEndpoint: async () => ({ input: { organizationId: ids.acme, url: 'https://hooks.acme-walk.example/from-a-key' } }),
      rotateWebhookSecret: async () => ({ id: ids.acmeEndpoint }),
    };
    expect(mutations).toEqual(Object.keys(calls).sort());

    const leaks: string[] = [];
    for (const name of ['every organisation, read-write', 'Acme only, read-write'] as const) {
      const { tool } = keys.get(name)!;
      for (const field of mutations) {
        const variables = await calls[field]!(tool);
        const answer = await tool.request<Record<string, unknown>>(everyFieldDocument(schema, 'mutation', field, variables), variables);
        for (const leak of await leaksIn(JSON.stringify(answer))) leaks.push(`${field} as ${name}: ${leak}`);
        const carried = JSON.stringify(answer.data ?? {}, (key, value: unknown) =>
          SECRET_FIELDS.includes(key) && value !== null ? `CARRIED ${key}` : value,
        );
        if (carried.includes('CARRIED')) leaks.push(`${field} as ${name}: ${carried}`);
      }
    }
    expect(leaks).toEqual([]);
  });

  it('shows every mail in the outbox as sent with each link’s token hidden, to a SuperAdmin in person too; the mail delivered keeps its working link', async () => {
    const mailTo = async (to: string, template: string) => {
      const listed = await provider.request<{ outbox: { nodes: { id: string; to: string; template: string }[] } }>(OUTBOX, { search: to });
      return listed.data!.outbox.nodes.find((m) => m.to === to && m.template === template)!;
    };
    const read = async (id: string) =>
      (await provider.request<{ outboxMailContent: { text: string; html: string } }>(MAIL_CONTENT, { id })).data!.outboxMailContent;

    const reset = await read((await mailTo('admin@yozy.local', 'reset')).id);
    expect(reset.text).toContain(`${stack.gatewayUrl}/forgotpassword/${HIDDEN}/admin%40yozy.local`);
    expect(reset.text).toContain('Choose a new password');
    expect(reset.html).toContain(`/forgotpassword/${HIDDEN}/admin%40yozy.local`);
    const invitation = await read((await mailTo(ids.invitedEmail, 'invitation')).id);
    expect(invitation.text).toContain(`?token=${HIDDEN}`);
    expect(invitation.text).toContain('Set your password');
    const adminInvitation = await read((await mailTo(adminInvitee.email, 'invitation')).id);
    expect(adminInvitation.html).toContain(`?token=${HIDDEN}`);
    for (const content of [reset, invitation, adminInvitation]) expect(await leaksIn(JSON.stringify(content))).toEqual([]);
    // The demo’s invitations, written when the database was seeded, are hidden the same way.
    for (const id of ids.mailsWithLinks) expect(await leaksIn(JSON.stringify(await read(id)))).toEqual([]);

    // The person's own mail still works: the reset link is good, and the new SuperAdmin chooses a password with theirs.
    const visitor = new GraphQLSession(stack.gatewayUrl);
    const verified = await visitor.request<{ verifyPasswordResetLink: boolean }>(VERIFY_RESET, {
      email: 'admin@yozy.local',
      token: resetToken,
    });
    expect(verified.data!.verifyPasswordResetLink).toBe(true);
    const chosen = await visitor.request<{ setPassword: { ok: boolean } }>(SET_PASSWORD, {
      input: {
        email: adminInvitee.email,
        token: adminInvitee.token,
        firstName: 'Walk',
        lastName: 'Admin',
        password: 'Walked@123',
        confirmPassword: 'Walked@123',
        captcha: await visitor.captcha(),
      },
    });
    expect(chosen.data!.setPassword.ok, JSON.stringify(chosen)).toBe(true);
  });

  it('the REST service refuses a key sent straight to its port, before any work, while the same key works through the gateway', async () => {
    const { secret, tool } = keys.get('every organisation, read-write')!;
    const [{ used: usedBefore }] = (await stack.db.query<{ used: string | null }>(
      'SELECT last_used_at::text AS used FROM api_keys WHERE key_hash = $1',
      [hashToken(secret)],
    )) as [{ used: string | null }];
    const [mail] = await stack.db.query<{ id: number }>("SELECT mail_id AS id FROM mail_outbox WHERE template = 'reset' LIMIT 1");
    const straight = (path: string, method = 'GET', headers: Record<string, string> = {}, body?: unknown) =>
      fetch(`${stack.apiUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${secret}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const calls = [
      ['subscription_client_details?limit=100', 'GET'],
      [`platform/outbox_content?MailId=eq.${mail!.id}`, 'GET'],
      ['agilesaas_itsmassignmentgroup_master', 'POST', { GroupName: `Around the gateway ${kind}`, ClientId: Number(ids.acme) }],
    ] as const;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => calls[i % calls.length]!).flatMap(([path, method, body]) => [
        straight(path, method, {}, body),
        straight(path, method, { [SERVICE_TOKEN_HEADER]: 'not-the-gateway-credential' }, body),
      ]),
    );
    const seen = await Promise.all(answers.map(async (answer) => ({ status: answer.status, body: (await answer.json()) as unknown })));
    expect(new Set(seen.map((answer) => JSON.stringify(answer)))).toEqual(
      new Set([
        JSON.stringify({
          status: 401,
          body: {
            error: {
              code: 'UNAUTHENTICATED',
              message: 'An API key works only through the console’s GraphQL address (/graphql), where its rate limit applies',
            },
          },
        }),
      ]),
    );
    expect(await stack.db.query('SELECT 1 FROM groups WHERE name = $1', [`Around the gateway ${kind}`])).toEqual([]);
    const [{ used: usedAfter }] = (await stack.db.query<{ used: string | null }>(
      'SELECT last_used_at::text AS used FROM api_keys WHERE key_hash = $1',
      [hashToken(secret)],
    )) as [{ used: string | null }];
    expect(usedAfter).toBe(usedBefore);

    const through = await tool.request<{ organizations: { totalCount: number } }>(ORGANIZATIONS);
    expect(through.errors).toBeUndefined();
    expect(through.data!.organizations.totalCount).toBeGreaterThan(2);
  });

  it('the attack of the issue fails: a read-only key finds the reset it asked for in the outbox but cannot read its link', async () => {
    const { tool } = keys.get('every organisation, read-only')!;
    const listed = await tool.request<{ outbox: { nodes: { id: string; to: string; template: string }[] } }>(OUTBOX, {
      search: 'admin@yozy.local',
    });
    const mail = listed.data!.outbox.nodes.find((m) => m.template === 'reset');
    expect(mail).toBeDefined();
    const content = await tool.request(MAIL_CONTENT, { id: mail!.id });
    expect(codeOfAnswer(content)).toBe('FORBIDDEN');
    expect(content.data).toBeNull();
    expect(await leaksIn(JSON.stringify(content))).toEqual([]);
    // Without the token there is no new password, and no way on to a read-write key.
    const created = await tool.request('mutation { createApiKey(input: { name: "Escalated", access: READ_WRITE }) { secret } }');
    expect(codeOfAnswer(created)).toBe('FORBIDDEN');
    const [{ count }] = (await stack.db.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM audit_log WHERE action = 'mail.read' AND api_key_id IS NOT NULL",
    )) as [{ count: number }];
    expect(count).toBe(0);
  });

  it('a read-write key has an invitation mailed again but never gets its link, and may not ask for the link alone', async () => {
    const { tool } = keys.get('every organisation, read-write')!;
    const live = () =>
      stack.db.query(
        "SELECT token_id FROM user_tokens WHERE user_id = $1 AND purpose = 'invite' AND used_at IS NULL AND voided_at IS NULL",
        [Number(ids.invitedId)],
      );
    const before = await live();
    const linkOnly = await tool.request(RESEND, { organizationId: ids.acme, input: { userId: ids.invitedId, sendMail: false } });
    expect(codeOfAnswer(linkOnly)).toBe('FORBIDDEN');
    expect(await live()).toEqual(before);

    const received = sink.received.length;
    const mailed = await tool.request<{ resendInvitation: { invitation: { status: string }; link: string | null } }>(RESEND, {
      organizationId: ids.acme,
      input: { userId: ids.invitedId },
    });
    expect(mailed.data!.resendInvitation).toMatchObject({ invitation: { status: 'PENDING' }, link: null });
    const token = await mailedToken(ids.invitedEmail, 'setpassword', received);
    expect(JSON.stringify(mailed)).not.toContain(token);
  });
});
