import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startFaultyProxy, type FaultyProxy } from '../support/faultyProxy';
import { GraphQLSession, signedIn, VIEWER } from '../support/graphql';
import { useStack } from '../support/useStack';
import type { UpstreamPolicy } from '@yozy/gateway';

/**
 * Each service is restarted while requests stream to the gateway, as a deploy does (SIGTERM, then
 * a new process): nothing is cut off, nothing hangs, a refusal is a clean one, and a create retried
 * with its Idempotency-Key is done exactly once.
 */

const POLICY: UpstreamPolicy = {
  timeoutMs: 2_500,
  retries: 2,
  minBackoffMs: 50,
  maxBackoffMs: 200,
  breaker: { windowMs: 10_000, volumeThreshold: 50, errorThresholdPercentage: 90, resetMs: 500 },
};
/** The longest an answer may take: every attempt of a read at its limit, with room for a busy machine. */
const BOUND_MS = POLICY.timeoutMs * (POLICY.retries + 1) + 1_500;

type Viewer = { viewer: { email: string } | null };
type Created = { createGroup: { group: { id: string; name: string } | null; errors: { code: string }[] } };
const CREATE = /* GraphQL */ `
  mutation ($input: CreateGroupInput!) {
    createGroup(input: $input) {
      group {
        id
        name
      }
      errors {
        code
      }
    }
  }
`;

/** An HTTP/1.1 GraphQL request as a keep-alive browser sends it. */
function rawRequest(host: string, cookie: string, query: string): string {
  const body = JSON.stringify({ query });
  return [
    'POST /graphql HTTP/1.1',
    `Host: ${host}`,
    'Connection: keep-alive',
    'Content-Type: application/json',
    `Cookie: ${cookie}`,
    `Content-Length: ${Buffer.byteLength(body)}`,
    '',
    body,
  ].join('\r\n');
}

describe('the gateway stopping while a kept-alive client sends requests', () => {
  let proxy: FaultyProxy | undefined;
  const stack = useStack('pglite', { upstream: POLICY, apiVia: async (apiUrl) => (proxy = await startFaultyProxy(apiUrl)).url });

  it('finishes the request in flight and refuses the next one on the same connection with 503 and Retry-After', async () => {
    const session = await signedIn(stack.gatewayUrl, 'admin@acme.local');
    const cookie = [...session.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const { host, port } = new URL(stack.gatewayUrl);
    // The REST service answers slowly, so the first request is still in flight when the stop begins.
    proxy!.set({ kind: 'latency', ms: 600 });

    const socket = connect(Number(port), '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('utf8')));
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write(rawRequest(host, cookie, VIEWER));
    await new Promise((resolve) => setTimeout(resolve, 150));
    const stopped = stack.stopGateway(5_000);
    // The connection is busy, so it stays open: the next request arrives on it while the gateway stops.
    socket.write(rawRequest(host, cookie, VIEWER));
    await Promise.race([closed, new Promise((_, reject) => setTimeout(() => reject(new Error('the connection hung')), 6_000))]);
    await stopped;

    const answers = received.split(/(?=HTTP\/1\.1 )/);
    expect(answers).toHaveLength(2);
    expect(answers[0]).toMatch(/^HTTP\/1\.1 200/);
    expect(answers[0]).toContain('"email":"admin@acme.local"');
    expect(answers[1]).toMatch(/^HTTP\/1\.1 503/);
    expect(answers[1]).toMatch(/retry-after: \d+/i);
    expect(answers[1]).toContain('"code":"UNAVAILABLE"');
    // Nothing takes a new connection any more.
    await expect(fetch(`${stack.gatewayUrl}/graphql`, { method: 'POST' })).rejects.toThrow();
  });
});

describe('the REST service restarted behind a running gateway', () => {
  const stack = useStack('pglite', { upstream: POLICY });

  it('answers every request correctly or UPSTREAM_UNAVAILABLE, none hangs, and each create is done once', async () => {
    const session = await signedIn(stack.gatewayUrl, 'admin@acme.local');
    const withKey = (key: string) => {
      const keyed = new GraphQLSession(stack.gatewayUrl, { 'idempotency-key': key });
      for (const [name, value] of session.cookies) keyed.cookies.set(name, value);
      return keyed;
    };
    const outcomes = { correct: 0, unavailable: 0 };
    const slowest = { ms: 0 };
    const judge = (ms: number, ok: boolean, code: string | undefined) => {
      slowest.ms = Math.max(slowest.ms, ms);
      if (ok) outcomes.correct += 1;
      else if (code === 'UPSTREAM_UNAVAILABLE') outcomes.unavailable += 1;
      else throw new Error(`an answer neither correct nor UPSTREAM_UNAVAILABLE: ${code}`);
    };

    let streaming = true;
    const reader = async () => {
      while (streaming) {
        const started = performance.now();
        const answer = await session.request<Viewer>(VIEWER);
        judge(performance.now() - started, answer.data?.viewer?.email === 'admin@acme.local', answer.errors?.[0]?.extensions?.code);
      }
    };
    const names: string[] = [];
    const creator = async (writer: number) => {
      for (let n = 0; streaming; n += 1) {
        const name = `Restart crew ${writer}-${n}`;
        names.push(name);
        const keyed = withKey(randomUUID());
        // The same create is sent again, with its key, until it is answered: as the console does.
        for (;;) {
          const started = performance.now();
          const answer = await keyed.request<Created>(CREATE, { input: { name } });
          const group = answer.data?.createGroup?.group;
          judge(performance.now() - started, group?.name === name, answer.errors?.[0]?.extensions?.code);
          if (group) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
    };
    const streams = [reader(), reader(), reader(), creator(1), creator(2)];
    await new Promise((resolve) => setTimeout(resolve, 500));
    await stack.restartApi();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    streaming = false;
    await Promise.all(streams);

    expect(outcomes.correct).toBeGreaterThan(10);
    expect(slowest.ms).toBeLessThan(BOUND_MS);
    // Every create was done exactly once, however often it was sent.
    const rows = await stack.db.query<{ name: string; n: number }>(
      `SELECT name, count(*)::int AS n FROM groups WHERE name LIKE 'Restart crew %' GROUP BY name`,
    );
    expect(rows.map((r) => r.name).sort()).toEqual([...names].sort());
    expect(rows.every((r) => r.n === 1)).toBe(true);
    // And the restarted service answers as before.
    expect((await session.request<Viewer>(VIEWER)).data?.viewer?.email).toBe('admin@acme.local');
  });
});
