/**
 * Who is online: the heartbeat marks a user for PRESENCE_TTL_MS. In memory on the embedded default,
 * in Redis when configured (so every instance agrees). Never a database write per beat.
 */
import type { Redis } from 'ioredis';

export const PRESENCE_TTL_MS = 30_000;

export interface Presence {
  beat(userId: string): Promise<void>;
  isOnline(userId: string): Promise<boolean>;
}

export function memoryPresence(now: () => number = Date.now): Presence {
  const seen = new Map<string, number>();
  return {
    async beat(userId) {
      seen.set(userId, now());
      if (seen.size > 10_000) {
        for (const [id, at] of seen) if (now() - at > PRESENCE_TTL_MS) seen.delete(id);
      }
    },
    async isOnline(userId) {
      const at = seen.get(userId);
      return at !== undefined && now() - at < PRESENCE_TTL_MS;
    },
  };
}

export function redisPresence(redis: Redis, prefix = 'atrium:'): Presence {
  return {
    async beat(userId) {
      await redis.set(`${prefix}presence:${userId}`, Date.now().toString(), 'PX', PRESENCE_TTL_MS);
    },
    async isOnline(userId) {
      return (await redis.exists(`${prefix}presence:${userId}`)) === 1;
    },
  };
}
