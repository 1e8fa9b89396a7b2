import { TEST_SECRET_KEY, TEST_SERVICE_TOKEN } from '../support/stack';
import type { Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp as createGateway, createHttpServer as createGatewayServer, type ServerTimeouts } from '@yozy/gateway';
import { createApp as createApi, createHttpServer as createApiServer, openDatabase, type Database } from '@yozy/subscription-api';

/**
 * A client that drips its headers or body a byte at a time is cut off once its time is up, so
 * a handful of them cannot hold the servers' connections. Both servers are built as their
 * index.ts builds them, with timeouts short enough for a test.
 */
const TIMEOUTS: ServerTimeouts = { headersMs: 1_000, requestMs: 2_000, keepAliveMs: 600, checkEveryMs: 200 };
/** What the server may overrun by: one check of its connections, and a loaded test machine. */
const SLACK_MS = TIMEOUTS.checkEveryMs + 1_000;

let db: Database;
const servers: Server[] = [];
const ports = { api: 0, gateway: 0 };

async function listen(server: Server): Promise<number> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  db = await openDatabase({ memory: true });
  ports.api = await listen(createApiServer(createApi({ db, serviceToken: TEST_SERVICE_TOKEN, secretKey: TEST_SECRET_KEY }), TIMEOUTS));
  const gateway = await createGateway({
    subscriptionApiUrl: `http://127.0.0.1:${ports.api}/`,
    webDist: fileURLToPath(new URL('../../apps/web/dist', import.meta.url)),
    trustProxy: 'loopback',
    publicUrl: 'http://127.0.0.1:4000',
    captchaSecret: 'slow-client-tests-captcha-secret-0123456789',
    serviceToken: TEST_SERVICE_TOKEN,
  });
  ports.gateway = await listen(createGatewayServer(gateway, TIMEOUTS));
});

afterAll(async () => {
  for (const server of servers) server.closeAllConnections();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  await db.close();
});

type Ending = { afterMs: number; received: string };

/**
 * Opens a raw connection, sends `head`, then `drip` one character every `everyMs` for as long as
 * the connection stays open; resolves when the server closes it (or after `giveUpMs`, as null).
 */
function drip(port: number, head: string, drip: string, everyMs = 100, giveUpMs = 15_000): Promise<Ending | null> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let received = '';
    let sent = 0;
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', () => undefined); // a reset is a close too
    socket.write(head);
    const timer = setInterval(() => {
      if (drip && !socket.destroyed) socket.write(drip[sent++ % drip.length]!);
    }, everyMs);
    const giveUp = setTimeout(() => {
      socket.destroy();
      resolve(null);
    }, giveUpMs);
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ afterMs: Date.now() - started, received });
    });
  });
}

const SERVERS = [
  { name: 'REST service', port: () => ports.api, post: '/users/signIn', health: '/health' },
  { name: 'gateway', port: () => ports.gateway, post: '/graphql', health: '/healthz' },
];

describe.each(SERVERS)('the $name', (server) => {
  it('cuts off a body dripped a byte at a time once the request time is up, answering 408', async () => {
    const head = `POST ${server.post} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{`;
    const ending = await drip(server.port(), head, ' ');
    expect(ending, 'the server kept the connection').not.toBeNull();
    expect(ending!.received).toMatch(/^HTTP\/1\.1 408 /);
    expect(ending!.afterMs).toBeGreaterThanOrEqual(TIMEOUTS.requestMs - 100);
    expect(ending!.afterMs).toBeLessThanOrEqual(TIMEOUTS.requestMs + SLACK_MS);
  });

  it('cuts off headers dripped a byte at a time once the headers time is up, answering 408', async () => {
    const head = `GET ${server.health} HTTP/1.1\r\nHost: localhost\r\nX-Slow: `;
    const ending = await drip(server.port(), head, 'a');
    expect(ending, 'the server kept the connection').not.toBeNull();
    expect(ending!.received).toMatch(/^HTTP\/1\.1 408 /);
    expect(ending!.afterMs).toBeLessThanOrEqual(TIMEOUTS.headersMs + SLACK_MS);
  });

  it('closes a kept-alive connection left idle after an answer', async () => {
    const ending = await drip(server.port(), `GET ${server.health} HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n`, '');
    expect(ending, 'the server kept the connection').not.toBeNull();
    expect(ending!.received).toMatch(/^HTTP\/1\.1 200 /);
    // Node gives a kept-alive connection up to a second beyond its time before closing it.
    expect(ending!.afterMs).toBeLessThanOrEqual(TIMEOUTS.keepAliveMs + 1_000 + SLACK_MS);
  });

  it('still answers a slow client that finishes in time', async () => {
    const body = '{"x":1}';
    const head = `POST ${server.post} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`;
    // The body arrives over 700 ms, well within the request time.
    const ending = await new Promise<Ending | null>((resolve) => {
      const socket = connect(server.port(), '127.0.0.1');
      const started = Date.now();
      let received = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (received += chunk));
      socket.on('close', () => resolve({ afterMs: Date.now() - started, received }));
      socket.write(head);
      [...body].forEach((char, i) => setTimeout(() => socket.write(char), 100 * (i + 1)));
    });
    expect(ending!.received).not.toMatch(/^HTTP\/1\.1 408 /);
    expect(ending!.received).toMatch(/^HTTP\/1\.1 [24]\d\d /);
  });
});
