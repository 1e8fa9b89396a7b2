import { Redis } from 'ioredis';

/**
 * The Redis connection that holds the rate-limit counters shared by every gateway instance.
 * Without an offline queue a call fails at once while Redis is away, so the limiter's memory
 * fallback answers instead of the request waiting; the log says when Redis goes and comes back.
 */
export function connectRedis(url: string): CounterStore {
  // A Redis that stopped answering without closing its connections must not hold a sign-in up either.
  const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 1_000, connectTimeout: 2_000 });
  const store: CounterStore = { redis, reachedOnce: false, reachable: false };
  // Whether the log has said Redis is away: once per outage, not at every attempt to reconnect.
  let saidAway = false;
  redis.on('ready', () => {
    if (saidAway) console.log('gateway: rate-limit counters are back in Redis');
    saidAway = false;
    store.reachedOnce = true;
    store.reachable = true;
  });
  redis.on('error', (error: Error) => {
    if (!saidAway) console.error(`gateway: Redis unreachable (${error.message}); rate-limit counters kept in memory meanwhile`);
    saidAway = true;
    store.reachable = false;
  });
  return store;
}

/** The Redis connection, and whether it answers now and ever has since the gateway started. */
export type CounterStore = { redis: Redis; reachedOnce: boolean; reachable: boolean };
