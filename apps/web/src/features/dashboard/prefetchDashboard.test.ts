import type { ApolloClient } from '@apollo/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as PrefetchModule from './prefetchDashboard';

type Prefetch = typeof PrefetchModule;

/** A fresh copy of the module (it remembers what it asked) and a client that counts the questions. */
async function setUp(answer: () => Promise<unknown> = () => Promise.resolve({ data: {} })) {
  vi.resetModules();
  const module: Prefetch = await import('./prefetchDashboard');
  const query = vi.fn(answer);
  return { ...module, client: { query } as unknown as ApolloClient, query };
}

describe('prefetchDashboard', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }));
  afterEach(() => vi.useRealTimers());

  it('asks the gateway, not the cache, so the screen can show the answer without asking again', async () => {
    const { default: prefetch, takePrefetchedDashboard, client, query } = await setUp();
    await prefetch(client);
    expect(query).toHaveBeenCalledWith(expect.objectContaining({ fetchPolicy: 'network-only' }));
    expect(takePrefetchedDashboard()).toBe(true);
    // Only the screen it was asked for trusts it: the next one asks again.
    expect(takePrefetchedDashboard()).toBe(false);
  });

  it('asks once while an answer stands (a link pointed at again and again), and again once it is shown or old', async () => {
    const { default: prefetch, takePrefetchedDashboard, PREFETCH_FRESH_MS, client, query } = await setUp();
    await prefetch(client);
    await prefetch(client);
    expect(query).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(PREFETCH_FRESH_MS);
    expect(takePrefetchedDashboard()).toBe(false);
    await prefetch(client);
    expect(query).toHaveBeenCalledTimes(2);
    takePrefetchedDashboard();
    await prefetch(client);
    expect(query).toHaveBeenCalledTimes(3);
  });

  it('leaves a failure to the screen, which asks for itself', async () => {
    const { default: prefetch, takePrefetchedDashboard, client } = await setUp(() => Promise.reject(new Error('offline')));
    await expect(prefetch(client)).resolves.toBeUndefined();
    expect(takePrefetchedDashboard()).toBe(false);
  });
});
