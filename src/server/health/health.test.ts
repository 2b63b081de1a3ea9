import { afterEach, describe, expect, test } from 'vitest';
import { connectRedis } from '../redis/index.ts';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import { DIALECTS, REDIS_URLS } from '../../../tests/helpers/test-db.ts';

let t: TestApp;
afterEach(() => t.close());

describe.each(DIALECTS)('health on %s', (dialect) => {
  test('reports the database', async () => {
    t = await createTestApp(dialect);
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      code: 1,
      data: { database: { ok: true, dialect }, redis: null },
    });
  });

  test('a database that is gone answers 503, not a crash', async () => {
    t = await createTestApp(dialect);
    await t.app.ready();
    await t.testDb.db.close();
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 0, data: { database: { ok: false } } });
  });
});

test.each(REDIS_URLS)('reports Redis when configured (%s)', async (url) => {
  const redis = connectRedis(url);
  t = await createTestApp('sqlite', { redis });
  const res = await t.app.inject({ method: 'GET', url: '/api/health' });
  expect(res.json()).toMatchObject({ code: 1, data: { redis: { ok: true } } });
  redis.disconnect();
});
