import autocannon, { type Options, type Result } from 'autocannon';
import { Pool } from 'undici';

/** One autocannon run (autocannon: HTTP/1.1 load from Node, keep-alive, HdrHistogram latencies). */
export function load(options: Options): Promise<Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** Requests that did not get a good answer: network errors, time-outs and any status but 2xx. */
export const failures = (result: Result) => result.errors + result.timeouts + result.non2xx;

export const mean = (values: number[]) => values.reduce((total, value) => total + value, 0) / Math.max(values.length, 1);

/** Milliseconds as the tables show them. */
export const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The lowest and highest value, as the tables show a spread: "0.91–1.07". */
export const spread = (values: number[], digits: number) => `${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}`;

/** What `paced` measured: how many were sent and answered, and the answers' latencies in ms, each from when its request was due. */
export type PacedResult = {
  sent: number;
  /** Answered with a 2xx status. */
  answered: number;
  /** Network errors and any status but 2xx. */
  failed: number;
  p50: number;
  p99: number;
  /** Answers a second, from the first request due to the last answer: below the rate asked for once answers queue. */
  perSecond: number;
};

/**
 * Requests at a fixed rate, evenly spaced (one every 1000/rate ms) whether or not the earlier ones
 * have been answered, as many independent people send them: an open loop, over at most
 * `connections` kept-alive connections. Each latency counts from when its request was due, so a
 * request that waited for a free connection counts its wait.
 *
 * Not autocannon's fixed rate: it sends each connection's share in a burst at the start of every
 * second, so at 50 requests a second over 50 connections all 50 arrive at once and the median is
 * the queue of that burst, whatever the rate.
 */
export async function paced(options: {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  rate: number;
  seconds: number;
  connections: number;
}): Promise<PacedResult> {
  const url = new URL(options.url);
  const pool = new Pool(url.origin, { connections: options.connections });
  const latencies: number[] = [];
  const underway = new Set<Promise<void>>();
  let failed = 0;
  let lastAnswer = 0;
  const total = Math.round(options.rate * options.seconds);
  const start = performance.now();
  for (let k = 0; k < total; k += 1) {
    const due = start + (k * 1000) / options.rate;
    const wait = due - performance.now();
    // A timer that woke late sends what has come due since, at once.
    if (wait >= 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const request = pool
      .request({ path: `${url.pathname}${url.search}`, method: options.method, headers: options.headers, body: options.body })
      .then(async ({ statusCode, body }) => {
        await body.dump();
        lastAnswer = performance.now();
        if (statusCode >= 200 && statusCode < 300) latencies.push(lastAnswer - due);
        else failed += 1;
      })
      .catch(() => {
        failed += 1;
      });
    underway.add(request);
    void request.finally(() => underway.delete(request));
  }
  await Promise.all(underway);
  await pool.close();
  latencies.sort((a, b) => a - b);
  const percentile = (p: number) => latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)] ?? 0;
  return {
    sent: total,
    answered: latencies.length,
    failed,
    p50: percentile(50),
    p99: percentile(99),
    perSecond: latencies.length / (Math.max(lastAnswer - start, 1) / 1000),
  };
}
