import { expect, test } from 'vitest';
import { connectRedis } from '../redis/index.ts';
import { REDIS_URLS } from '../../../tests/helpers/test-db.ts';
import { memoryPresence, redisPresence, PRESENCE_TTL_MS } from './presence.ts';

test('memory presence: online for the TTL after a beat', async () => {
  let clock = 0;
  const presence = memoryPresence(() => clock);
  expect(await presence.isOnline('u')).toBe(false);
  await presence.beat('u');
  clock += PRESENCE_TTL_MS - 1;
  expect(await presence.isOnline('u')).toBe(true);
  clock += 1;
  expect(await presence.isOnline('u')).toBe(false);
});

test.each(REDIS_URLS)('Redis presence is shared by every instance (%s)', async (url) => {
  const a = connectRedis(url);
  const b = connectRedis(url);
  const prefix = `atrium-test-${process.pid}-${Date.now()}:`;
  try {
    const user = 'user-1';
    expect(await redisPresence(b, prefix).isOnline(user)).toBe(false);
    await redisPresence(a, prefix).beat(user);
    expect(await redisPresence(b, prefix).isOnline(user)).toBe(true);
    const ttl = await a.pttl(`${prefix}presence:${user}`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(PRESENCE_TTL_MS);
    await a.del(`${prefix}presence:${user}`);
  } finally {
    a.disconnect();
    b.disconnect();
  }
});
