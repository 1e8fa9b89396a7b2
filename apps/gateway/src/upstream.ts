import type { Fetcher, FetcherRequestInit, FetcherResponse } from '@apollo/utils.fetcher';
import { GraphQLError } from 'graphql';
import CircuitBreaker from 'opossum';
import { createRestFetch } from './restFetch';

/**
 * How the gateway calls the REST service when it misbehaves: every attempt has a time limit,
 * reads (and only reads) are tried again after a fault with a capped, randomised backoff, and a
 * circuit breaker stops calling a service that keeps failing, so a request is answered
 * UPSTREAM_UNAVAILABLE at once instead of waiting; it lets one call through after `resetMs` and
 * closes again when that call succeeds.
 */
export type UpstreamPolicy = {
  /** The longest one attempt may take, answer and body, in milliseconds. */
  timeoutMs: number;
  /** Further attempts of a read after a fault (refused or reset connection, time out, 502/503/504). */
  retries: number;
  /** The first wait before a retry and the longest; each wait is drawn at random up to twice its step. */
  minBackoffMs: number;
  maxBackoffMs: number;
  breaker: {
    /** The window the failure rate is measured over. */
    windowMs: number;
    /** Calls in the window before the rate can open the breaker. */
    volumeThreshold: number;
    /** The percentage of failed calls that opens it. */
    errorThresholdPercentage: number;
    /** How long it stays open before one call is let through to try. */
    resetMs: number;
  };
};

export const DEFAULT_UPSTREAM_POLICY: UpstreamPolicy = {
  // Above the slowest call the console makes (a 500-row import), far below a browser's patience.
  timeoutMs: 15_000,
  retries: 2,
  minBackoffMs: 50,
  maxBackoffMs: 400,
  breaker: { windowMs: 10_000, volumeThreshold: 10, errorThresholdPercentage: 50, resetMs: 5_000 },
};

export type BreakerState = 'closed' | 'open' | 'half-open';

/** What a REST call did, for the metrics: how long it took and how it ended. */
export type UpstreamCall = { method: string; path: string; seconds: number; outcome: 'ok' | 'refused' | 'failed' | 'unavailable' };

export type Upstream = {
  /** The fetch the REST data sources call the service with (SubscriptionServiceLink's `fetch`). */
  fetch: Fetcher;
  state(): BreakerState;
  /** Called on every change of the breaker's state. */
  onStateChange(listener: (state: BreakerState) => void): void;
  /** Called after every call, retries included in its time. */
  onCall(listener: (call: UpstreamCall) => void): void;
  close(): void;
};

/** What the person is told when the REST service cannot be reached, is too slow, or the breaker is open. */
export const UPSTREAM_UNAVAILABLE_MESSAGE = 'The subscription service is not answering. Try again in a moment.';

export function upstreamUnavailable(reason: string): GraphQLError {
  return new GraphQLError(UPSTREAM_UNAVAILABLE_MESSAGE, { extensions: { code: 'UPSTREAM_UNAVAILABLE', reason } });
}

/** Answers a read is tried again after: the service, or something in front of it, was not there. */
const RETRIED_STATUSES = new Set([502, 503, 504]);
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** An answer that counts against the service (a 5xx): the breaker sees it fail, the caller still gets it. */
class FaultyAnswer extends Error {
  constructor(readonly response: FetcherResponse) {
    super(`answered ${response.status}`);
  }
}

/**
 * `send` is the fetch that reaches the service (restFetch.ts by default); it must read the answer
 * whole before it resolves, so that an attempt's time limit covers the body too.
 */
export function createUpstream(policy: UpstreamPolicy = DEFAULT_UPSTREAM_POLICY, send?: Fetcher, replicas: string[] = []): Upstream {
  const own = send ? null : createRestFetch(policy.timeoutMs, undefined, replicas);
  const reach: Fetcher = send ?? own!;
  const stateListeners: ((state: BreakerState) => void)[] = [];
  const callListeners: ((call: UpstreamCall) => void)[] = [];

  async function attempt(url: string, init: FetcherRequestInit): Promise<FetcherResponse> {
    // One timer per attempt, cleared when it ends (AbortSignal.timeout's would stay until it fired).
    const limit = new AbortController();
    const timer = setTimeout(
      () => limit.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')),
      policy.timeoutMs,
    );
    timer.unref();
    const given = init.signal as AbortSignal | undefined;
    const giveUp = () => limit.abort(given!.reason);
    if (given?.aborted) giveUp();
    else given?.addEventListener('abort', giveUp, { once: true });
    try {
      const response = await reach(url, { ...init, signal: limit.signal });
      if (response.status >= 500) throw new FaultyAnswer(response);
      return response;
    } finally {
      clearTimeout(timer);
      given?.removeEventListener('abort', giveUp);
    }
  }

  const breaker = new CircuitBreaker(attempt, {
    // Each attempt has its own limit above; the breaker only counts.
    timeout: false,
    resetTimeout: policy.breaker.resetMs,
    rollingCountTimeout: policy.breaker.windowMs,
    rollingCountBuckets: 10,
    volumeThreshold: policy.breaker.volumeThreshold,
    errorThresholdPercentage: policy.breaker.errorThresholdPercentage,
    // Nobody reads its snapshots or latency percentiles: without them it does not keep every call's
    // time, nor add up and sort its whole window every second.
    enableSnapshots: false,
    rollingPercentilesEnabled: false,
  });
  const announce = (state: BreakerState) => () => stateListeners.forEach((listener) => listener(state));
  breaker.on('open', announce('open'));
  breaker.on('halfOpen', announce('half-open'));
  breaker.on('close', announce('closed'));

  const upstreamFetch: Fetcher = async (url, init = {}) => {
    const method = (init.method ?? 'GET').toUpperCase();
    const read = READS.has(method);
    const started = performance.now();
    let outcome: UpstreamCall['outcome'] = 'ok';
    try {
      // A write is never sent twice: it may have been done before the answer was lost.
      const response = await withRetries(
        policy,
        () => breaker.fire(url, init),
        (error) => read && isRetried(error),
      );
      // 4xx answers are the service working: the caller asked for something it may not have.
      if (response.status >= 400) outcome = 'refused';
      return response;
    } catch (error) {
      if (error instanceof FaultyAnswer) {
        outcome = 'failed';
        return error.response;
      }
      outcome = 'unavailable';
      throw upstreamUnavailable(reasonOf(error));
    } finally {
      const seconds = (performance.now() - started) / 1000;
      const path = new URL(url).pathname;
      callListeners.forEach((listener) => listener({ method, path, seconds, outcome }));
    }
  };

  return {
    fetch: upstreamFetch,
    state: () => (breaker.opened ? 'open' : breaker.halfOpen ? 'half-open' : 'closed'),
    onStateChange: (listener) => void stateListeners.push(listener),
    onCall: (listener) => void callListeners.push(listener),
    close: () => {
      breaker.shutdown();
      void own?.close();
    },
  };
}

/**
 * `attempt` once, and again after a fault `retried` says to try again after, at most
 * `policy.retries` times more, waiting a capped backoff drawn at random before each: between one
 * and two steps, the step doubling from `minBackoffMs`, never more than `maxBackoffMs`. A call that
 * succeeds at once (nearly all of them) costs no more than the call.
 */
async function withRetries<T>(policy: UpstreamPolicy, attempt: () => Promise<T>, retried: (error: unknown) => boolean): Promise<T> {
  for (let retry = 0; ; retry += 1) {
    try {
      return await attempt();
    } catch (error) {
      // A programming error is not the service's fault: trying again would only do it again.
      if (retry >= policy.retries || !retried(error) || isOwnTypeError(error)) throw error;
      const wait = Math.min(Math.round((1 + Math.random()) * Math.max(policy.minBackoffMs, 1) * 2 ** retry), policy.maxBackoffMs);
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/** A TypeError of our own code, not the one fetch throws for a network failure ("fetch failed"). */
function isOwnTypeError(error: unknown): boolean {
  return error instanceof TypeError && error.message !== 'fetch failed' && error.message !== 'terminated';
}

function isRetried(error: unknown): boolean {
  if (error instanceof FaultyAnswer) return RETRIED_STATUSES.has(error.response.status);
  // The breaker is open: trying again now would only wait for the same answer.
  if ((error as { code?: string }).code === 'EOPENBREAKER') return false;
  return true;
}

/** Why a call could not be made, for the log (never shown to the person). */
function reasonOf(error: unknown): string {
  const { name, code, cause } = (error ?? {}) as { name?: string; code?: string; cause?: { code?: string } };
  if (code === 'EOPENBREAKER') return 'breaker open';
  if (name === 'TimeoutError') return 'timed out';
  return cause?.code ?? code ?? name ?? 'unknown';
}
