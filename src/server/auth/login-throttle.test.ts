import { randomBytes } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { REDIS_URLS } from '../../../tests/helpers/test-db.ts';
import { memoryKv, redisKv } from '../kv/index.ts';
import { connectRedis } from '../redis/index.ts';
import {
  LOGIN_WINDOW_MS,
  MAX_DELAY_MS,
  checkThrottle,
  clearFailures,
  countFailure,
  delayAfter,
  takeTurn,
  type LoginSubject,
} from './login-throttle.ts';

test('delays start at the 5th failure with 30 s, double, and stop growing at 15 minutes', () => {
  expect([1, 2, 3, 4].map(delayAfter)).toEqual([0, 0, 0, 0]);
  expect([5, 6, 7, 8, 9].map(delayAfter)).toEqual([30_000, 60_000, 120_000, 240_000, 480_000]);
  expect(delayAfter(10)).toBe(MAX_DELAY_MS);
  expect(delayAfter(50)).toBe(15 * 60_000);
});

describe('the throttle on the memory store', () => {
  function setup() {
    let clock = 1_000_000;
    const throttle = { kv: memoryKv(() => clock), now: () => clock };
    return { throttle, advance: (ms: number) => (clock += ms) };
  }
  const alice: LoginSubject = { account: 'user:alice', ip: '10.0.0.1' };

  test('failures are forgotten once the 15-minute window has passed', async () => {
    const { throttle, advance } = setup();
    for (let i = 0; i < 3; i += 1) await countFailure(throttle, alice);
    expect(await checkThrottle(throttle, alice)).toEqual({ captchaRequired: true });
    advance(LOGIN_WINDOW_MS);
    expect(await checkThrottle(throttle, alice)).toEqual({ captchaRequired: false });
  });

  test('failures 15 minutes apart are still counted: the window runs from the last one', async () => {
    const { throttle, advance } = setup();
    for (let i = 0; i < 2; i += 1) {
      await countFailure(throttle, alice);
      advance(LOGIN_WINDOW_MS - 1000);
    }
    expect((await countFailure(throttle, alice)).captchaRequired).toBe(true);
  });

  test('the window waits for a delay to end, so a steady attack stays at the longest delay', async () => {
    const { throttle, advance } = setup();
    let wait = 0;
    for (let i = 1; i <= 12; i += 1) {
      advance(wait);
      await countFailure(throttle, alice);
      wait = delayAfter(i);
    }
    expect(wait).toBe(MAX_DELAY_MS);
    // Right after the longest delay the failures are still remembered: one more, another 15 min.
    advance(MAX_DELAY_MS);
    await countFailure(throttle, alice);
    await expect(checkThrottle(throttle, alice)).rejects.toMatchObject({
      data: { retryAfterSeconds: 900 },
    });
    // After the delay and 15 quiet minutes, all is forgotten.
    advance(MAX_DELAY_MS + LOGIN_WINDOW_MS);
    expect(await checkThrottle(throttle, alice)).toEqual({ captchaRequired: false });
  });

  test('the longest delay ends by itself: no lockout is permanent', async () => {
    const { throttle, advance } = setup();
    for (let i = 0; i < 12; i += 1) await countFailure(throttle, alice);
    await expect(checkThrottle(throttle, alice)).rejects.toMatchObject({
      code: -429,
      data: { retryAfterSeconds: 900 },
    });
    advance(MAX_DELAY_MS);
    await expect(checkThrottle(throttle, alice)).resolves.toBeDefined();
  });

  test("success clears the account's counters but not the address's", async () => {
    const { throttle } = setup();
    for (let i = 0; i < 3; i += 1) await countFailure(throttle, alice);
    await clearFailures(throttle, alice);
    expect(await checkThrottle(throttle, { ...alice, ip: '10.0.0.2' })).toEqual({
      captchaRequired: false,
    });
    expect(await checkThrottle(throttle, { account: 'user:bob', ip: alice.ip })).toEqual({
      captchaRequired: true,
    });
  });

  test('one attempt per account at a time; the turn is free again when released', async () => {
    const { throttle } = setup();
    const release = await takeTurn(throttle, alice);
    await expect(takeTurn(throttle, { ...alice, ip: '10.0.0.9' })).rejects.toMatchObject({
      code: -429,
    });
    await release();
    await expect(takeTurn(throttle, alice)).resolves.toBeTypeOf('function');
  });
});

test.each(REDIS_URLS)('with Redis, every instance sees the same counters (%s)', async (url) => {
  const a = connectRedis(url);
  const b = connectRedis(url);
  try {
    const one = { kv: redisKv(a), now: Date.now };
    const two = { kv: redisKv(b), now: Date.now };
    const unique = randomBytes(6).toString('hex');
    const subject = { account: `user:${unique}`, ip: `test-${unique}` };
    for (let i = 0; i < 3; i += 1) await countFailure(one, subject);
    expect(await checkThrottle(two, subject)).toEqual({ captchaRequired: true });
    await countFailure(one, subject);
    await countFailure(one, subject);
    await expect(checkThrottle(two, subject)).rejects.toMatchObject({
      code: -429,
      data: { retryAfterSeconds: 30 },
    });
    const release = await takeTurn(one, subject);
    await expect(takeTurn(two, subject)).rejects.toMatchObject({ code: -429 });
    await release();
    await clearFailures(two, subject);
    await expect(checkThrottle(one, { ...subject, ip: `other-${unique}` })).resolves.toEqual({
      captchaRequired: false,
    });
  } finally {
    a.disconnect();
    b.disconnect();
  }
});
