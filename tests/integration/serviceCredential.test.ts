import { describe, expect, it } from 'vitest';
import { CLIENT_ADDRESS_HEADER, CLIENT_USER_AGENT_HEADER, SERVICE_TOKEN_HEADER } from '@yozy/shared';
import { issueToken } from '@yozy/subscription-api';
import { DEMO_PASSWORD, GraphQLSession } from '../support/graphql';
import { DATABASES, TEST_SERVICE_TOKEN } from '../support/stack';
import { useStack } from '../support/useStack';

const FORGED = { 'x-forwarded-for': '203.0.113.66', 'x-real-ip': '203.0.113.66', 'user-agent': 'forged-agent/1.0' };

/**
 * The REST service trusts only the gateway: whoever else reaches its port cannot sign in, use the
 * account flows or record captchas, and cannot choose what a session row says about its client.
 */
describe.each(DATABASES)('the REST service behind the gateway on %s', (kind) => {
  const stack = useStack(kind);

  async function rest(method: string, path: string, options: { body?: unknown; headers?: Record<string, string> } = {}) {
    const response = await fetch(`${stack.apiUrl}${path}`, {
      method,
      headers: { ...(options.body === undefined ? {} : { 'content-type': 'application/json' }), ...options.headers },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> & { error?: { code: string } } };
  }
  const asGateway = (headers: Record<string, string> = {}) => ({ [SERVICE_TOKEN_HEADER]: TEST_SERVICE_TOKEN, ...headers });

  /** Row counts of every table the gateway-only calls write to. */
  async function written() {
    const [row] = await stack.db.query<Record<string, number>>(
      `SELECT (SELECT count(*)::int FROM sessions) AS sessions,
              (SELECT count(*)::int FROM used_captchas) AS captchas,
              (SELECT count(*)::int FROM mail_outbox) AS mails,
              (SELECT count(*)::int FROM user_tokens) AS tokens,
              (SELECT count(*)::int FROM enquiries) AS enquiries,
              (SELECT count(*)::int FROM audit_log) AS audits,
              (SELECT string_agg(password_hash, ',' ORDER BY user_id) FROM client_users) AS passwords`,
    );
    return row;
  }

  async function calls() {
    const [user] = await stack.db.query<{ user_id: number; email: string }>(
      `SELECT user_id, email FROM client_users
        WHERE is_active AND password_hash IS NOT NULL AND email NOT LIKE 'admin@%' AND email <> 'member@acme.local'
        ORDER BY user_id LIMIT 1`,
    );
    const [invited] = await stack.db.query<{ user_id: number; email: string }>(
      "SELECT user_id, email FROM client_users WHERE password_hash IS NULL AND email LIKE '%@acme.local' LIMIT 1",
    );
    const reset = await issueToken(stack.db, { userId: user!.user_id, email: user!.email, purpose: 'reset' });
    const invite = await issueToken(stack.db, { userId: invited!.user_id, email: invited!.email, purpose: 'invite' });
    const [product] = await stack.db.query<{ product_id: number; plan_id: number }>(
      'SELECT p.product_id, pl.plan_id FROM products p JOIN plans pl ON pl.product_id = p.product_id WHERE p.is_active AND pl.is_active LIMIT 1',
    );
    const session = await rest('POST', 'users/signIn', {
      body: { email: 'admin@yozy.local', password: DEMO_PASSWORD },
      headers: asGateway(),
    });
    const sessionToken = session.body.token as string;
    return [
      ['POST', 'users/signIn', { email: 'admin@globex.local', password: DEMO_PASSWORD }],
      ['POST', 'captcha/consume', { signature: 'anonymous-signature', expiresAt: new Date(Date.now() + 60_000).toISOString() }],
      ['POST', 'auth/password/request', { email: 'admin@globex.local' }],
      ['POST', 'auth/password/linkverify', { email: user!.email, token: reset }],
      ['POST', 'auth/reset', { email: user!.email, token: reset, password: 'Taken@123', newpassword: 'Taken@123' }],
      [
        'POST',
        'auth/create/user',
        { email: invited!.email, token: invite, password: 'Taken@123', confirmpassword: 'Taken@123', firstname: 'A', lastname: 'B' },
      ],
      [
        'POST',
        'form/subscription_web_enquiry',
        {
          ClientCompanyName: 'Direct Caller Ltd',
          AdminFirstname: 'A',
          AdminLastname: 'B',
          AdminEmail: 'direct.caller@example.com',
          ContactName: 'C',
          ContactEmail: 'c@example.com',
          ProductId: product!.product_id,
          PlanId: product!.plan_id,
        },
      ],
      ['GET', `users/product-address?email=admin@acme.local`, undefined, { authorization: `Bearer ${sessionToken}` }],
    ] as [string, string, unknown, Record<string, string>?][];
  }

  it('refuses every gateway-only call without the service credential or with a wrong one, and writes nothing', async () => {
    const table = await calls();
    const before = await written();
    for (const credential of [
      {},
      { [SERVICE_TOKEN_HEADER]: 'not-the-token' },
      { [SERVICE_TOKEN_HEADER]: `${TEST_SERVICE_TOKEN}x` },
    ] as Record<string, string>[]) {
      for (const [method, path, body, headers] of table) {
        const answer = await rest(method, path, { body, headers: { ...FORGED, ...headers, ...credential } });
        expect({ path, status: answer.status, code: answer.body.error?.code }).toEqual({ path, status: 401, code: 'UNAUTHENTICATED' });
      }
    }
    expect(await written()).toEqual(before);
  });

  it('answers the same calls for the gateway', async () => {
    const table = await calls();
    const statuses = [];
    for (const [method, path, body, headers] of table)
      statuses.push((await rest(method, path, { body, headers: asGateway(headers) })).status);
    expect(statuses).toEqual([200, 201, 202, 200, 200, 200, 201, 200]);
  });

  it('never records forwarding headers or a user agent a caller sets itself on a session row', async () => {
    const answer = await rest('POST', 'users/signIn', {
      body: { email: 'admin@acme.local', password: DEMO_PASSWORD },
      headers: asGateway(FORGED),
    });
    expect(answer.status).toBe(200);
    const [row] = await stack.db.query<{ ip: string | null; user_agent: string | null }>(
      "SELECT ip, user_agent FROM sessions s JOIN client_users u ON u.user_id = s.user_id WHERE u.email = 'admin@acme.local' ORDER BY s.started_at DESC, s.session_id DESC LIMIT 1",
    );
    expect(row).toEqual({ ip: null, user_agent: null });
  });

  it("records the client's address and browser as the gateway reports them, and only a real address", async () => {
    const browser = new GraphQLSession(stack.gatewayUrl, { 'x-forwarded-for': '192.0.2.44', 'user-agent': 'Mozilla/5.0 (console test)' });
    expect((await browser.signIn('admin@globex.local')).data?.signIn.errors).toEqual([]);
    const latest = async () =>
      (
        await stack.db.query<{ ip: string | null; user_agent: string | null }>(
          "SELECT ip, user_agent FROM sessions s JOIN client_users u ON u.user_id = s.user_id WHERE u.email = 'admin@globex.local' ORDER BY s.started_at DESC, s.session_id DESC LIMIT 1",
        )
      )[0];
    expect(await latest()).toEqual({ ip: '192.0.2.44', user_agent: 'Mozilla/5.0 (console test)' });

    const odd = await rest('POST', 'users/signIn', {
      body: { email: 'admin@globex.local', password: DEMO_PASSWORD },
      headers: asGateway({ [CLIENT_ADDRESS_HEADER]: "1.2.3.4'; DROP TABLE sessions; --", [CLIENT_USER_AGENT_HEADER]: 'x'.repeat(2000) }),
    });
    expect(odd.status).toBe(200);
    const row = await latest();
    expect(row?.ip).toBeNull();
    expect(row?.user_agent).toHaveLength(512);
  });

  it('refuses a captcha expiry beyond the life of a challenge, such as the year 9999', async () => {
    for (const expiresAt of ['9999-12-31T23:59:59Z', new Date(Date.now() + 60 * 60_000).toISOString()]) {
      const answer = await rest('POST', 'captcha/consume', { body: { signature: `far-${expiresAt}`, expiresAt }, headers: asGateway() });
      expect(answer).toMatchObject({ status: 400, body: { error: { code: 'BAD_REQUEST', field: 'expiresAt' } } });
    }
    expect(await stack.db.query("SELECT 1 FROM used_captchas WHERE signature LIKE 'far-%'")).toEqual([]);
    const fresh = await rest('POST', 'captcha/consume', {
      body: { signature: 'near', expiresAt: new Date(Date.now() + 10 * 60_000).toISOString() },
      headers: asGateway(),
    });
    expect(fresh.status).toBe(201);
  });
});
