import { afterEach, describe, expect, test } from 'vitest';
import { startTestSmtp, type TestSmtp } from '../../../tests/helpers/smtp.ts';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import { DIALECTS } from '../../../tests/helpers/test-db.ts';
import { verifyPassword } from './password.ts';
import { PLACES } from './nickname.ts';
import { findUserById, updateUser } from './user.repo.ts';

const PASSWORD = 'a long enough passphrase';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe.each(DIALECTS)('the signed-in user’s own info on %s', (dialect) => {
  let t: TestApp;
  let smtp: TestSmtp | undefined;
  afterEach(async () => {
    await t.close();
    await smtp?.close();
    smtp = undefined;
  });

  async function start(env: Record<string, string> = {}) {
    t = await createTestApp(dialect, { env });
  }

  const patch = (what: string, token: string | null, payload: unknown) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/user/info/${what}`,
      headers: token ? bearer(token) : {},
      payload: payload as Record<string, unknown>,
    });
  const me = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/user/info/private', headers: bearer(token) });

  describe('nickname', () => {
    test('is trimmed and saved; the answer is the User', async () => {
      await start();
      const { user, token } = await t.signUp();
      const res = await patch('nickname', token, { nickname: '  洛阳 曹孟德 ' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        code: 1,
        data: { id: user.id, username: user.username, nickname: '洛阳 曹孟德' },
      });
      expect(res.body).not.toContain('scrypt');
      expect(Date.parse(res.json().data.updateTime)).toBeGreaterThanOrEqual(
        Date.parse(user.updateTime),
      );
      expect((await me(token)).json().data.nickname).toBe('洛阳 曹孟德');
    });

    test.each([
      ['empty', { nickname: '' }],
      ['only spaces', { nickname: '   ' }],
      ['33 characters', { nickname: '名'.repeat(33) }],
      ['missing', {}],
      ['an extra field', { nickname: 'ok', id: 'someone-else' }],
      ['not a string', { nickname: { first: 'Cao' } }],
    ])('%s is refused with -400', async (_name, payload) => {
      await start();
      const { token } = await t.signUp();
      const res = await patch('nickname', token, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: -400, message: expect.stringContaining('body') });
    });

    test('32 characters are fine; anonymous callers get -401', async () => {
      await start();
      const { token } = await t.signUp();
      expect((await patch('nickname', token, { nickname: '名'.repeat(32) })).json().code).toBe(1);
      const anonymous = await patch('nickname', null, { nickname: 'x' });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().code).toBe(-401);
    });
  });

  describe('password', () => {
    test('needs the current password; other sessions end, this one keeps working', async () => {
      await start();
      const { user, token } = await t.signUp();
      const phone = await t.app.ctx.sessions.create(user.id, { userAgent: 'phone', ip: '::1' });
      const res = await patch('password', token, {
        currentPassword: PASSWORD,
        newPassword: 'an even longer passphrase',
        confirmPassword: 'an even longer passphrase',
      });
      expect(res.json()).toEqual({ code: 1, message: expect.any(String), data: null });
      expect((await me(phone)).json().code).toBe(-2);
      expect((await me(token)).json().code).toBe(1);
      const row = await findUserById(t.testDb.db.kysely, user.id);
      expect(await verifyPassword('an even longer passphrase', row?.password_hash ?? '')).toBe(
        true,
      );
      expect(await verifyPassword(PASSWORD, row?.password_hash ?? '')).toBe(false);
    });

    test('a wrong current password is refused with code 0 (403) and changes nothing', async () => {
      await start();
      const { user, token } = await t.signUp();
      const phone = await t.app.ctx.sessions.create(user.id, { userAgent: 'phone', ip: '::1' });
      const res = await patch('password', token, {
        currentPassword: 'not my password at all',
        newPassword: 'an even longer passphrase',
        confirmPassword: 'an even longer passphrase',
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 0, message: expect.stringContaining('/') });
      const row = await findUserById(t.testDb.db.kysely, user.id);
      expect(await verifyPassword(PASSWORD, row?.password_hash ?? '')).toBe(true);
      expect((await me(phone)).json().code).toBe(1);
    });

    test.each([
      [
        'no current password',
        { newPassword: 'an even longer passphrase', confirmPassword: 'an even longer passphrase' },
        'currentPassword',
      ],
      [
        'a confirmation that differs',
        {
          currentPassword: PASSWORD,
          newPassword: 'an even longer passphrase',
          confirmPassword: 'an even longer passphrasf',
        },
        'confirmPassword',
      ],
      [
        'a common password',
        { currentPassword: PASSWORD, newPassword: 'password123', confirmPassword: 'password123' },
        'too common',
      ],
      [
        'a short password',
        { currentPassword: PASSWORD, newPassword: 'short', confirmPassword: 'short' },
        'at least 8',
      ],
      [
        '129 characters',
        {
          currentPassword: PASSWORD,
          newPassword: 'x'.repeat(129),
          confirmPassword: 'x'.repeat(129),
        },
        'at most 128',
      ],
      ['a missing new password', { currentPassword: PASSWORD }, 'newPassword'],
    ])('%s is refused with -400', async (_name, payload, why) => {
      await start();
      const { user, token } = await t.signUp();
      const res = await patch('password', token, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: -400, message: expect.stringContaining(why) });
      const row = await findUserById(t.testDb.db.kysely, user.id);
      expect(await verifyPassword(PASSWORD, row?.password_hash ?? '')).toBe(true);
    });

    test('an account without a password (GitHub) sets one without a current password', async () => {
      await start();
      const { user, token } = await t.signUp();
      await updateUser(t.testDb.db.kysely, user.id, { password_hash: null });
      const extra = await t.app.inject({
        method: 'GET',
        url: '/api/user/info/extra',
        headers: bearer(token),
      });
      expect(extra.json().data.hasPassword).toBe(false);
      const res = await patch('password', token, {
        newPassword: 'a brand new passphrase',
        confirmPassword: 'a brand new passphrase',
      });
      expect(res.json().code).toBe(1);
      const after = await t.app.inject({
        method: 'GET',
        url: '/api/user/info/extra',
        headers: bearer(token),
      });
      expect(after.json().data.hasPassword).toBe(true);
    });

    test('guessing the current password is throttled per user', async () => {
      await start();
      const { token } = await t.signUp();
      const guess = () =>
        patch('password', token, {
          currentPassword: 'a wrong guess here',
          newPassword: 'an even longer passphrase',
          confirmPassword: 'an even longer passphrase',
        });
      for (let i = 0; i < 10; i += 1) expect((await guess()).json().code).toBe(0);
      const limited = await guess();
      expect(limited.statusCode).toBe(429);
      expect(limited.json().code).toBe(-429);
    });
  });

  describe('email', () => {
    async function startWithMail() {
      smtp = await startTestSmtp();
      await start({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port) });
    }
    async function mailedCode(email: string, ip: string): Promise<string> {
      const sent = await t.app.inject({
        method: 'POST',
        url: '/api/common/captcha/email',
        payload: { email },
        remoteAddress: ip,
      });
      expect(sent.json().code).toBe(1);
      const mail = await (smtp as TestSmtp).waitFor((m) => m.to.includes(email.toLowerCase()));
      return /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '';
    }

    test('changes with the code mailed to the new address, which then works once', async () => {
      await startWithMail();
      const { user, token } = await t.signUp();
      const code = await mailedCode('New.Me@example.test', '10.0.0.1');
      const wrong = code === '000000' ? '111111' : '000000';
      const refused = await patch('email', token, { email: 'New.Me@example.test', code: wrong });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: -5 });
      expect((await me(token)).json().data.email).toBeNull();

      const res = await patch('email', token, { email: 'New.Me@example.test', code });
      expect(res.json()).toMatchObject({
        code: 1,
        data: { id: user.id, email: 'New.Me@example.test' },
      });
      expect((await me(token)).json().data.email).toBe('New.Me@example.test');
      // Used up: the same code does not work a second time.
      const again = await patch('email', token, { email: 'new.me@example.test', code });
      expect(again.json()).toMatchObject({ code: -4 });
    });

    test('an address someone else uses is refused with code 0 (409)', async () => {
      await startWithMail();
      const owner = await t.signUp();
      await updateUser(t.testDb.db.kysely, owner.user.id, { email: 'taken@example.test' });
      const { token } = await t.signUp();
      const code = await mailedCode('Taken@Example.test', '10.0.0.2');
      const res = await patch('email', token, { email: 'Taken@Example.test', code });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 0, data: null });
      expect((await me(token)).json().data.email).toBeNull();
    });

    test('a code for another address does not work, nor does one never sent', async () => {
      await startWithMail();
      const { token } = await t.signUp();
      const code = await mailedCode('mine@example.test', '10.0.0.3');
      const res = await patch('email', token, { email: 'other@example.test', code });
      expect(res.json()).toMatchObject({ code: -4 });
    });

    test.each([
      ['a malformed address', { email: 'not-an-address', code: '123456' }],
      ['a missing code', { email: 'a@example.test' }],
      ['an empty code', { email: 'a@example.test', code: '' }],
    ])('%s is refused with -400', async (_name, payload) => {
      await start();
      const { token } = await t.signUp();
      const res = await patch('email', token, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(-400);
    });
  });

  test('extra: password and GitHub link state', async () => {
    await start();
    const { user, token } = await t.signUp();
    const extra = () =>
      t.app.inject({ method: 'GET', url: '/api/user/info/extra', headers: bearer(token) });
    expect((await extra()).json()).toEqual({
      code: 1,
      message: expect.any(String),
      data: { hasPassword: true, githubLinked: false, githubLogin: null },
    });
    await updateUser(t.testDb.db.kysely, user.id, { github_id: '583231', github_login: 'octocat' });
    expect((await extra()).json().data).toEqual({
      hasPassword: true,
      githubLinked: true,
      githubLogin: 'octocat',
    });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/user/info/extra' });
    expect(anonymous.json().code).toBe(-401);
  });

  test('one user’s changes never touch another user', async () => {
    await start();
    const alice = await t.signUp();
    const bob = await t.signUp();
    await patch('nickname', alice.token, { nickname: 'Alice' });
    await patch('password', alice.token, {
      currentPassword: PASSWORD,
      newPassword: 'alice has a new passphrase',
      confirmPassword: 'alice has a new passphrase',
    });
    const bobNow = (await me(bob.token)).json().data;
    expect(bobNow.nickname).toBe(bob.user.nickname);
    const row = await findUserById(t.testDb.db.kysely, bob.user.id);
    expect(await verifyPassword(PASSWORD, row?.password_hash ?? '')).toBe(true);
    // Bob's sessions survive Alice's password change.
    expect((await me(bob.token)).json().code).toBe(1);
  });

  describe('random nickname', () => {
    const get = (query = '') =>
      t.app.inject({ method: 'GET', url: `/api/user/random/nickname${query}` });

    test('without coordinates: one of the 44 places and a Chinese name, for anyone', async () => {
      await start();
      const seen = new Set<string>();
      for (let i = 0; i < 10; i += 1) {
        const res = await get();
        expect(res.json().code).toBe(1);
        const nickname = res.json().data as string;
        const place = PLACES.find((p) => nickname.startsWith(p.name));
        expect(place).toBeDefined();
        expect(nickname.length).toBeGreaterThan(place?.name.length ?? 0);
        expect([...nickname].length).toBeLessThanOrEqual(32);
        seen.add(nickname);
      }
      expect(seen.size).toBeGreaterThan(1);
    });

    test('with coordinates: the nearest place', async () => {
      await start();
      const chengdu = await get('?latitude=30.66&longitude=104.06');
      expect(chengdu.json().data).toMatch(/^成都[\u4e00-\u9fff]{2,4}$/);
      const nanjing = await get('?latitude=32.05&longitude=118.78');
      expect(nanjing.json().data).toMatch(/^建业/);
    });

    test.each([
      ['?latitude=91&longitude=100'],
      ['?latitude=30&longitude=181'],
      ['?latitude=abc&longitude=100'],
      ['?latitude=30'],
      ['?longitude=100'],
      ['?latitude=30&longitude=100&x=1'],
    ])('%s is refused with -400', async (query) => {
      await start();
      const res = await get(query);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(-400);
    });
  });
});
