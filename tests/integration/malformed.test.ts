import { describe, expect, it } from 'vitest';
import { GraphQLSession, signedIn } from '../support/graphql';
import { SERVICE_TOKEN_HEADER } from '@yozy/shared';
import { TEST_SERVICE_TOKEN } from '../support/stack';
import { useStack } from '../support/useStack';

/** Nothing a caller sends may produce a stack trace or an internal path in the answer. */
function expectNoInternals(text: string) {
  expect(text).not.toMatch(/\bat .+:\d+:\d+|node_modules|\/work\/|stacktrace/i);
}

describe('malformed requests', () => {
  const stack = useStack('pglite');

  async function rest(path: string, init: RequestInit = {}) {
    // As the gateway calls it: with the service credential.
    const response = await fetch(`${stack.apiUrl}${path}`, {
      ...init,
      headers: { ...(init.headers as Record<string, string> | undefined), [SERVICE_TOKEN_HEADER]: TEST_SERVICE_TOKEN },
    });
    const text = await response.text();
    expectNoInternals(text);
    return { status: response.status, body: JSON.parse(text) as { error: { code: string; message: string; field?: string } } };
  }

  async function token(): Promise<string> {
    const answer = await rest('users/signIn', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@yozy.local', password: 'Admin@123' }),
    });
    return (answer.body as unknown as { token: string }).token;
  }

  describe('at the REST service', () => {
    it.each([
      ['bad JSON', '{"email": "admin@acme.local",', 'BAD_REQUEST', undefined],
      ['a missing password', '{"email": "admin@acme.local"}', 'BAD_REQUEST', 'password'],
      ['a wrong-typed email', '{"email": 42, "password": "x"}', 'BAD_REQUEST', 'email'],
      ['an empty email', '{"email": "  ", "password": "x"}', 'BAD_REQUEST', 'email'],
    ])('answers 400 to sign-in with %s', async (_case, body, code, field) => {
      const answer = await rest('users/signIn', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe(code);
      expect(answer.body.error.field).toBe(field);
      expect(answer.body.error.message).toBeTruthy();
    });

    it.each([
      ['NoSuchField=eq.1', 'NoSuchField'],
      ['ClientId=1', 'ClientId'],
      ['ClientId=eq.abc', 'ClientId'],
      ['ClientId=like', 'ClientId'],
      ['select=ClientId,Password', 'select'],
      ['order=ClientId.sideways', 'order'],
      ['limit=5000', 'limit'],
      ['offset=-1', 'offset'],
      ['DateOnboarded=gt.yesterday', 'DateOnboarded'],
    ])('answers 400 naming the field for ?%s', async (query, field) => {
      const answer = await rest(`subscription_client_details?${query}`, { headers: { authorization: `Bearer ${await token()}` } });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatchObject({ code: 'BAD_REQUEST', field });
    });

    it('answers 404 in JSON for an unknown resource', async () => {
      const answer = await rest('no_such_table', { headers: { authorization: `Bearer ${await token()}` } });
      expect(answer.status).toBe(404);
      expect(answer.body.error.code).toBe('NOT_FOUND');
    });

    it('describes itself in an OpenAPI document', async () => {
      const response = await fetch(`${stack.apiUrl}openapi.json`);
      const document = (await response.json()) as { openapi: string; paths: Record<string, unknown> };
      expect(document.openapi).toMatch(/^3\./);
      expect(Object.keys(document.paths)).toEqual(
        expect.arrayContaining(['/users/signIn', '/users/signOut', '/users/me', '/subscription_client_details', '/health']),
      );
    });
  });

  describe('at the gateway', () => {
    async function post(body: string, contentType = 'application/json') {
      const response = await fetch(`${stack.gatewayUrl}/graphql`, { method: 'POST', headers: { 'content-type': contentType }, body });
      const text = await response.text();
      expectNoInternals(text);
      return { status: response.status, body: JSON.parse(text) as { errors?: { message: string; extensions?: { code?: string } }[] } };
    }

    it('answers 400 in JSON to a body that is not JSON', async () => {
      const answer = await post('{"query": ');
      expect(answer.status).toBe(400);
      expect(answer.body.errors?.[0]?.message).toBe('Malformed JSON body');
    });

    it('answers 400 to a query with a syntax error', async () => {
      const answer = await post(JSON.stringify({ query: '{ viewer { email }' }));
      expect(answer.status).toBe(400);
      expect(answer.body.errors?.[0]?.extensions?.code).toBe('GRAPHQL_PARSE_FAILED');
    });

    it('refuses an oversized query before running it', async () => {
      const answer = await post(JSON.stringify({ query: `{ viewer { ${'email '.repeat(2500)}} }` }));
      expect(answer.status).toBe(400);
      expect(answer.body.errors?.[0]?.extensions?.code).toBe('GRAPHQL_PARSE_FAILED');
    });

    it('answers BAD_USER_INPUT for a missing or wrong-typed variable', async () => {
      const query = 'mutation($input: SignInInput!) { signIn(input: $input) { errors { code } } }';
      const missing = await post(JSON.stringify({ query, variables: { input: { email: 'a@b.c' } } }));
      const wrongType = await post(JSON.stringify({ query, variables: { input: { email: 5, password: 'x' } } }));
      expect(missing.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      expect(wrongType.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    });

    it('refuses a form post, which a cross-site page could send (CSRF)', async () => {
      const answer = await post('query=%7Bviewer%7Bemail%7D%7D', 'application/x-www-form-urlencoded');
      expect(answer.status).toBe(400);
    });

    it('returns sign-in field problems in errors with the field named', async () => {
      const session = new GraphQLSession(stack.gatewayUrl);
      const answer = await session.request<{ signIn: { errors: { code: string; field: string }[] } }>(
        'mutation($captcha: String!) { signIn(input: { email: "", password: "x", captcha: $captcha }) { errors { code field message } } }',
        { captcha: await session.captcha() },
      );
      expect(answer.data?.signIn.errors[0]).toMatchObject({ code: 'BAD_USER_INPUT', field: 'email' });
    });

    it('answers BAD_USER_INPUT for an organisation id that is not a number', async () => {
      const admin = await signedIn(stack.gatewayUrl, 'admin@yozy.local');
      const answer = await admin.request('{ organization(id: "1 OR 1=1") { id } }');
      expect(answer.errors?.[0]?.extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'id', requestId: expect.any(String) });
    });

    it('reports itself healthy and ready', async () => {
      expect((await fetch(`${stack.gatewayUrl}/healthz`)).status).toBe(200);
      const ready = await fetch(`${stack.gatewayUrl}/readyz`);
      expect(ready.status).toBe(200);
      // The test stack trusts loopback as its proxy: through a proxy, readiness says whether, never what.
      expect(await ready.json()).toEqual({ status: 'ok' });
    });
  });
});
