import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';

/** How often the gateway asks Redis whether it answers, and how long an answer may take. */
export const REDIS_CHECK = { everyMs: 1_000, timeoutMs: 500 };

/**
 * The Redis connection that holds the rate-limit counters shared by every gateway instance, and
 * whether it answers. Redis can be away two ways: gone (its connections closed: ioredis says so at
 * once, and without an offline queue a call fails at once) or frozen (its connections open, no
 * answer: a call would wait for its time limit). A PING every second tells both, and while Redis
 * does not answer the counters are kept in memory without asking it at all, so a sign-in never
 * waits on it; the log says when Redis goes and comes back, once each.
 */
export function connectRedis(url: string): CounterStore {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: REDIS_CHECK.timeoutMs * 2,
    connectTimeout: 2_000,
  });
  const store: CounterStore = { redis, reachedOnce: false, reachable: false, close: () => undefined };
  const away = (why: string) => {
    if (store.reachable || !store.reachedOnce) {
      if (!saidAway) console.error(`gateway: Redis unreachable (${why}); rate-limit counters kept in memory meanwhile`);
      saidAway = true;
    }
    store.reachable = false;
  };
  const back = () => {
    if (saidAway) console.log('gateway: rate-limit counters are back in Redis');
    saidAway = false;
    store.reachedOnce = true;
    store.reachable = true;
  };
  // Whether the log has said Redis is away: once per outage, not at every attempt to reconnect.
  let saidAway = false;
  redis.on('ready', back);
  redis.on('error', (error: Error) => away(error.message));
  const check = setInterval(() => {
    if (redis.status !== 'ready') return;
    const answered = redis.ping().then(
      () => true,
      () => false,
    );
    const late = new Promise<false>((resolve) => setTimeout(() => resolve(false), REDIS_CHECK.timeoutMs).unref());
    void Promise.race([answered, late]).then((answers) => (answers ? back() : away('no answer to PING')));
  }, REDIS_CHECK.everyMs);
  check.unref();
  store.close = () => {
    clearInterval(check);
    redis.disconnect();
  };
  return store;
}

/** The Redis connection, whether it answers now and ever has since the gateway started, and how to let it go. */
export type CounterStore = { redis: Redis; reachedOnce: boolean; reachable: boolean; close(): void };

/**
 * One limiter over the store: Redis's while it answers, its memory twin otherwise (and for a call
 * that fails in between, as rate-limiter-flexible's insurance). What was counted in memory during
 * an outage stays there: the limits hold on each instance meanwhile, not across instances.
 */
export function sharedLimiter(store: CounterStore, options: { keyPrefix: string; points: number; duration: number }): RateLimiterAbstract {
  const inMemory = new RateLimiterMemory(options);
  const inRedis = new RateLimiterRedis({ ...options, storeClient: store.redis, insuranceLimiter: inMemory });
  return new Proxy(inRedis, {
    get(target, property) {
      const chosen = store.reachable ? target : inMemory;
      const value: unknown = Reflect.get(chosen, property);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(chosen) : value;
    },
  });
}
