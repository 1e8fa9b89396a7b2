import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpFetch } from './httpFetch';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    }),
  );
});

async function serve(answer: (req: IncomingMessage, res: ServerResponse, body: string) => void) {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => answer(req, res, body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const fetch = createHttpFetch();

describe('the fetch towards the REST service', () => {
  it('sends the method, path, query, headers and body, and hands back status, headers and body', async () => {
    const base = await serve((req, res, body) => {
      res.setHeader('content-type', 'application/json');
      res.setHeader('content-range', '0-0/7');
      res.statusCode = 201;
      res.end(JSON.stringify({ method: req.method, url: req.url, token: req.headers['x-service-token'], body: JSON.parse(body) }));
    });
    const answer = await fetch(`${base}/users?offset=0&name=Zoë`, {
      method: 'POST',
      headers: { 'x-service-token': 'secret', 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Zoë Ångström' }),
    });
    expect(answer.status).toBe(201);
    expect(answer.ok).toBe(true);
    expect(answer.headers.get('content-range')).toBe('0-0/7');
    expect(answer.url).toBe(`${base}/users?offset=0&name=Zoë`);
    const copy = answer.clone();
    expect(await answer.json()).toEqual({
      method: 'POST',
      url: '/users?offset=0&name=Zo%C3%AB',
      token: 'secret',
      body: { name: 'Zoë Ångström' },
    });
    expect(answer.bodyUsed).toBe(true);
    await expect(answer.text()).rejects.toThrow(/already used/);
    expect(JSON.parse(await copy.text())).toMatchObject({ method: 'POST' });
  });

  it('hands back a refusal as an answer, not an error', async () => {
    const base = await serve((_req, res) => {
      res.statusCode = 404;
      res.end('{"error":{"code":"NOT_FOUND"}}');
    });
    const answer = await fetch(`${base}/users/9`);
    expect(answer.status).toBe(404);
    expect(answer.ok).toBe(false);
    expect(await answer.json()).toEqual({ error: { code: 'NOT_FOUND' } });
  });

  it('keeps to the time limit while the body is still coming, and says why it stopped', async () => {
    const base = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"rows":[');
      // The rest never comes.
    });
    const started = Date.now();
    const failure = await fetch(`${base}/slow`, { signal: AbortSignal.timeout(200) }).catch((error: unknown) => error);
    expect((failure as Error).name).toBe('TimeoutError');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('fails with the reason when nothing answers at the address', async () => {
    const base = await serve(() => undefined);
    servers.splice(0).forEach((server) => server.close());
    await new Promise((resolve) => setTimeout(resolve, 50));
    const failure = await fetch(`${base}/users`).catch((error: unknown) => error);
    expect((failure as { code?: string }).code).toBe('ECONNREFUSED');
  });
});
