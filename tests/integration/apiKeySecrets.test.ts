import { describe, expect, it } from 'vitest';
import { SERVICE_TOKEN_HEADER } from '@yozy/shared';
import { hashToken } from '@yozy/subscription-api/testing';
import { everyFieldDocument, fieldNamesBelow } from '../support/everyField';
import { GraphQLSession, type GraphQLAnswer } from '../support/graphql';
import { DATABASES } from '../support/stack';
import { loadSchema } from '../support/tenantMatrix';
import { KEY_NAMES, RESEND, usePlantedSecrets } from './apiKeySecrets/planted';
import { IN_PERSON_ONLY_QUERIES, POSTED_QUERIES, QUERY_CALLS } from './apiKeySecrets/queryCalls';

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
const VERIFY_RESET = 'query ($email: String!, $token: String!) { verifyPasswordResetLink(email: $email, token: $token) }';
const SET_PASSWORD = 'mutation ($input: SetPasswordInput!) { setPassword(input: $input) { ok errors { code field message } } }';

/** What the outbox shows in place of a link's token. */
const HIDDEN = '••••••';

/** Payload fields that can carry something that signs someone in; a key must always get them null. */
const SECRET_FIELDS = ['link', 'secret', 'otpauthUrl', 'qrCode', 'recoveryCodes'];

const codeOfAnswer = (answer: GraphQLAnswer<unknown>) => answer.errors?.[0]?.extensions?.code;

describe.each(DATABASES)('no API key reads a secret, on %s', (kind) => {
  const schema = loadSchema();
  const walk = usePlantedSecrets(kind);
  const { keys, leaksIn, mailedToken } = walk;

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
      for (const variables of calls(walk.ids)) {
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
      resendInvitation: async () => ({ organizationId: walk.ids.acme, input: { userId: walk.ids.invitedId } }),
      signIn: async (tool) => ({ input: { email: walk.ids.twoFactorEmail, password: 'Guessed@1', captcha: await tool.captcha() } }),
      startTwoFactorEnrolment: async () => ({}),
      confirmTwoFactor: async () => ({ input: { code: '123456' } }),
      verifySignInCode: async () => ({ input: { code: '123456' } }),
      startSignInEnrolment: async () => ({}),
      confirmSignInEnrolment: async () => ({ input: { code: '123456' } }),
      // A key may change, pause, test and delete endpoints, but is never shown a signing secret: it cannot make one or rotate one.
      createWebhookEndpoint: async () => ({ input: { organizationId: walk.ids.acme, url: 'https://hooks.acme-walk.example/from-a-key' } }),
      rotateWebhookSecret: async () => ({ id: walk.ids.acmeEndpoint }),
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
      const listed = await walk.provider.request<{ outbox: { nodes: { id: string; to: string; template: string }[] } }>(OUTBOX, {
        search: to,
      });
      return listed.data!.outbox.nodes.find((m) => m.to === to && m.template === template)!;
    };
    const read = async (id: string) =>
      (await walk.provider.request<{ outboxMailContent: { text: string; html: string } }>(MAIL_CONTENT, { id })).data!.outboxMailContent;

    const reset = await read((await mailTo('admin@yozy.local', 'reset')).id);
    expect(reset.text).toContain(`${walk.stack.gatewayUrl}/forgotpassword/${HIDDEN}/admin%40yozy.local`);
    expect(reset.text).toContain('Choose a new password');
    expect(reset.html).toContain(`/forgotpassword/${HIDDEN}/admin%40yozy.local`);
    const invitation = await read((await mailTo(walk.ids.invitedEmail, 'invitation')).id);
    expect(invitation.text).toContain(`?token=${HIDDEN}`);
    expect(invitation.text).toContain('Set your password');
    const adminInvitation = await read((await mailTo(walk.adminInvitee.email, 'invitation')).id);
    expect(adminInvitation.html).toContain(`?token=${HIDDEN}`);
    for (const content of [reset, invitation, adminInvitation]) expect(await leaksIn(JSON.stringify(content))).toEqual([]);
    // The demo’s invitations, written when the database was seeded, are hidden the same way.
    for (const id of walk.ids.mailsWithLinks) expect(await leaksIn(JSON.stringify(await read(id)))).toEqual([]);

    // The person's own mail still works: the reset link is good, and the new SuperAdmin chooses a password with theirs.
    const visitor = new GraphQLSession(walk.stack.gatewayUrl);
    const verified = await visitor.request<{ verifyPasswordResetLink: boolean }>(VERIFY_RESET, {
      email: 'admin@yozy.local',
      token: walk.resetToken,
    });
    expect(verified.data!.verifyPasswordResetLink).toBe(true);
    const chosen = await visitor.request<{ setPassword: { ok: boolean } }>(SET_PASSWORD, {
      input: {
        email: walk.adminInvitee.email,
        token: walk.adminInvitee.token,
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
    const [{ used: usedBefore }] = (await walk.stack.db.query<{ used: string | null }>(
      'SELECT last_used_at::text AS used FROM api_keys WHERE key_hash = $1',
      [hashToken(secret)],
    )) as [{ used: string | null }];
    const [mail] = await walk.stack.db.query<{ id: number }>("SELECT mail_id AS id FROM mail_outbox WHERE template = 'reset' LIMIT 1");
    const straight = (path: string, method = 'GET', headers: Record<string, string> = {}, body?: unknown) =>
      fetch(`${walk.stack.apiUrl}${path}`, {
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
      ['agilesaas_itsmassignmentgroup_master', 'POST', { GroupName: `Around the gateway ${kind}`, ClientId: Number(walk.ids.acme) }],
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
    expect(await walk.stack.db.query('SELECT 1 FROM groups WHERE name = $1', [`Around the gateway ${kind}`])).toEqual([]);
    const [{ used: usedAfter }] = (await walk.stack.db.query<{ used: string | null }>(
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
    const [{ count }] = (await walk.stack.db.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM audit_log WHERE action = 'mail.read' AND api_key_id IS NOT NULL",
    )) as [{ count: number }];
    expect(count).toBe(0);
  });

  it('a read-write key has an invitation mailed again but never gets its link, and may not ask for the link alone', async () => {
    const { tool } = keys.get('every organisation, read-write')!;
    const live = () =>
      walk.stack.db.query(
        "SELECT token_id FROM user_tokens WHERE user_id = $1 AND purpose = 'invite' AND used_at IS NULL AND voided_at IS NULL",
        [Number(walk.ids.invitedId)],
      );
    const before = await live();
    const linkOnly = await tool.request(RESEND, { organizationId: walk.ids.acme, input: { userId: walk.ids.invitedId, sendMail: false } });
    expect(codeOfAnswer(linkOnly)).toBe('FORBIDDEN');
    expect(await live()).toEqual(before);

    const received = walk.sink.received.length;
    const mailed = await tool.request<{ resendInvitation: { invitation: { status: string }; link: string | null } }>(RESEND, {
      organizationId: walk.ids.acme,
      input: { userId: walk.ids.invitedId },
    });
    expect(mailed.data!.resendInvitation).toMatchObject({ invitation: { status: 'PENDING' }, link: null });
    const token = await mailedToken(walk.ids.invitedEmail, 'setpassword', received);
    expect(JSON.stringify(mailed)).not.toContain(token);
  });
});
