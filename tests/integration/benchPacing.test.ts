import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paced } from '../bench/load';

// The bench's latency curve (npm run bench) stands on this load: a curve drawn from bursts shows
// the queue of each burst at every rate, and no knee.
describe('the bench’s paced load', () => {
  const arrivals: number[] = [];
  let answerAfterMs = 0;
  const server = createServer((_req, res) => {
    arrivals.push(performance.now());
    setTimeout(() => res.end('{}'), answerAfterMs);
  });
  let url = '';

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** The most requests that arrived within any `windowMs`. */
  const busiest = (windowMs: number) =>
    Math.max(...arrivals.map((start) => arrivals.filter((time) => time >= start && time < start + windowMs).length));

  it('sends requests evenly spaced over the second, not a second’s share at once', async () => {
    arrivals.length = 0;
    answerAfterMs = 0;
    const result = await paced({ url, method: 'GET', headers: {}, rate: 100, seconds: 1, connections: 50 });
    expect(result).toMatchObject({ sent: 100, answered: 100, failed: 0 });
    // Evenly, 10 of the 100 arrive in any tenth of the second; a late timer on a busy machine sends a few together.
    expect(busiest(100)).toBeLessThanOrEqual(30);
  });

  it('counts the time a request waited for a connection, and answers a lower rate once answers queue', async () => {
    arrivals.length = 0;
    // One connection answered in 20 ms each holds 50 a second: asked for 100, the last waits about a second.
    answerAfterMs = 20;
    const result = await paced({ url, method: 'GET', headers: {}, rate: 100, seconds: 1, connections: 1 });
    expect(result.answered).toBe(100);
    expect(result.p50).toBeGreaterThan(200);
    expect(result.p99).toBeGreaterThan(700);
    expect(result.perSecond).toBeLessThan(60);
  });
});
