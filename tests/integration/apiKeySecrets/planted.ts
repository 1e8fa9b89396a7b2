import { expect, afterAll, beforeAll } from 'vitest';
import { authenticatorCode, hashToken } from '@yozy/subscription-api/testing';
import { factories, FACTORY_PASSWORD } from '../../support/factories';
import { GraphQLSession, signedIn } from '../../support/graphql';
import { linksIn, startMailSink, type MailSink } from '../../support/mailSink';
import { startStack, type DatabaseKind, type Stack } from '../../support/stack';
import type { Ids } from './queryCalls';

const REQUEST_RESET = `mutation ($input: RequestPasswordResetInput!) { requestPasswordReset(input: $input) { accepted errors { code } } }`;
export const RESEND = `mutation ($organizationId: ID, $input: ResendInvitationInput!) {
  resendInvitation(organizationId: $organizationId, input: $input) { invitation { email status } link errors { code field message } }
}`;

/** The keys the walk calls with: every organisation read-only and read-write, and one organisation's. */
export const KEY_NAMES = ['every organisation, read-only', 'every organisation, read-write', 'Acme only, read-write'] as const;
export type KeyName = (typeof KEY_NAMES)[number];

/**
 * A stack on one kind of database that holds one secret of each kind, known to the test: links that
 * sign someone in (a reset the read-only key asked for, an invitation, a new SuperAdmin's), a
 * sealed SMTP password and single sign-on secret, a provisioning token, a two-factor secret and
 * its recovery codes, sessions, other keys and webhook signing secrets; with the keys of the walk.
 */
export function usePlantedSecrets(kind: DatabaseKind) {
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

  return {
    get stack() {
      return stack;
    },
    get sink() {
      return sink;
    },
    get provider() {
      return provider;
    },
    get ids() {
      return ids;
    },
    get resetToken() {
      return resetToken;
    },
    get adminInvitee() {
      return adminInvitee;
    },
    keys,
    leaksIn,
    mailedToken,
  };
}
