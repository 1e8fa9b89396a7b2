import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { useStack } from '../support/useStack';

/**
 * Requests neither server can read are the caller's mistake, and the answer says which: an
 * unsupported charset or encoding is a 415, a path out of the assets folder a 404. None of them
 * is "Something went wrong on our side", which is for our own failures.
 */

type Answer = { status: number; text: string; json: { error?: { code: string; message: string }; errors?: { message: string }[] } };

/** A raw request: fetch would tidy `..` out of a path before sending it. */
function raw(base: string, path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  const url = new URL(base);
  return new Promise<Answer>((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, method: init.method ?? 'GET', headers: init.headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        expect(res.headers['content-type'], `${path}: ${text}`).toMatch(/^application\/json/);
        resolve({ status: res.statusCode!, text, json: JSON.parse(text) as Answer['json'] });
      });
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

const messageOf = (answer: Answer) => answer.json.error?.message ?? answer.json.errors?.[0]?.message ?? '';

const SIGN_IN_BODY = JSON.stringify({ email: 'admin@acme.local', password: 'Admin@123' });
const GRAPHQL_BODY = JSON.stringify({ query: '{ viewer { id } }' });

describe('requests the servers cannot read', () => {
  const stack = useStack('pglite');

  const servers = () => [
    { name: 'REST service', base: stack.apiUrl, path: '/users/signIn', body: SIGN_IN_BODY },
    { name: 'gateway', base: stack.gatewayUrl, path: '/graphql', body: GRAPHQL_BODY },
  ];

  it.each(['latin1', 'iso-8859-1', 'windows-1252', 'ascii', 'x-unknown'])(
    'answers 415 to JSON in charset %s, saying so',
    async (charset) => {
      for (const server of servers()) {
        const answer = await raw(server.base, server.path, {
          method: 'POST',
          headers: { 'content-type': `application/json; charset=${charset}` },
          body: server.body,
        });
        expect(answer.status, `${server.name}: ${answer.text}`).toBe(415);
        expect(messageOf(answer), server.name).toMatch(/charset/i);
        expect(messageOf(answer).toLowerCase(), server.name).toContain(`"${charset}"`);
        expect(answer.text).not.toMatch(/Something went wrong/);
      }
    },
  );

  it('answers 415 to a body in an encoding it cannot undo', async () => {
    for (const server of servers()) {
      const answer = await raw(server.base, server.path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-encoding': 'compress' },
        body: server.body,
      });
      expect(answer.status, `${server.name}: ${answer.text}`).toBe(415);
      expect(messageOf(answer), server.name).toMatch(/Content-Encoding "compress"/);
    }
  });

  it('answers 413 to a body over the limit, on both servers', async () => {
    for (const server of servers()) {
      const answer = await raw(server.base, server.path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: 'x'.repeat(2_000_000) }),
      });
      expect(answer.status, server.name).toBe(413);
      expect(messageOf(answer), server.name).toBe('Request body too large');
    }
  });

  it('answers 415 when the REST service is sent a body that is not JSON', async () => {
    const answer = await raw(stack.apiUrl, '/users/signIn', {
      method: 'POST',
      headers: { 'content-type': 'application/xml' },
      body: '<signIn><email>admin@acme.local</email></signIn>',
    });
    expect(answer.status).toBe(415);
    expect(answer.json.error).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Unsupported Content-Type: send the body as application/json',
    });
  });

  it('reads an empty POST without a Content-Type as no body, as the gateway sends one', async () => {
    const answer = await raw(stack.apiUrl, '/users/signOut', { method: 'POST', headers: { 'content-length': '0' } });
    // Past the body check to the session check: no token was sent.
    expect(answer.status).toBe(401);
  });

  it.each([
    '/assets/../../package.json',
    '/assets/../../../package.json',
    '/assets/..%2f..%2fpackage.json',
    '/assets/%2e%2e/%2e%2e/package.json',
    '/assets/%2E%2E%2F%2E%2E%2Fpackage.json',
    '/assets/..%5c..%5cpackage.json',
    '/assets/%252e%252e/%252e%252e/package.json',
    '/assets/%2e%2e%2f%2e%2e%2f%2e%2e%2fapps%2fgateway%2fsrc%2fconfig.ts',
    '/assets/%00',
    '/assets/%E0%A4%A',
    '/assets/index.js%00.map',
  ])('answers 404 to %s, which tries to leave the assets folder', async (path) => {
    const answer = await raw(stack.gatewayUrl, path);
    expect(answer.status, answer.text).toBe(404);
    expect(messageOf(answer)).toBe('Not found');
    expect(answer.text).not.toMatch(/yozy-admin-console|workspaces|Something went wrong/);
  });
});
