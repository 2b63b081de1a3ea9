import { randomInt } from 'node:crypto';
import { afterEach, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import { DIALECTS, REDIS_URLS } from '../../../tests/helpers/test-db.ts';
import { connectRedis } from '../redis/index.ts';

const PASSWORD = 'a long enough passphrase';
const TEST_ENV = { NODE_ENV: 'test', CAPTCHA_TEST_MODE: 'true' };

function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

describe.each(DIALECTS)('register and sign-in on %s', (dialect) => {
  let t: TestApp;
  let clock = Date.parse('2026-11-21T10:00:00Z');
  afterEach(() => t.close());

  async function start() {
    clock = Date.parse('2026-11-21T10:00:00Z');
    t = await createTestApp(dialect, { now: () => clock, env: TEST_ENV });
  }

  /** A fresh image captcha and its answer (the test switch makes it say TEST). */
  async function captcha() {
    const { sessionId } = await t.app.ctx.captcha.image();
    return { sessionId, code: 'TEST' };
  }

  async function registerBody(overrides: Record<string, unknown> = {}) {
    return {
      username: 'alice',
      password: PASSWORD,
      confirmPassword: PASSWORD,
      nickname: '  Alice  ',
      ...(await captcha()),
      ...overrides,
    };
  }

  function register(payload: unknown, ip = '10.0.0.1', headers: Record<string, string> = {}) {
    return t.app.inject({
      method: 'POST',
      url: '/api/user/auth/register',
      payload: payload as object,
      remoteAddress: ip,
      headers,
    });
  }

  function login(payload: Record<string, unknown>, ip = '10.0.0.1') {
    return t.app.inject({
      method: 'POST',
      url: '/api/user/auth/login',
      payload,
      remoteAddress: ip,
    });
  }

  function info(token: string) {
    return t.app.inject({ method: 'GET', url: '/api/user/info/private', headers: bearer(token) });
  }

  async function setEmail(userId: string, email: string) {
    await t.testDb.db.kysely.updateTable('users').set({ email }).where('id', '=', userId).execute();
  }

  async function lock(userId: string) {
    await t.testDb.db.kysely
      .updateTable('users')
      .set({ is_locked: true })
      .where('id', '=', userId)
      .execute();
  }

  test('register creates the account, signs it in and keeps the language of the browser', async () => {
    await start();
    const res = await register(await registerBody(), '10.0.0.1', { 'accept-language': 'en-US' });
    expect(res.statusCode).toBe(200);
    const { code, data } = res.json();
    expect(code).toBe(1);
    expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(data.user).toMatchObject({
      username: 'alice',
      nickname: 'Alice',
      email: null,
      isLocked: false,
      permissions: [],
    });
    expect((await info(data.token)).json().data.id).toBe(data.user.id);
    const row = await t.testDb.db.kysely
      .selectFrom('users')
      .select(['locale', 'password_hash'])
      .where('id', '=', data.user.id)
      .executeTakeFirstOrThrow();
    expect(row.locale).toBe('en');
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(res.body).not.toContain('scrypt');
  });

  test.each([
    ['a short username', { username: 'ab' }, 'username'],
    ['a long username', { username: 'a'.repeat(33) }, 'username'],
    ['a username with other characters', { username: 'al ice' }, 'username'],
    ['a short password', { password: 'short12', confirmPassword: 'short12' }, 'password'],
    ['a common password', { password: 'password123', confirmPassword: 'password123' }, 'password'],
    [
      'a password equal to the username',
      { password: 'alice-the-user', confirmPassword: 'alice-the-user', username: 'alice-the-user' },
      'password',
    ],
    ['a different confirmation', { confirmPassword: `${PASSWORD}!` }, 'confirmPassword'],
    ['a blank nickname', { nickname: '   ' }, 'nickname'],
    ['a long nickname', { nickname: 'n'.repeat(33) }, 'nickname'],
    ['no captcha', { sessionId: undefined, code: undefined }, 'sessionId'],
    ['an unknown field', { sex: 'f' }, 'sex'],
  ])('register refuses %s with -400 naming the field', async (_what, overrides, field) => {
    await start();
    const res = await register(await registerBody(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(-400);
    expect(res.json().message).toContain(field);
    const users = await t.testDb.db.kysely.selectFrom('users').select('id').execute();
    expect(users).toHaveLength(0);
  });

  test('register checks the captcha first: a wrong one is -5 even for a taken username', async () => {
    await start();
    await t.signUp({ username: 'alice' });
    const res = await register(await registerBody({ code: 'WRONG' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(-5);
    const expired = await register(await registerBody({ sessionId: 'no-such-captcha' }));
    expect(expired.json().code).toBe(-4);
  });

  test('a taken username is refused regardless of case (code 0, 409)', async () => {
    await start();
    await t.signUp({ username: 'Alice' });
    const res = await register(await registerBody({ username: 'aLICE' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 0, message: expect.stringContaining('taken') });
  });

  test('register is capped at 10 an hour per IP (-429 with a retry time)', async () => {
    await start();
    for (let i = 0; i < 10; i += 1) {
      const res = await register(await registerBody({ code: 'WRONG' }), '10.0.0.7');
      expect(res.json().code).toBe(-5);
    }
    const res = await register(await registerBody(), '10.0.0.7');
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe(-429);
    expect(res.json().data.retryAfterSeconds).toBeGreaterThan(3000);
    expect((await register(await registerBody(), '10.0.0.8')).json().code).toBe(1);
  });

  test('sign in with the username or the email, in any case; each sign-in is a new session', async () => {
    await start();
    const { user } = await t.signUp({ username: 'Bob' });
    await setEmail(user.id, 'Bob@Example.com');
    const byName = await login({ account: 'bob', password: PASSWORD });
    expect(byName.statusCode).toBe(200);
    expect(byName.json().data.user.id).toBe(user.id);
    const byEmail = await login({ account: 'bob@example.COM', password: PASSWORD });
    expect(byEmail.json().data.user.id).toBe(user.id);
    expect(byEmail.json().data.token).not.toBe(byName.json().data.token);
    expect((await info(byName.json().data.token)).json().code).toBe(1);
    expect((await info(byEmail.json().data.token)).json().code).toBe(1);
  });

  test.each([
    ['no password', { account: 'bob' }],
    ['an empty account', { account: '', password: PASSWORD }],
    ['an unknown field', { account: 'bob', password: PASSWORD, remember: true }],
  ])('sign-in refuses %s with -400', async (_what, payload) => {
    await start();
    const res = await login(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(-400);
  });

  test('an unknown account and a wrong password get the very same answer', async () => {
    await start();
    const { user } = await t.signUp({ username: 'carol' });
    await setEmail(user.id, 'carol@example.com');
    const answers = [
      await login({ account: 'carol', password: 'not the password' }, '10.0.1.1'),
      await login({ account: 'nobody', password: 'not the password' }, '10.0.1.2'),
      await login({ account: 'carol@example.com', password: 'not the password' }, '10.0.1.3'),
      await login({ account: 'nobody@example.com', password: 'not the password' }, '10.0.1.4'),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        code: 0,
        message: '账号或密码错误 / Wrong account or password',
        data: { captchaRequired: false },
      });
    }
    // And the throttle treats both alike, failure after failure.
    await t.signUp({ username: 'kate' });
    for (let i = 1; i <= 3; i += 1) {
      const known = await login({ account: 'kate', password: 'x' }, `10.0.3.${i}`);
      const unknown = await login({ account: 'kate-not', password: 'x' }, `10.0.4.${i}`);
      expect(unknown.statusCode).toBe(known.statusCode);
      expect(unknown.json()).toEqual(known.json());
      expect(known.json().data).toEqual({ captchaRequired: i >= 3 });
    }
    const known = await login({ account: 'kate', password: 'x' }, '10.0.3.9');
    const unknown = await login({ account: 'kate-not', password: 'x' }, '10.0.4.9');
    expect(unknown.json()).toEqual(known.json());
    expect(known.json()).toMatchObject({ code: -4, data: { captchaRequired: true } });
  });

  test('brute force: a captcha after 3 failures, a growing delay from the 5th, then it ends', async () => {
    await start();
    await t.signUp({ username: 'dave' });
    const wrong = { account: 'dave', password: 'guess-guess' };
    const first = await login(wrong);
    expect(first.json().data).toEqual({ captchaRequired: false });
    await login(wrong);
    const third = await login(wrong);
    expect(third.statusCode).toBe(401);
    expect(third.json().data).toEqual({ captchaRequired: true });

    // Without a captcha, or with a wrong one, the attempt stops there (and is not counted).
    const missing = await login(wrong);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: -4, data: { captchaRequired: true } });
    const bad = await login({ ...wrong, ...(await captcha()), code: 'NOPE' });
    expect(bad.json()).toMatchObject({ code: -5, data: { captchaRequired: true } });

    expect((await login({ ...wrong, ...(await captcha()) })).json().code).toBe(0); // 4th
    expect((await login({ ...wrong, ...(await captcha()) })).json().code).toBe(0); // 5th
    const right = { account: 'dave', password: PASSWORD };
    const delayed = await login({ ...right, ...(await captcha()) });
    expect(delayed.statusCode).toBe(429);
    expect(delayed.json()).toMatchObject({ code: -429, data: { retryAfterSeconds: 30 } });

    clock += 10_000;
    const still = await login({ ...right, ...(await captcha()) });
    expect(still.json()).toMatchObject({ code: -429, data: { retryAfterSeconds: 20 } });

    clock += 20_000;
    const after = await login({ ...right, ...(await captcha()) });
    expect(after.json().code).toBe(1);

    // Success cleared the account's counters: from a fresh address no captcha is needed.
    const fresh = await login(wrong, '10.9.9.9');
    expect(fresh.json().data).toEqual({ captchaRequired: false });
  });

  test('the delay doubles with each further failure', async () => {
    await start();
    await t.signUp({ username: 'erin' });
    const wrong = async () =>
      login({ account: 'erin', password: 'nope-nope', ...(await captcha()) });
    for (let i = 0; i < 5; i += 1) await wrong();
    expect((await wrong()).json().data).toEqual({ retryAfterSeconds: 30 });
    clock += 30_000;
    expect((await wrong()).json().code).toBe(0); // 6th failure
    expect((await wrong()).json().data).toEqual({ retryAfterSeconds: 60 });
    clock += 60_000;
    expect((await wrong()).json().code).toBe(0); // 7th
    expect((await wrong()).json().data).toEqual({ retryAfterSeconds: 120 });
  });

  test('failures are counted per account across addresses, and per address across accounts', async () => {
    await start();
    await t.signUp({ username: 'frank' });
    // One account from many addresses (a distributed guess).
    for (let i = 1; i <= 5; i += 1) {
      const res = await login(
        { account: 'frank', password: 'wrong-one', ...(await captcha()) },
        `10.1.0.${i}`,
      );
      expect(res.json().code).toBe(0);
    }
    const elsewhere = await login({ account: 'frank', password: PASSWORD }, '10.1.0.99');
    expect(elsewhere.json()).toMatchObject({ code: -429, data: { retryAfterSeconds: 30 } });

    // Many accounts from one address (credential stuffing).
    await t.signUp({ username: 'kim' });
    for (const account of ['u1', 'u2', 'u3']) await login({ account, password: 'x' }, '10.2.0.1');
    const kim = await login({ account: 'kim', password: PASSWORD }, '10.2.0.1');
    expect(kim.json()).toMatchObject({ code: -4, data: { captchaRequired: true } });
    expect((await login({ account: 'kim', password: PASSWORD }, '10.2.0.2')).json().code).toBe(1);
    for (const account of ['u4', 'u5']) {
      await login({ account, password: 'x', ...(await captcha()) }, '10.2.0.1');
    }
    const delayed = await login({ account: 'kim', password: PASSWORD }, '10.2.0.1');
    expect(delayed.json()).toMatchObject({ code: -429, data: { retryAfterSeconds: 30 } });
  });

  test('IPv6 addresses are counted by their /64 network', async () => {
    await start();
    for (let i = 1; i <= 3; i += 1) {
      await login({ account: `nobody${i}`, password: 'x' }, `2001:db8:0:1::${i}`);
    }
    const sameNet = await login({ account: 'nobody4', password: 'x' }, '2001:db8:0:1:ffff::9');
    expect(sameNet.json()).toMatchObject({ code: -4, data: { captchaRequired: true } });
    const otherNet = await login({ account: 'nobody4', password: 'x' }, '2001:db8:0:2::1');
    expect(otherNet.json()).toMatchObject({ code: 0, data: { captchaRequired: false } });
  });

  test('parallel guesses cannot slip past the count: one attempt per account at a time', async () => {
    await start();
    await t.signUp({ username: 'gina' });
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        login({ account: 'gina', password: `parallel-${i}` }, `10.3.0.${i}`),
      ),
    );
    const codes = answers.map((res) => res.json().code);
    expect(codes).toContain(-429);
    expect(codes.filter((code) => code === 0).length).toBeLessThan(8);
  });

  test('a locked account: refused with 403 only to someone who knows the password', async () => {
    await start();
    const { user, token } = await t.signUp({ username: 'hank' });
    await lock(user.id);
    const right = await login({ account: 'hank', password: PASSWORD });
    expect(right.statusCode).toBe(403);
    expect(right.json()).toEqual({ code: 0, message: '账号已锁定 / Account locked', data: null });
    const wrong = await login({ account: 'hank', password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('账号或密码错误 / Wrong account or password');
    expect((await info(token)).json().code).toBe(-2);
  });

  test('an account without a password (made by GitHub sign-in) cannot sign in with one', async () => {
    await start();
    const { user } = await t.signUp({ username: 'ivy' });
    await t.testDb.db.kysely
      .updateTable('users')
      .set({ password_hash: null })
      .where('id', '=', user.id)
      .execute();
    const res = await login({ account: 'ivy', password: PASSWORD });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(0);
  });

  test('after logout the token of that sign-in answers -2', async () => {
    await start();
    await t.signUp({ username: 'jack' });
    const { token } = (await login({ account: 'jack', password: PASSWORD })).json().data;
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/user/auth/logout',
      headers: bearer(token),
    });
    expect(out.json().code).toBe(1);
    expect((await info(token)).json().code).toBe(-2);
  });
});

describe.each(DIALECTS)('devices on %s', (dialect) => {
  let t: TestApp;
  afterEach(() => t.close());

  const call = (method: 'GET' | 'DELETE', url: string, token?: string) =>
    t.app.inject({ method, url, headers: token ? bearer(token) : {} });

  test('a user lists their devices and ends one, or all but this one', async () => {
    t = await createTestApp(dialect);
    const { user, token } = await t.signUp();
    const phone = await t.app.ctx.sessions.create(user.id, { userAgent: 'Phone', ip: '10.0.0.5' });
    const tablet = await t.app.ctx.sessions.create(user.id, { userAgent: 'Tablet', ip: '::1' });

    const list = await call('GET', '/api/user/auth/sessions', token);
    expect(list.statusCode).toBe(200);
    const devices = list.json().data as { id: string; userAgent: string; current: boolean }[];
    expect(devices).toHaveLength(3);
    expect(devices.filter((d) => d.current).map((d) => d.userAgent)).toEqual(['vitest']);
    expect(Object.keys(devices[0] ?? {}).sort()).toEqual(
      ['createTime', 'current', 'id', 'ip', 'lastSeenTime', 'userAgent'].sort(),
    );

    const phoneId = devices.find((d) => d.userAgent === 'Phone')?.id;
    const ended = await call('DELETE', `/api/user/auth/sessions/${phoneId}`, token);
    expect(ended.json().code).toBe(1);
    expect((await call('GET', '/api/user/info/private', phone)).json().code).toBe(-2);
    expect((await call('GET', '/api/user/info/private', tablet)).json().code).toBe(1);

    expect((await call('DELETE', '/api/user/auth/sessions', token)).json().code).toBe(1);
    expect((await call('GET', '/api/user/info/private', tablet)).json().code).toBe(-2);
    expect((await call('GET', '/api/user/info/private', token)).json().code).toBe(1);
    expect((await call('GET', '/api/user/auth/sessions', token)).json().data).toHaveLength(1);
  });

  test("another user's session is not found, and cannot be ended", async () => {
    t = await createTestApp(dialect);
    const me = await t.signUp();
    const other = await t.signUp();
    const [theirs] = (await call('GET', '/api/user/auth/sessions', other.token)).json().data;
    const res = await call('DELETE', `/api/user/auth/sessions/${theirs.id}`, me.token);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(-404);
    expect((await call('GET', '/api/user/info/private', other.token)).json().code).toBe(1);
  });

  test('anonymous callers get -401', async () => {
    t = await createTestApp(dialect);
    for (const [method, url] of [
      ['GET', '/api/user/auth/sessions'],
      ['DELETE', '/api/user/auth/sessions'],
      ['DELETE', '/api/user/auth/sessions/x'],
    ] as const) {
      const res = await call(method, url);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe(-401);
    }
  });
});

test.each(REDIS_URLS)('with Redis the limits hold across instances (%s)', async (url) => {
  const redisA = connectRedis(url);
  const redisB = connectRedis(url);
  const a = await createTestApp('sqlite', { redis: redisA, env: TEST_ENV });
  const b = await createTestApp('sqlite', { redis: redisB, env: TEST_ENV });
  try {
    // Addresses and names of this run only: Redis outlives the test.
    const ip = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    const account = `ghost-${Date.now().toString(36)}`;
    const attempt = async (t: TestApp, withCaptcha: boolean) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/auth/login',
        payload: {
          account,
          password: 'wrong-wrong',
          ...(withCaptcha
            ? { sessionId: (await t.app.ctx.captcha.image()).sessionId, code: 'TEST' }
            : {}),
        },
        remoteAddress: ip,
      });
    for (let i = 0; i < 3; i += 1) expect((await attempt(a, false)).json().code).toBe(0);
    expect((await attempt(b, false)).json()).toMatchObject({ code: -4 });
    expect((await attempt(b, true)).json().code).toBe(0);
    expect((await attempt(a, true)).json().code).toBe(0);
    expect((await attempt(b, true)).json()).toMatchObject({
      code: -429,
      data: { retryAfterSeconds: 30 },
    });

    const register = (t: TestApp) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/auth/register',
        payload: {
          username: 'someone',
          password: PASSWORD,
          confirmPassword: PASSWORD,
          nickname: 'S',
          sessionId: 'none',
          code: 'X',
        },
        remoteAddress: ip,
      });
    for (let i = 0; i < 5; i += 1) expect((await register(a)).json().code).toBe(-4);
    for (let i = 0; i < 5; i += 1) expect((await register(b)).json().code).toBe(-4);
    expect((await register(a)).json().code).toBe(-429);
  } finally {
    await a.close();
    await b.close();
    redisA.disconnect();
    redisB.disconnect();
  }
});
