import { Redis } from 'ioredis';

/**
 * The Redis connection that holds the rate-limit counters shared by every gateway instance.
 * Without an offline queue a call fails at once while Redis is away, so the limiter's memory
 * fallback answers instead of the request waiting; the log says when Redis goes and comes back.
 */
export function connectRedis(url: string): Redis {
  const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  let reachable = true;
  redis.on('ready', () => {
    if (!reachable) console.log('gateway: rate-limit counters are back in Redis');
    reachable = true;
  });
  redis.on('error', (error: Error) => {
    if (reachable) console.error(`gateway: Redis unreachable (${error.message}); rate-limit counters kept in memory meanwhile`);
    reachable = false;
  });
  return redis;
}
