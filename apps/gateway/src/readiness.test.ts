import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app';

/** The load balancer's own address: the whole of 127.0.0.0/8 is this machine. */
const PROXY = '127.0.0.2';

/** A GET from `localAddress`, as the operator (127.0.0.1) or the load balancer (PROXY) sends it. */
function fetchFrom(url: string, localAddress: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    get(url, { localAddress, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    }).on('error', reject);
  });
}

const listen = async (server: Server) => {
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

describe('readiness and metrics of a gateway behind a load balancer', () => {
  let rest: Server;
  const gateways: Server[] = [];
  let restUrl: string;

  async function gateway(redisUrl?: string): Promise<string> {
    const app = await createApp({
      subscriptionApiUrl: `${restUrl}/`,
      webDist: '/nonexistent',
      trustProxy: PROXY,
      publicUrl: 'http://127.0.0.1:4000',
      captchaSecret: 'readiness-test-captcha-secret-0123456789abcdef',
      serviceToken: 'readiness-test-service-token-0123456789abcdef',
      redisUrl,
    });
    const server = createServer(app);
    gateways.push(server);
    return listen(server);
  }

  beforeAll(async () => {
    // The REST service's health answer, and nothing else.
    rest = createServer((req, res) => {
      res.writeHead(req.url === '/health' ? 200 : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: 'ok', database: 'ok' }));
    });
    restUrl = await listen(rest);
  });
  afterAll(async () => {
    for (const server of [...gateways, rest]) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('is ready once the REST service answers; through the load balancer it says whether, never what', async () => {
    const url = await gateway();
    const direct = await fetchFrom(`${url}/readyz`, '127.0.0.1');
    expect({ status: direct.status, body: JSON.parse(direct.body) }).toEqual({
      status: 200,
      body: { status: 'ok', subscriptionApi: 'ok', database: 'ok', redis: 'not used' },
    });
    const proxied = await fetchFrom(`${url}/readyz`, PROXY);
    expect({ status: proxied.status, body: JSON.parse(proxied.body) }).toEqual({ status: 200, body: { status: 'ok' } });
  });

  it('serves metrics to the operator and never to the load balancer, whatever headers it sends or leaves out', async () => {
    const url = await gateway();
    expect((await fetchFrom(`${url}/metrics`, '127.0.0.1')).body).toContain('gateway_process_cpu_user_seconds_total');
    for (const headers of [{}, { 'x-real-ip': '203.0.113.9' }, { 'x-forwarded-for': '127.0.0.1' }] as Record<string, string>[]) {
      expect((await fetchFrom(`${url}/metrics`, PROXY, headers)).body).not.toContain('gateway_process_cpu_user_seconds_total');
    }
  });

  it('is not ready while the Redis that keeps its counters has never answered', async () => {
    // Nothing listens on port 1.
    const url = await gateway('redis://127.0.0.1:1');
    const answer = await fetchFrom(`${url}/readyz`, '127.0.0.1');
    expect({ status: answer.status, body: JSON.parse(answer.body) }).toEqual({
      status: 503,
      body: { status: 'unavailable', subscriptionApi: 'ok', database: 'ok', redis: 'not reached yet' },
    });
  });
});
