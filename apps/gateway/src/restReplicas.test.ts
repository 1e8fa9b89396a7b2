import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createRestFetch } from './restFetch';

/** A REST instance that answers every call with its own name. */
async function instance(name: string): Promise<{ url: string; server: Server; calls: string[] }> {
  const calls: string[] = [];
  const server = createServer((req, res) => {
    calls.push(`${req.method} ${req.url}`);
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ name })));
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server, calls };
}

const stop = (server: Server) => {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(resolve));
};

describe('calls spread over several REST instances', () => {
  const running: Server[] = [];
  afterEach(async () => {
    await Promise.all(
      running
        .splice(0)
        .filter((server) => server.listening)
        .map(stop),
    );
  });

  it('go to every instance in turn, made to the first one’s address', async () => {
    const [a, b] = [await instance('a'), await instance('b')];
    running.push(a.server, b.server);
    const send = createRestFetch(5_000, undefined, [a.url, b.url]);
    const names = [];
    for (let i = 0; i < 10; i++) names.push(((await (await send(`${a.url}users/me`)).json()) as { name: string }).name);
    await send.close();
    expect(new Set(names)).toEqual(new Set(['a', 'b']));
    expect(a.calls.length + b.calls.length).toBe(10);
  });

  it('go to the instance still up when one refuses connections, writes included, and none fails', async () => {
    const [a, b] = [await instance('a'), await instance('b')];
    running.push(a.server, b.server);
    await stop(a.server);
    const send = createRestFetch(5_000, undefined, [a.url, b.url]);
    const answers = [];
    for (let i = 0; i < 6; i++) {
      const method = i % 2 ? 'POST' : 'GET';
      const answer = await send(`${a.url}subscription_groups`, { method, body: method === 'POST' ? '{}' : undefined });
      answers.push(`${method} ${answer.status} ${((await answer.json()) as { name: string }).name}`);
    }
    await send.close();
    expect(answers).toEqual(['GET 200 b', 'POST 200 b', 'GET 200 b', 'POST 200 b', 'GET 200 b', 'POST 200 b']);
    expect(b.calls.filter((call) => call.startsWith('POST'))).toHaveLength(3);
  });
});
