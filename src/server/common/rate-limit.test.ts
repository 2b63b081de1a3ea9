import { afterEach, describe, expect, test } from 'vitest';
import type { Redis } from 'ioredis';
import { REDIS_URLS } from '../../../tests/helpers/test-db.ts';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import { connectRedis } from '../redis/index.ts';

let t: TestApp;
let redis: Redis | null = null;
afterEach(async () => {
  await t.close();
  redis?.disconnect();
  redis = null;
});

const STORES: [string, string | null][] = [
  ['memory', null],
  ...REDIS_URLS.map((url): [string, string] => ['redis', url]),
];

describe.each(STORES)('limits in %s', (_store, url) => {
  test('each limit counts on its own, and refusals are the -429 envelope with a retry time', async () => {
    redis = url ? connectRedis(url) : null;
    t = await createTestApp('sqlite', { redis });
    const ip = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
    for (let i = 0; i < 120; i += 1) {
      await t.app.inject({ method: 'GET', url: `/api/no-such-${i}`, remoteAddress: ip });
    }
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/no-such-more',
      remoteAddress: ip,
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: -429,
      data: { retryAfterSeconds: expect.any(Number) },
    });
    const captcha = await t.app.inject({
      method: 'GET',
      url: '/api/common/captcha/image',
      remoteAddress: ip,
    });
    expect(captcha.json().code).toBe(1);
  });
});
