/**
 * Short-lived keys with a time to live: captchas, one-time codes, throttling counters. In memory on
 * the embedded default; in Redis when configured, so every instance sees the same values.
 */
import type { Redis } from 'ioredis';

export interface Kv {
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Sets only when the key does not exist; true when it was set. */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  get(key: string): Promise<string | null>;
  /** Reads and deletes in one step: a value can be taken once. */
  take(key: string): Promise<string | null>;
  del(key: string): Promise<void>;
  /** Adds one; a new key starts at 1 and lives `ttlMs`. */
  incr(key: string, ttlMs: number): Promise<number>;
  /** Milliseconds a key has left, or 0 when it does not exist. */
  ttl(key: string): Promise<number>;
}

export function memoryKv(now: () => number = Date.now): Kv {
  const entries = new Map<string, { value: string; expires: number }>();
  let writes = 0;
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.expires <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  const write = (key: string, value: string, ttlMs: number) => {
    entries.set(key, { value, expires: now() + ttlMs });
    // Sweep expired keys now and then so abandoned ones do not pile up.
    if (++writes % 1000 === 0) for (const k of [...entries.keys()]) live(k);
  };
  return {
    async set(key, value, ttlMs) {
      write(key, value, ttlMs);
    },
    async setIfAbsent(key, value, ttlMs) {
      if (live(key)) return false;
      write(key, value, ttlMs);
      return true;
    },
    async get(key) {
      return live(key)?.value ?? null;
    },
    async take(key) {
      const value = live(key)?.value ?? null;
      entries.delete(key);
      return value;
    },
    async del(key) {
      entries.delete(key);
    },
    async incr(key, ttlMs) {
      const entry = live(key);
      if (!entry) {
        write(key, '1', ttlMs);
        return 1;
      }
      entry.value = String(Number(entry.value) + 1);
      return Number(entry.value);
    },
    async ttl(key) {
      const entry = live(key);
      return entry ? entry.expires - now() : 0;
    },
  };
}

export function redisKv(redis: Redis, prefix = 'atrium:kv:'): Kv {
  const k = (key: string) => prefix + key;
  return {
    async set(key, value, ttlMs) {
      await redis.set(k(key), value, 'PX', ttlMs);
    },
    async setIfAbsent(key, value, ttlMs) {
      return (await redis.set(k(key), value, 'PX', ttlMs, 'NX')) === 'OK';
    },
    async get(key) {
      return redis.get(k(key));
    },
    async take(key) {
      return redis.getdel(k(key));
    },
    async del(key) {
      await redis.del(k(key));
    },
    async incr(key, ttlMs) {
      const [[, count]] = (await redis
        .multi()
        .incr(k(key))
        .pexpire(k(key), ttlMs, 'NX')
        .exec()) as [[Error | null, number]];
      return count;
    },
    async ttl(key) {
      return Math.max(0, await redis.pttl(k(key)));
    },
  };
}
