import { TEST_SERVICE_TOKEN } from '../support/stack';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp as createGateway } from '@yozy/gateway';

/**
 * A browser opening /graphql never gets a page that loads anything from another site (Apollo's
 * own landing pages load their scripts from Apollo's servers). Production serves no page at all.
 */

const servers: Server[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A gateway alone: opening its landing page needs no subscription service behind it. */
async function gateway(nodeEnv: string): Promise<string> {
  const app = await createGateway({
    subscriptionApiUrl: 'http://127.0.0.1:9/',
    webDist: fileURLToPath(new URL('../../apps/web/dist', import.meta.url)),
    trustProxy: 'loopback',
    captchaSecret: 'landing-page-tests-captcha-secret-0123456789',
    serviceToken: TEST_SERVICE_TOKEN,
    nodeEnv,
  });
  const server = createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** What a browser sends when its address bar opens the URL. */
const BROWSER = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

function expectNothingFromElsewhere(html: string) {
  expect(html).not.toMatch(/<script|<link|<iframe|<img|@import/i);
  expect(html).not.toMatch(/\b(src|href)\s*=/i);
  expect(html).not.toMatch(/apollographql\.com|https?:\/\//i);
}

describe('GET /graphql in a browser', () => {
  it('in development, shows a plain page of its own that says how to query', async () => {
    const url = await gateway('development');
    const response = await fetch(`${url}/graphql`, { headers: BROWSER });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expectNothingFromElsewhere(html);
    expect(html).toContain('POST');
    expect(html).toContain('application/json');
    // Even a page that tried could not: the console's policy allows scripts from itself only.
    expect(response.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
  });

  it('in production, serves no page', async () => {
    const url = await gateway('production');
    const response = await fetch(`${url}/graphql`, { headers: BROWSER });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).not.toMatch(/text\/html/);
    expectNothingFromElsewhere(await response.text());
  });

  it('in production, does not describe the schema to anyone who asks', async () => {
    const url = await gateway('production');
    const response = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __schema { types { name } } }' }),
    });
    const body = (await response.json()) as { data?: unknown; errors?: { message: string }[] };
    expect(body.data).toBeUndefined();
    expect(body.errors?.[0]?.message).toMatch(/introspection/i);
  });
});
