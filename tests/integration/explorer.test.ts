import { beforeAll, describe, expect, it } from 'vitest';
import { GraphQLSession, signedIn } from '../support/graphql';
import { useStack } from '../support/useStack';

/**
 * GET /graphql in a browser is the GraphQL explorer (GraphiQL, bundled with the gateway): for a
 * signed-in SuperAdmin or a request with an API key, loading nothing from another site. The schema
 * is described to them only.
 */

/** What a browser sends when its address bar opens the URL. */
const BROWSER = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
const INTROSPECTION = '{ __schema { queryType { name } } }';

describe('the GraphQL explorer', () => {
  const stack = useStack('pglite');
  let provider: GraphQLSession;
  let tool: GraphQLSession;

  beforeAll(async () => {
    provider = await signedIn(stack.gatewayUrl, 'admin@yozy.local');
    const created = await provider.request<{ createApiKey: { secret: string } }>(
      'mutation { createApiKey(input: { name: "Explorer test", access: READ }) { secret } }',
    );
    tool = new GraphQLSession(stack.gatewayUrl, { authorization: `Bearer ${created.data!.createApiKey.secret}` });
  });

  it('is served to a signed-in SuperAdmin, with every script and style from the gateway itself', async () => {
    const response = await provider.get('/graphql', BROWSER);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const html = await response.text();
    const sources = [...html.matchAll(/\b(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) expect(source).toMatch(/^\/explorer\/assets\//);
    expect(html).not.toMatch(/https?:\/\//);
    // Even a page that tried could not: scripts come from the gateway's own origin only.
    expect(response.headers.get('content-security-policy')).toMatch(/script-src 'self'(;|$)/);
    for (const source of sources) {
      const asset = await fetch(`${stack.gatewayUrl}${source}`);
      expect(asset.status, source).toBe(200);
    }
  });

  it('is served to a request with an API key, and its schema is described to both', async () => {
    expect((await tool.get('/graphql', BROWSER)).status).toBe(200);
    for (const caller of [provider, tool]) {
      const answer = await caller.request<{ __schema: { queryType: { name: string } } }>(INTROSPECTION);
      expect(answer.data).toEqual({ __schema: { queryType: { name: 'Query' } } });
    }
  });

  it('is refused to an organisation admin and to someone signed out, with a page that loads nothing', async () => {
    const orgAdmin = await signedIn(stack.gatewayUrl, 'admin@acme.local');
    const cases = [
      [orgAdmin, 403],
      [new GraphQLSession(stack.gatewayUrl), 401],
    ] as const;
    for (const [caller, status] of cases) {
      const response = await caller.get('/graphql', BROWSER);
      expect(response.status).toBe(status);
      const html = await response.text();
      expect(html).not.toMatch(/<script|<link|<iframe|<img|@import|\b(src|href)\s*=/i);
      const answer = await caller.request(INTROSPECTION);
      expect(answer.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect(answer.data).toBeUndefined();
      // Hidden in a fragment, the question is still refused.
      const hidden = await caller.request('query { ...Q } fragment Q on Query { __type(name: "Query") { name } }');
      expect(hidden.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
  });

  it('leaves GraphQL itself as it was: a POST answers, a GET with a query answers JSON', async () => {
    const answer = await provider.request<{ viewer: { email: string } }>('{ viewer { email } }');
    expect(answer.data!.viewer.email).toBe('admin@yozy.local');
    const viaGet = await provider.get(`/graphql?query=${encodeURIComponent('{ __typename }')}`, { 'apollo-require-preflight': 'true' });
    expect(viaGet.headers.get('content-type')).toMatch(/application\/json/);
  });
});
