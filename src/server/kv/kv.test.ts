import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, test } from 'vitest';
import { REDIS_URLS } from '../../../tests/helpers/test-db.ts';
import { connectRedis } from '../redis/index.ts';
import { memoryKv, redisKv, type Kv } from './kv.ts';

const redis = REDIS_URLS[0] ? connectRedis(REDIS_URLS[0]) : null;
afterAll(() => redis?.disconnect());

const stores: [string, () => Kv][] = [
  ['memory', () => memoryKv()],
  ...(redis
    ? [
        ['redis', () => redisKv(redis, `atrium-test:${randomBytes(4).toString('hex')}:`)] as [
          string,
          () => Kv,
        ],
      ]
    : []),
];

describe.each(stores)('%s kv', (_name, make) => {
  test('values can be taken once', async () => {
    const kv = make();
    await kv.set('a', '1', 60_000);
    expect(await kv.get('a')).toBe('1');
    expect(await kv.take('a')).toBe('1');
    expect(await kv.take('a')).toBeNull();
  });

  test('setIfAbsent keeps the first value', async () => {
    const kv = make();
    expect(await kv.setIfAbsent('b', 'first', 60_000)).toBe(true);
    expect(await kv.setIfAbsent('b', 'second', 60_000)).toBe(false);
    expect(await kv.get('b')).toBe('first');
  });

  test('counters count within their window and report the time left', async () => {
    const kv = make();
    expect(await kv.incr('c', 60_000)).toBe(1);
    expect(await kv.incr('c', 60_000)).toBe(2);
    const left = await kv.ttl('c');
    expect(left).toBeGreaterThan(59_000);
    expect(left).toBeLessThanOrEqual(60_000);
    await kv.del('c');
    expect(await kv.ttl('c')).toBe(0);
  });
});

test('memory keys expire', async () => {
  let clock = 0;
  const kv = memoryKv(() => clock);
  await kv.set('x', 'v', 1000);
  await kv.incr('n', 1000);
  clock = 999;
  expect(await kv.get('x')).toBe('v');
  clock = 1000;
  expect(await kv.get('x')).toBeNull();
  expect(await kv.incr('n', 1000)).toBe(1);
});
