import { beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@yozy/shared';
import { GraphQLSession, signedIn, type GraphQLAnswer } from '../support/graphql';
import { DATABASES } from '../support/stack';
import { useStack } from '../support/useStack';

/**
 * A product sends a person to `/login?data=<token>`: a SuperAdmin or an internal tool's API key
 * issues the one-time token through /graphql, the sign-in page redeems it for the email. And a
 * tool with a wrong key is told so with 401 and a Bearer challenge, while a browser is answered
 * as before.
 */

const ISSUE = `mutation ($email: String!) {
  issueSignInHandoff(input: { email: $email }) { handoff { token email expiresAt loginUrl } errors { code field message } }
}`;
const REDEEM = 'mutation ($token: String!) { redeemSignInHandoff(token: $token) { email errors { code field message } } }';
const CREATE_KEY = `mutation ($input: CreateApiKeyInput!) { createApiKey(input: $input) { apiKey { id } secret errors { code } } }`;
const REVOKE_KEY = 'mutation ($id: ID!) { revokeApiKey(id: $id) { apiKey { id } errors { code } } }';
const USERS = '{ users(page: { limit: 1 }) { totalCount } }';

type Issued = {
  issueSignInHandoff: {
    handoff: { token: string; email: string; expiresAt: string; loginUrl: string } | null;
    errors: { code: string; field: string | null; message: string }[];
  };
};
type Redeemed = { redeemSignInHandoff: { email: string | null; errors: { code: string; field: string | null; message: string }[] } };
const codeOf = (answer: GraphQLAnswer<unknown>) => answer.errors?.[0]?.extensions?.code;

describe.each(DATABASES)('sign-in hand-offs through the gateway on %s', (kind) => {
  const stack = useStack(kind);
  let provider: GraphQLSession;
  let acmeId: string;
  const keys: Record<'everywhere' | 'acme' | 'reader', { id: string; tool: GraphQLSession }> = {} as never;

  beforeAll(async () => {
    provider = await signedIn(stack.gatewayUrl, 'admin@yozy.local');
    const [acme] = await stack.db.query<{ id: string }>(
      "SELECT client_id::text AS id FROM clients WHERE company_name = 'Acme Corporation'",
    );
    acmeId = acme!.id;
    for (const [name, input] of [
      ['everywhere', { name: `Product hand-off ${kind}`, access: 'READ_WRITE' }],
      ['acme', { name: `Acme hand-off ${kind}`, access: 'READ_WRITE', organizationId: acmeId }],
      ['reader', { name: `Hand-off reader ${kind}`, access: 'READ' }],
    ] as const) {
      const made = await provider.request<{ createApiKey: { apiKey: { id: string }; secret: string } }>(CREATE_KEY, { input });
      const { apiKey, secret } = made.data!.createApiKey;
      keys[name] = { id: apiKey.id, tool: new GraphQLSession(stack.gatewayUrl, { authorization: `Bearer ${secret}` }) };
    }
  });

  const redeem = (token: string) => new GraphQLSession(stack.gatewayUrl).request<Redeemed>(REDEEM, { token });
  const issue = async (caller: GraphQLSession, email: string) => (await caller.request<Issued>(ISSUE, { email })).data!.issueSignInHandoff;

  it('a key issues a token for a person; the sign-in page redeems it once for the email only, and both are audited', async () => {
    const { handoff, errors } = await issue(keys.everywhere.tool, 'member@acme.local');
    expect(errors).toEqual([]);
    expect(handoff!.loginUrl).toMatch(new RegExp(`/login\\?data=${encodeURIComponent(handoff!.token)}$`));
    expect(Date.parse(handoff!.expiresAt) - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    const stored = await stack.db.query<{ row: string }>('SELECT t::text AS row FROM sign_in_handoffs t');
    expect(stored.some((row) => row.row.includes(handoff!.token))).toBe(false);

    const first = await redeem(handoff!.token);
    expect(first.data).toEqual({ redeemSignInHandoff: { email: 'member@acme.local', errors: [] } });
    expect(first.setCookies).toEqual([]);
    const again = await redeem(handoff!.token);
    expect(again.data!.redeemSignInHandoff).toMatchObject({ email: null, errors: [{ code: 'INVALID_TOKEN', field: 'token' }] });

    const audit = await stack.db.query<{ action: string; actor: string; key: string | null; after: { email: string } }>(
      `SELECT a.action, u.email AS actor, k.name AS key, a.after FROM audit_log a
         LEFT JOIN client_users u ON u.user_id = a.actor_user_id LEFT JOIN api_keys k ON k.key_id = a.api_key_id
        WHERE a.action LIKE 'user.sign_in_handoff_%' AND a.after->>'email' = 'member@acme.local' ORDER BY a.audit_id DESC LIMIT 2`,
    );
    expect(audit).toEqual([
      { action: 'user.sign_in_handoff_redeem', actor: null, key: null, after: expect.objectContaining({ email: 'member@acme.local' }) },
      {
        action: 'user.sign_in_handoff_issue',
        actor: 'admin@yozy.local',
        key: `Product hand-off ${kind}`,
        after: expect.objectContaining({ email: 'member@acme.local' }),
      },
    ]);
  });

  it('an expired token and a forged one are refused like a used one', async () => {
    const { handoff } = await issue(provider, 'admin@globex.local');
    await stack.db.query("UPDATE sign_in_handoffs SET expires_at = now() - interval '1 second' WHERE used_at IS NULL");
    expect((await redeem(handoff!.token)).data!.redeemSignInHandoff.errors).toEqual([
      { code: 'INVALID_TOKEN', field: 'token', message: 'That sign-in link has expired or was already used' },
    ]);
    expect((await redeem('forged-token-that-was-never-issued')).data!.redeemSignInHandoff.errors[0]?.code).toBe('INVALID_TOKEN');
  });

  it('a key that reaches one organisation issues for its people only; an organisation admin and a read-only key issue nothing', async () => {
    expect((await issue(keys.acme.tool, 'member@acme.local')).errors).toEqual([]);
    const [{ count: before }] = (await stack.db.query<{ count: number }>('SELECT count(*)::int AS count FROM sign_in_handoffs')) as [
      { count: number },
    ];
    expect((await issue(keys.acme.tool, 'admin@globex.local')).errors).toEqual([
      { code: 'NOT_FOUND', field: 'email', message: 'Nobody with this email' },
    ]);
    const acmeAdmin = await signedIn(stack.gatewayUrl, 'admin@acme.local');
    expect(codeOf(await acmeAdmin.request(ISSUE, { email: 'member@acme.local' }))).toBe('FORBIDDEN');
    const reader = await keys.reader.tool.request(ISSUE, { email: 'member@acme.local' });
    expect(reader.errors?.[0]).toMatchObject({ message: 'This API key may only read', extensions: { code: 'FORBIDDEN' } });
    expect(reader.status).toBe(200);
    const [{ count: after }] = (await stack.db.query<{ count: number }>('SELECT count(*)::int AS count FROM sign_in_handoffs')) as [
      { count: number },
    ];
    expect(after).toBe(before);
  });

  it('a wrong key is answered 401 with WWW-Authenticate: Bearer error="invalid_token"; a browser without a live session as before', async () => {
    const made = await provider.request<{ createApiKey: { apiKey: { id: string }; secret: string } }>(CREATE_KEY, {
      input: { name: `Revoked hand-off ${kind}`, access: 'READ' },
    });
    const { apiKey, secret } = made.data!.createApiKey;
    await provider.request(REVOKE_KEY, { id: apiKey.id });
    const wrong = {
      unknown: 'yozy_key_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      revoked: secret,
      malformed: 'not-a-key',
    };
    for (const [what, key] of Object.entries(wrong)) {
      const answer = await new GraphQLSession(stack.gatewayUrl, { authorization: `Bearer ${key}` }).request(USERS);
      expect(answer.status, what).toBe(401);
      expect(answer.headers.get('www-authenticate'), what).toMatch(/^Bearer realm="yozy", error="invalid_token"/);
      expect(answer.errors?.[0], what).toMatchObject({
        message: 'The API key is not valid or has been revoked',
        extensions: { code: 'UNAUTHENTICATED', requestId: expect.any(String) },
      });
      expect(answer.data, what).toBeUndefined();
    }
    // Even a public operation: a tool learns its key is wrong whatever it asks.
    expect(
      (await new GraphQLSession(stack.gatewayUrl, { authorization: `Bearer ${wrong.unknown}` }).request(REDEEM, { token: 'x' })).status,
    ).toBe(401);

    const browser = new GraphQLSession(stack.gatewayUrl);
    const stale = new GraphQLSession(stack.gatewayUrl);
    stale.cookies.set(SESSION_COOKIE, 'an-ended-session');
    for (const session of [browser, stale]) {
      const answer = await session.request(USERS);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('www-authenticate')).toBeNull();
      expect(answer.errors?.[0]).toMatchObject({ message: 'Sign in to continue', extensions: { code: 'UNAUTHENTICATED' } });
    }
    expect((await keys.everywhere.tool.request(USERS)).status).toBe(200);
  });
});
