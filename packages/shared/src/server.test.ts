import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createHttpServer, gracefulStop, RETRY_AFTER_SECONDS } from './server';

type Answer = { status: number; retryAfter?: string; body: string };

function get(port: number, agent: Agent, path = '/'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, retryAfter: res.headers['retry-after'], body }));
    })
      .on('error', reject)
      .end();
  });
}

describe('a service that stops', () => {
  it('finishes the request in flight, refuses the next one on an open connection with 503 and Retry-After, then closes', async () => {
    const server = createHttpServer();
    const graceful = gracefulStop(server);
    let release: () => void = () => undefined;
    const slowStarted = new Promise<void>((started) => {
      server.on('request', (req, res) =>
        graceful.refuseWhileStopping(req, res, () => {
          if (req.url === '/slow') {
            started();
            release = () => res.end('slow done');
          } else res.end('quick');
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const agent = new Agent({ keepAlive: true, maxSockets: 2 });
    // Two kept-alive connections: one busy with a slow request, the other idle after a quick one.
    expect((await get(port, agent)).body).toBe('quick');
    const slow = get(port, agent, '/slow');
    await slowStarted;

    let stopped = false;
    const stopping = graceful.stop(5_000).then(() => (stopped = true));
    expect(graceful.stopping).toBe(true);
    const during = await get(port, new Agent({ keepAlive: true })).catch((error: NodeJS.ErrnoException) => error.code);
    // A new connection is not taken any more.
    expect(during).toBe('ECONNREFUSED');
    expect(stopped).toBe(false);

    release();
    expect(await slow).toEqual(expect.objectContaining({ status: 200, body: 'slow done' }));
    await stopping;
    expect(stopped).toBe(true);
    agent.destroy();
  });

  it('answers a request that arrives while stopping 503 with Retry-After', async () => {
    const server = createHttpServer();
    const graceful = gracefulStop(server);
    server.on('request', (req, res) => graceful.refuseWhileStopping(req, res, () => res.end('served')));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const stopping = graceful.stop(1_000);
    // A request already on its way when the stop began (here: handed straight to the handler).
    const answer = await new Promise<Answer>((resolve) => {
      const res = {
        statusCode: 0,
        headers: {} as Record<string, string>,
        setHeader(name: string, value: string) {
          this.headers[name] = value;
        },
        end(body: string) {
          resolve({ status: this.statusCode, retryAfter: this.headers['retry-after'], body });
        },
      };
      graceful.refuseWhileStopping({} as never, res as never, () => resolve({ status: 200, body: 'served' }));
    });
    expect(answer.status).toBe(503);
    expect(answer.retryAfter).toBe(String(RETRY_AFTER_SECONDS));
    expect(JSON.parse(answer.body)).toEqual({ error: { code: 'UNAVAILABLE', message: expect.stringMatching(/restarting/) } });
    await stopping;
  });
});
