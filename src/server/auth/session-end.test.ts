import { afterEach, describe, expect, test } from 'vitest';
import { Role } from '../../lib/shared/permissions.ts';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import { DIALECTS } from '../../../tests/helpers/test-db.ts';

const PASSWORD = 'a long enough passphrase';
const DAY = 86_400_000;

function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

describe.each(DIALECTS)('why a session ended (-2 data.reason) on %s', (dialect) => {
  let t: TestApp;
  let clock = Date.parse('2026-11-21T10:00:00Z');
  afterEach(() => t.close());

  async function start() {
    clock = Date.parse('2026-11-21T10:00:00Z');
    t = await createTestApp(dialect, { now: () => clock });
  }

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    token: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const me = (token: string) => call('GET', '/api/user/info/private', token);

  async function expectEnded(token: string, reason: string) {
    for (const res of [
      await me(token),
      await call('GET', '/api/user/auth/heartbeat', token),
      await call('POST', '/api/user/auth/refresh', token),
      await call('GET', '/api/user/manage/info', token),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: -2, message: expect.any(String), data: { reason } });
    }
  }

  test('an admin locked the account: locked', async () => {
    await start();
    const owner = await t.signUp({ roles: [Role.SUPER_ADMIN] });
    const { user, token } = await t.signUp();
    const res = await call('POST', '/api/user/manage/lock', owner.token, {
      id: user.id,
      isLocked: true,
    });
    expect(res.json().code).toBe(1);
    await expectEnded(token, 'locked');
    // Still the reason after the unlock: that is why this session ended.
    await call('POST', '/api/user/manage/lock', owner.token, { id: user.id, isLocked: false });
    await expectEnded(token, 'locked');
  });

  test('a locked account whose session is still open: locked', async () => {
    await start();
    const { user, token } = await t.signUp();
    await t.testDb.db.kysely
      .updateTable('users')
      .set({ is_locked: true })
      .where('id', '=', user.id)
      .execute();
    await expectEnded(token, 'locked');
  });

  test('the password was changed on another device: passwordChanged', async () => {
    await start();
    const { user, token } = await t.signUp();
    const phone = await t.app.ctx.sessions.create(user.id, { userAgent: 'phone', ip: '::1' });
    const res = await call('PATCH', '/api/user/info/password', token, {
      currentPassword: PASSWORD,
      newPassword: 'an even longer passphrase',
      confirmPassword: 'an even longer passphrase',
    });
    expect(res.json().code).toBe(1);
    await expectEnded(phone, 'passwordChanged');
    expect((await me(token)).json().code).toBe(1);
  });

  test('signed out here, or from another device: revoked', async () => {
    await start();
    const { user, token } = await t.signUp();
    const phone = await t.app.ctx.sessions.create(user.id, { userAgent: 'phone', ip: '::1' });
    const tablet = await t.app.ctx.sessions.create(user.id, { userAgent: 'tablet', ip: '::1' });
    const laptop = await t.app.ctx.sessions.create(user.id, { userAgent: 'laptop', ip: '::1' });

    expect((await call('POST', '/api/user/auth/logout', laptop)).json().code).toBe(1);
    await expectEnded(laptop, 'revoked');

    const devices = (await call('GET', '/api/user/auth/sessions', token)).json().data as {
      id: string;
      userAgent: string;
    }[];
    const phoneId = devices.find((d) => d.userAgent === 'phone')?.id ?? '';
    expect((await call('DELETE', `/api/user/auth/sessions/${phoneId}`, token)).json().code).toBe(1);
    await expectEnded(phone, 'revoked');

    expect((await call('DELETE', '/api/user/auth/sessions', token)).json().code).toBe(1);
    await expectEnded(tablet, 'revoked');
  });

  test('idle too long, or past the absolute maximum: expired', async () => {
    await start();
    const idle = await t.signUp();
    const busy = await t.signUp();
    clock += 7 * DAY + 1;
    const res = await me(idle.token);
    expect(res.json()).toEqual({
      code: -2,
      message: expect.any(String),
      data: { reason: 'expired' },
    });

    for (const day of [6, 12, 18, 24, 29]) {
      clock = Date.parse('2026-11-21T10:00:00Z') + day * DAY;
      expect((await me(busy.token)).json().code).toBe(1);
    }
    clock = Date.parse('2026-11-21T10:00:00Z') + 31 * DAY;
    await expectEnded(busy.token, 'expired');
  });

  test('an unknown token is -1 and tells no reason', async () => {
    await start();
    const res = await me('A'.repeat(43));
    expect(res.json()).toEqual({ code: -1, message: expect.any(String), data: null });
  });
});
