import { afterEach, describe, expect, test } from 'vitest';
import type { Redis } from 'ioredis';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import { REDIS_URLS } from '../../../tests/helpers/test-db.ts';
import { buildApp } from '../app.ts';
import { connectRedis } from '../redis/index.ts';
import { ITEM_MAX_AGE_MS, ListCache } from './list-cache.ts';

test('a cached list is reused until invalidated or its time passes; stale loads are not kept', async () => {
  let now = 0;
  let loads = 0;
  const cache = new ListCache(() => now);
  const load = async () => ({ ids: [`v${(loads += 1)}`], validUntil: 100 });
  expect((await cache.get('all', load)).ids).toEqual(['v1']);
  expect((await cache.get('all', load)).ids).toEqual(['v1']);
  cache.invalidate();
  expect((await cache.get('all', load)).ids).toEqual(['v2']);
  now = 100;
  expect((await cache.get('all', load)).ids).toEqual(['v3']);
  now = 0;
  const racing = cache.get('c1', async () => {
    cache.invalidate();
    return { ids: ['stale'], validUntil: null };
  });
  expect((await racing).positionOf('stale')).toBe(0);
  expect((await cache.get('c1', load)).ids).toEqual(['v4']);
});

test('list entries are loaded once each until invalidated; stale loads are not kept', async () => {
  const cache = new ListCache<string>(() => 0);
  const asked: string[][] = [];
  let version = 1;
  const load = async (ids: readonly string[]) => {
    asked.push([...ids]);
    return new Map(ids.filter((id) => id !== 'gone').map((id) => [id, `${id}${version}`]));
  };
  expect([...(await cache.items(['a', 'b'], load))]).toEqual([
    ['a', 'a1'],
    ['b', 'b1'],
  ]);
  expect([...(await cache.items(['b', 'c', 'gone'], load)).values()]).toEqual(['b1', 'c1']);
  expect(asked).toEqual([
    ['a', 'b'],
    ['c', 'gone'],
  ]);
  version = 2;
  cache.invalidate();
  expect((await cache.items(['a'], load)).get('a')).toBe('a2');
  const racing = cache.items(['d'], async (ids) => {
    cache.invalidate();
    return load(ids);
  });
  expect((await racing).get('d')).toBe('d2');
  version = 3;
  expect((await cache.items(['d'], load)).get('d')).toBe('d3');
});

test('kept items change in place, and are loaded again once they are a minute old', async () => {
  let now = 0;
  const cache = new ListCache<number>(() => now);
  let stored = 10;
  const load = async (ids: readonly string[]) => new Map(ids.map((id) => [id, stored]));
  expect((await cache.items(['a'], load)).get('a')).toBe(10);
  cache.update('a', (views) => views + 3);
  cache.update('absent', (views) => views + 1);
  stored = 20;
  now += ITEM_MAX_AGE_MS - 1;
  expect((await cache.items(['a', 'absent'], load)).get('a')).toBe(13);
  now += 1;
  expect((await cache.items(['a'], load)).get('a')).toBe(20);
});

describe.each(REDIS_URLS)('two instances sharing Redis (%s)', (url) => {
  let t: TestApp;
  const clients: Redis[] = [];
  afterEach(async () => {
    await t.close();
    for (const c of clients.splice(0)) c.disconnect();
  });

  test("a change on one instance drops the other's cached lists", async () => {
    const redisA = connectRedis(url);
    const redisB = connectRedis(url);
    clients.push(redisA, redisB);
    t = await createTestApp('sqlite', { redis: redisA });
    const other = await buildApp({ config: t.config, db: t.testDb.db, redis: redisB });
    try {
      const admin = await t.signUp({ roles: ['blog_admin'] });
      const headers = { authorization: `Bearer ${admin.token}` };
      const category = (
        await t.app.inject({
          method: 'POST',
          url: '/api/blog/category',
          headers,
          payload: { name: 'C' },
        })
      ).json().data;
      const count = async () =>
        (await other.inject({ method: 'GET', url: '/api/blog/article' })).json().data
          .totalRecordNum;
      expect(await count()).toBe(0);
      await t.app.inject({
        method: 'POST',
        url: '/api/blog/article',
        headers,
        payload: { title: 'T', content: 'C', categoryId: category.id, status: 'published' },
      });
      await expect.poll(count, { timeout: 2000 }).toBe(1);
    } finally {
      await other.close();
    }
  });
});
