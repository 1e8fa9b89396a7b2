import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpServer } from '@yozy/shared/server';
import { createUpstream, type Upstream, type UpstreamCall, type UpstreamPolicy } from './upstream';

/** A real HTTP server that answers as the test says, counting what reaches it. */
async function serve(answer: (req: IncomingMessage, res: ServerResponse, hit: number) => void) {
  let hits = 0;
  const server = createServer((req, res) => answer(req, res, ++hits));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/users/me`, hits: () => hits };
}

const servers: Server[] = [];
const upstreams: Upstream[] = [];
afterEach(async () => {
  upstreams.splice(0).forEach((upstream) => upstream.close());
  await Promise.all(
    servers.splice(0).map((server) => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    }),
  );
});

// Time limits roomy enough for a busy machine; the time-limit test sets its own.
const FAST: UpstreamPolicy = {
  timeoutMs: 2_000,
  retries: 2,
  minBackoffMs: 10,
  maxBackoffMs: 40,
  breaker: { windowMs: 10_000, volumeThreshold: 4, errorThresholdPercentage: 50, resetMs: 400 },
};

function upstreamWith(policy: UpstreamPolicy = FAST) {
  const upstream = createUpstream(policy);
  upstreams.push(upstream);
  const calls: UpstreamCall[] = [];
  upstream.onCall((call) => calls.push(call));
  return { upstream, calls };
}

/** A pause in which a call's connection is given back to the kept-alive ones. */
const idle = () => new Promise((resolve) => setTimeout(resolve, 50));

const code = (error: unknown) => (error as { extensions?: { code?: string } }).extensions?.code;

describe('calls of the REST service', () => {
  it('tries a read again after 503s and answers what the service then says', async () => {
    const api = await serve((_req, res, hit) => {
      res.statusCode = hit < 3 ? 503 : 200;
      res.end(JSON.stringify({ hit }));
    });
    const { upstream, calls } = upstreamWith();
    const answer = await upstream.fetch(api.url);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ hit: 3 });
    expect(api.hits()).toBe(3);
    expect(calls).toEqual([expect.objectContaining({ method: 'GET', path: '/users/me', outcome: 'ok' })]);
  });

  it('never sends a write twice: its 503 is answered as it came', async () => {
    const api = await serve((_req, res) => {
      res.statusCode = 503;
      res.end(JSON.stringify({ error: { code: 'INTERNAL', message: 'down' } }));
    });
    const { upstream, calls } = upstreamWith();
    const answer = await upstream.fetch(api.url, { method: 'POST', body: '{}' });
    expect(answer.status).toBe(503);
    expect(api.hits()).toBe(1);
    expect(calls.map((call) => call.outcome)).toEqual(['failed']);
  });

  it('does not try a refused or not-found read again: the service answered', async () => {
    const api = await serve((_req, res) => {
      res.statusCode = 404;
      res.end('{}');
    });
    const { upstream, calls } = upstreamWith();
    expect((await upstream.fetch(api.url)).status).toBe(404);
    expect(api.hits()).toBe(1);
    expect(calls.map((call) => call.outcome)).toEqual(['refused']);
  });

  it('gives up on a service that does not answer after its time limit, each attempt bounded', async () => {
    const api = await serve(() => undefined);
    const limited = { ...FAST, timeoutMs: 1_000, retries: 1 };
    const { upstream } = upstreamWith(limited);
    const started = performance.now();
    const failure = await upstream.fetch(api.url, { method: 'POST', body: '{}' }).catch((error: unknown) => error);
    const took = performance.now() - started;
    expect(code(failure)).toBe('UPSTREAM_UNAVAILABLE');
    expect(took).toBeGreaterThanOrEqual(limited.timeoutMs - 20);
    // A write is not tried again: one time limit, not two.
    expect(took).toBeLessThan(limited.timeoutMs * 2);
    // Sent once at most (on a busy machine the attempt may end before the server even sees it).
    expect(api.hits()).toBeLessThanOrEqual(1);
  });

  it('opens the breaker when the service keeps failing, answers at once while open, and closes by itself', async () => {
    let down = true;
    const api = await serve((_req, res) => {
      res.statusCode = down ? 500 : 200;
      res.end('{}');
    });
    const { upstream, calls } = upstreamWith();
    const states: string[] = [];
    upstream.onStateChange((state) => states.push(state));
    for (let i = 0; i < 4; i++) await upstream.fetch(api.url, { method: 'POST', body: '{}' }).catch(() => null);
    expect(upstream.state()).toBe('open');
    const reached = api.hits();
    const started = performance.now();
    const failure = await upstream.fetch(api.url).catch((error: unknown) => error);
    expect(code(failure)).toBe('UPSTREAM_UNAVAILABLE');
    expect(performance.now() - started).toBeLessThan(50);
    expect(api.hits()).toBe(reached);
    expect(calls.at(-1)?.outcome).toBe('unavailable');

    down = false;
    await new Promise((resolve) => setTimeout(resolve, FAST.breaker.resetMs + 50));
    expect((await upstream.fetch(api.url)).status).toBe(200);
    expect(upstream.state()).toBe('closed');
    expect(states).toEqual(['open', 'half-open', 'closed']);
  });

  it('answers UPSTREAM_UNAVAILABLE when nothing listens, after trying a read again', async () => {
    const api = await serve(() => undefined);
    const closedUrl = api.url;
    await new Promise((resolve) => servers.splice(0)[0]!.close(resolve));
    const { upstream } = upstreamWith();
    expect(code(await upstream.fetch(closedUrl).catch((error: unknown) => error))).toBe('UPSTREAM_UNAVAILABLE');
  });

  it('keeps its connections to the service open: 100 calls one after another use one or two, calls at once a few more', async () => {
    // The REST service's own server (its keep-alive time), counting the connections made to it.
    const server = createHttpServer((_req, res) => res.end('{"ok":true}'));
    let connections = 0;
    server.on('connection', () => connections++);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/users/me`;
    const { upstream } = upstreamWith();

    for (let i = 0; i < 100; i++) expect(await (await upstream.fetch(url)).text()).toBe('{"ok":true}');
    // undici may open a second one while the first is being given back; never one per call.
    expect(connections).toBeLessThanOrEqual(2);
    for (let round = 0; round < 10; round++) await Promise.all(Array.from({ length: 4 }, async () => (await upstream.fetch(url)).text()));
    // 40 calls, 4 at a time: the connections depend on how many run at once, not on how many are made.
    expect(connections).toBeLessThanOrEqual(12);
  });

  /**
   * A service that closes the connection it answered on when the next call arrives on it (its
   * idle time or a restart crossing the call); calls on a new connection are answered.
   */
  function closingReusedConnections() {
    const seen = new WeakSet<object>();
    return serve((req, res) => {
      if (seen.has(req.socket)) return void req.socket.destroy();
      seen.add(req.socket);
      res.end('{"ok":true}');
    });
  }

  it('sends a read again at once when the service closes its kept-alive connection as the read is sent, without counting a failure', async () => {
    const api = await closingReusedConnections();
    // A breaker that opens on the first failure: a closed connection counted as one would refuse the retry.
    const touchy = { ...FAST, breaker: { ...FAST.breaker, volumeThreshold: 1, errorThresholdPercentage: 1 } };
    const { upstream, calls } = upstreamWith(touchy);
    const states: string[] = [];
    upstream.onStateChange((state) => states.push(state));

    expect(await (await upstream.fetch(api.url)).json()).toEqual({ ok: true });
    // The connection is idle and kept: the next read is sent on it.
    await idle();
    const answer = await upstream.fetch(api.url);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ ok: true });
    expect(api.hits()).toBe(3);
    expect(states).toEqual([]);
    expect(upstream.state()).toBe('closed');
    expect(calls.map((call) => call.outcome)).toEqual(['ok', 'ok']);
  });

  it('never sends a write again when the service closes the connection under it', async () => {
    const api = await closingReusedConnections();
    const { upstream, calls } = upstreamWith();
    await (await upstream.fetch(api.url)).text();
    await idle();
    const failure = await upstream.fetch(api.url, { method: 'POST', body: '{}' }).catch((error: unknown) => error);
    expect(code(failure)).toBe('UPSTREAM_UNAVAILABLE');
    expect(api.hits()).toBe(2);
    expect(calls.map((call) => call.outcome)).toEqual(['ok', 'unavailable']);
  });

  it('bounds the whole answer by the time limit, its body too', async () => {
    const api = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"rows":[');
      // The rest never comes.
    });
    const { upstream } = upstreamWith({ ...FAST, timeoutMs: 300, retries: 0 });
    const started = performance.now();
    const failure = await upstream.fetch(api.url).catch((error: unknown) => error);
    expect(code(failure)).toBe('UPSTREAM_UNAVAILABLE');
    expect((failure as { extensions?: { reason?: string } }).extensions?.reason).toBe('timed out');
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('opens one connection per attempt of a read the service never answers, none for nothing', async () => {
    // Takes connections and never answers (a machine gone from the network).
    const sockets: Socket[] = [];
    const silent = createTcpServer((socket) => void sockets.push(socket.pause()));
    const connections = () => sockets.length;
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { upstream } = upstreamWith({ ...FAST, timeoutMs: 300, retries: 1 });
    const failure = await upstream
      .fetch(`http://127.0.0.1:${(silent.address() as AddressInfo).port}/users/me`)
      .catch((error: unknown) => error);
    expect(code(failure)).toBe('UPSTREAM_UNAVAILABLE');
    // Given time to open one more if it were going to.
    await idle();
    expect(connections()).toBe(2);
    await new Promise((resolve) => {
      for (const socket of sockets) socket.destroy();
      silent.close(resolve);
    });
  });
});
