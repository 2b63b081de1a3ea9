/** The optional Redis connection (REDIS_URL): presence, rate limits, fan-out across instances. */
import { Redis } from 'ioredis';

export function connectRedis(url: string): Redis {
  const redis = new Redis(url, {
    maxRetriesPerRequest: 2,
    enableOfflineQueue: true,
    lazyConnect: false,
  });
  // Connection trouble is reported by /api/health and by failing commands, never by a crash.
  redis.on('error', () => undefined);
  return redis;
}
