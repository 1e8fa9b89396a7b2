import { describe, expect, it } from 'vitest';
import { startFaultyProxy, type FaultyProxy } from '../support/faultyProxy';
import { GraphQLSession, signedIn, VIEWER } from '../support/graphql';
import { DATABASES } from '../support/stack';
import { useStack } from '../support/useStack';
import { get as httpGet } from 'node:http';
import type { UpstreamPolicy } from '@yozy/gateway';

/**
 * The network between the gateway and the REST service fails in the ways real ones do, through a
 * TCP proxy the test controls: no request waits past its time limit, reads are tried again and
 * writes never, the breaker opens so answers come at once, and everything recovers by itself.
 */

const POLICY: UpstreamPolicy = {
  timeoutMs: 2_500,
  retries: 1,
  minBackoffMs: 10,
  maxBackoffMs: 40,
  breaker: { windowMs: 10_000, volumeThreshold: 6, errorThresholdPercentage: 50, resetMs: 1_000 },
};

/** The longest a read may take when every attempt times out: two attempts and a backoff, with room for a busy machine. */
const READ_BOUND_MS = POLICY.timeoutMs * (POLICY.retries + 1) + 1_000;

type Viewer = { viewer: { email: string } | null };

async function timed<T>(work: () => Promise<T>): Promise<{ answer: T; ms: number }> {
  const started = performance.now();
  const answer = await work();
  return { answer, ms: performance.now() - started };
}

async function breakerState(gatewayUrl: string): Promise<number> {
  const text = await (await fetch(`${gatewayUrl}/metrics`)).text();
  const line = text.split('\n').find((entry) => entry.startsWith('gateway_rest_breaker_state '));
  return Number(line?.split(' ')[1]);
}

describe('faults between the gateway and the REST service', () => {
  let proxy: FaultyProxy | undefined;
  const stack = useStack('pglite', {
    upstream: POLICY,
    // The breaker's state is read from /metrics, which a trusted proxy's connections never get.
    trustProxy: 'none',
    apiVia: async (apiUrl) => (proxy = await startFaultyProxy(apiUrl)).url,
  });
  const faults = () => proxy!;

  it('survives latency, answers UPSTREAM_UNAVAILABLE within the time limit, opens the breaker and closes it again', async () => {
    const session = await signedIn(stack.gatewayUrl, 'admin@acme.local');
    expect((await session.request<Viewer>(VIEWER)).data?.viewer?.email).toBe('admin@acme.local');

    // Slower than usual, well inside the limit: answered as usual.
    faults().set({ kind: 'latency', ms: 100 });
    expect((await session.request<Viewer>(VIEWER)).data?.viewer?.email).toBe('admin@acme.local');

    // A machine gone from the network: the read is tried twice, each attempt bounded, then refused clearly.
    faults().set({ kind: 'blackhole' });
    let before = faults().connections();
    const read = await timed(() => session.request<Viewer>(VIEWER));
    expect(read.answer.errors?.[0]?.extensions).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });
    expect(read.answer.errors?.[0]?.message).toMatch(/not answering/);
    expect(read.ms).toBeLessThan(READ_BOUND_MS);
    expect(faults().connections() - before).toBe(POLICY.retries + 1);

    // A write is sent once: the service may have done it before the answer was lost.
    before = faults().connections();
    const stranger = new GraphQLSession(stack.gatewayUrl);
    const write = await timed(() => stranger.signIn('admin@acme.local'));
    expect(write.answer.errors?.[0]?.extensions).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });
    expect(write.ms).toBeLessThan(POLICY.timeoutMs + 1_000);
    expect(faults().connections() - before).toBe(1);

    // Connections reset as they open: refused at once, until the breaker opens.
    faults().set({ kind: 'reset' });
    for (let i = 0; i < 4 && (await breakerState(stack.gatewayUrl)) !== 2; i++) await session.request(VIEWER);
    expect(await breakerState(stack.gatewayUrl)).toBe(2);

    // Open: answered in milliseconds without calling the service at all.
    before = faults().connections();
    const open = await timed(() => session.request<Viewer>(VIEWER));
    expect(open.answer.errors?.[0]?.extensions).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });
    expect(open.ms).toBeLessThan(200);
    expect(faults().connections()).toBe(before);

    // The network is back: after the breaker's wait one call tries, succeeds, and it closes by itself.
    faults().set({ kind: 'pass' });
    await new Promise((resolve) => setTimeout(resolve, POLICY.breaker.resetMs + 100));
    expect((await session.request<Viewer>(VIEWER)).data?.viewer?.email).toBe('admin@acme.local');
    expect(await breakerState(stack.gatewayUrl)).toBe(0);
  });

  it('counts the calls and their outcomes where an operator reads them', async () => {
    const text = await (await fetch(`${stack.gatewayUrl}/metrics`)).text();
    expect(text).toMatch(/gateway_rest_calls_total\{method="GET",path="\/users\/me",outcome="unavailable"\} [1-9]/);
    expect(text).toMatch(/gateway_requests_total\{operation="none",outcome="UPSTREAM_UNAVAILABLE"\} [1-9]/);
    expect(text).toContain('gateway_request_duration_seconds_bucket');
    expect(text).toContain('gateway_process_resident_memory_bytes');
  });
});

/** A GET as a load balancer on this machine sends it, from an address of its own (127.0.0.2, as the cluster's nginx binds). */
function throughProxy(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpGet(url, { localAddress: PROXY_ADDRESS, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
}
const PROXY_ADDRESS = '127.0.0.2';

describe('metrics are for the operator only', () => {
  // The gateway trusts one proxy, on an address of its own; the operator scrapes from 127.0.0.1.
  const stack = useStack('pglite', { trustProxy: PROXY_ADDRESS });

  it('are refused to whatever came through the proxy, by its address alone, and readiness says only whether', async () => {
    // No forwarding header at all, only one nginx may be set to send: still the proxy's connection.
    const proxied = await throughProxy(`${stack.gatewayUrl}/metrics`, { 'x-real-ip': '203.0.113.9' });
    expect(proxied.body).not.toContain('gateway_requests_total');
    const ready = await throughProxy(`${stack.gatewayUrl}/readyz`);
    expect({ status: ready.status, body: JSON.parse(ready.body) }).toEqual({ status: 200, body: { status: 'ok' } });
    const direct = await fetch(`${stack.gatewayUrl}/readyz`);
    expect(await direct.json()).toEqual({ status: 'ok', subscriptionApi: 'ok', database: 'ok', redis: 'not used' });
  });

  it('are refused to a request a proxy forwarded, and the REST service keeps its own', async () => {
    const forwarded = await fetch(`${stack.gatewayUrl}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    // Answered as any unknown path is (the console's page, or 404 without a build): never the metrics.
    expect(await forwarded.text()).not.toContain('gateway_requests_total');
    expect(await (await fetch(`${stack.gatewayUrl}/metrics`)).text()).toContain('gateway_requests_total');
    const rest = await (await fetch(`${stack.apiUrl}metrics`)).text();
    expect(rest).toMatch(/subscription_api_mail_queue_depth \d+/);
    expect(rest).toMatch(/subscription_api_mail_queue_oldest_seconds [\d.e+-]+/);
  });
});

describe.each(DATABASES.filter((kind) => kind === 'postgres'))('PostgreSQL out of reach of the REST service (%s)', (kind) => {
  let proxy: FaultyProxy | undefined;
  const stack = useStack(kind, {
    upstream: POLICY,
    databaseVia: async (databaseUrl) => (proxy = await startFaultyProxy(databaseUrl)).url,
  });

  it('turns both readiness checks red within the connection time limit, answers clearly, and recovers by itself', async () => {
    const session = await signedIn(stack.gatewayUrl, 'admin@acme.local');
    expect((await fetch(`${stack.apiUrl}health`)).status).toBe(200);

    proxy!.set({ kind: 'blackhole' });
    const health = await timed(() => fetch(`${stack.apiUrl}health`));
    expect(health.answer.status).toBe(503);
    // The pool gives up on a connection after 5 s, rather than waiting for ever.
    expect(health.ms).toBeLessThan(8_000);
    const ready = await fetch(`${stack.gatewayUrl}/readyz`);
    expect(ready.status).toBe(503);
    expect(ready.headers.get('retry-after')).toBe('5');
    const read = await timed(() => session.request<Viewer>(VIEWER));
    expect(read.answer.errors?.[0]?.extensions?.code).toBe('UPSTREAM_UNAVAILABLE');
    expect(read.ms).toBeLessThan(READ_BOUND_MS + 8_000);

    proxy!.set({ kind: 'pass' });
    await expect.poll(async () => (await fetch(`${stack.apiUrl}health`)).status, { timeout: 15_000 }).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, POLICY.breaker.resetMs + 100));
    await expect
      .poll(async () => (await session.request<Viewer>(VIEWER)).data?.viewer?.email, { timeout: 15_000 })
      .toBe('admin@acme.local');
  });
});
