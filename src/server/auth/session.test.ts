import { afterEach, describe, expect, test } from 'vitest';
import { Permission, Role } from '../../lib/shared/permissions.ts';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import { DIALECTS } from '../../../tests/helpers/test-db.ts';
import { requirePermission } from '../guard/index.ts';

function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

describe.each(DIALECTS)('sessions on %s', (dialect) => {
  let t: TestApp;
  let clock = Date.parse('2026-11-21T10:00:00Z');
  const now = () => clock;
  afterEach(() => t.close());

  async function start() {
    clock = Date.parse('2026-11-21T10:00:00Z');
    t = await createTestApp(dialect, { now, env: { REFRESH_GRACE_SECONDS: '30' } });
    t.app.get(
      '/api/test/blog-only',
      { onRequest: requirePermission(Permission.BLOG_ARTICLE_MANAGE, Permission.BLOG_TAG_MANAGE) },
      async () => ({ code: 1, message: 'ok', data: null }),
    );
    await t.app.ready();
  }

  const info = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/user/info/private', headers });

  test('the current user comes with roles and permissions, never secrets', async () => {
    await start();
    const { user, token } = await t.signUp({ roles: [Role.BLOG_ADMIN] });
    const res = await info(bearer(token));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(1);
    expect(body.data).toEqual({
      id: user.id,
      username: user.username,
      isLocked: false,
      email: null,
      permissions: [
        'ROLE_blog_admin',
        'blog:article:manage',
        'blog:category:manage',
        'blog:tag:manage',
      ],
      nickname: user.username,
      avatar: null,
      createTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      updateTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(res.body).not.toContain('scrypt');
  });

  test('a bare token works as well as a Bearer one', async () => {
    await start();
    const { token } = await t.signUp();
    expect((await info({ authorization: token })).json().code).toBe(1);
  });

  test('no token: -401; malformed or unknown token: -1', async () => {
    await start();
    expect((await info()).json()).toMatchObject({ code: -401 });
    expect((await info()).statusCode).toBe(401);
    expect((await info({ authorization: 'Bearer nonsense' })).json().code).toBe(-1);
    expect((await info(bearer('A'.repeat(43)))).json().code).toBe(-1);
  });

  test('logout ends only this device: its token answers -2 afterwards', async () => {
    await start();
    const { user, token } = await t.signUp();
    const other = await t.app.ctx.sessions.create(user.id, { userAgent: 'phone', ip: '::1' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/auth/logout',
      headers: bearer(token),
    });
    expect(res.json()).toMatchObject({ code: 1 });
    expect((await info(bearer(token))).json().code).toBe(-2);
    expect((await info(bearer(other))).json().code).toBe(1);
  });

  test('logout accepts an empty JSON body', async () => {
    await start();
    const { token } = await t.signUp();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/auth/logout',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.json().code).toBe(1);
  });

  test('refresh returns a new token; the old one works only during the grace', async () => {
    await start();
    const { token } = await t.signUp();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/auth/refresh',
      headers: bearer(token),
    });
    const fresh = res.json().data as string;
    expect(res.json().code).toBe(1);
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(fresh).not.toBe(token);
    expect((await info(bearer(fresh))).json().code).toBe(1);
    expect((await info(bearer(token))).json().code).toBe(1);
    clock += 31_000;
    expect((await info(bearer(token))).json().code).toBe(-1);
    expect((await info(bearer(fresh))).json().code).toBe(1);
  });

  test('an idle session expires; activity slides it, never past the absolute maximum', async () => {
    await start();
    const { token } = await t.signUp();
    const day = 86_400_000;
    for (let i = 0; i < 4; i += 1) {
      clock += 6 * day;
      expect((await info(bearer(token))).json().code).toBe(1);
    }
    clock += 7 * day + 1;
    expect((await info(bearer(token))).json().code).toBe(-2);

    const second = await t.signUp();
    for (let i = 0; i < 4; i += 1) {
      clock += 6 * day;
      expect((await info(bearer(second.token))).json().code).toBe(1);
    }
    clock += 5 * day; // 29 days after sign-in
    expect((await info(bearer(second.token))).json().code).toBe(1);
    clock += 2 * day; // 31 days: active two days ago, but past the 30-day maximum
    expect((await info(bearer(second.token))).json().code).toBe(-2);
  });

  test('locking a user ends their sessions at the next request', async () => {
    await start();
    const { user, token } = await t.signUp();
    await t.testDb.db.kysely
      .updateTable('users')
      .set({ is_locked: true })
      .where('id', '=', user.id)
      .execute();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/user/auth/heartbeat',
      headers: bearer(token),
    });
    expect(res.json().code).toBe(-2);
  });

  test('a role change applies at the next request', async () => {
    await start();
    const { user, token } = await t.signUp();
    const call = () =>
      t.app.inject({ method: 'GET', url: '/api/test/blog-only', headers: bearer(token) });
    expect((await call()).json().code).toBe(-403);
    expect((await call()).statusCode).toBe(403);
    await t.testDb.db.kysely
      .insertInto('user_roles')
      .values({ user_id: user.id, role_name: Role.BLOG_ADMIN })
      .execute();
    expect((await call()).json().code).toBe(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/test/blog-only' })).json().code).toBe(
      -401,
    );
  });

  test('the heartbeat marks the user online without writing the session each beat', async () => {
    await start();
    const { user, token } = await t.signUp();
    const lastSeen = async () =>
      (
        await t.testDb.db.kysely
          .selectFrom('sessions')
          .select('last_seen_time')
          .where('user_id', '=', user.id)
          .executeTakeFirstOrThrow()
      ).last_seen_time;
    const before = await lastSeen();
    expect(await t.app.ctx.presence.isOnline(user.id)).toBe(false);
    for (let i = 0; i < 6; i += 1) {
      clock += 10_000;
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/user/auth/heartbeat',
        headers: bearer(token),
      });
      expect(res.json().code).toBe(1);
    }
    expect(await lastSeen()).toBe(before);
    expect(await t.app.ctx.presence.isOnline(user.id)).toBe(true);
    clock += 31_000;
    expect(await t.app.ctx.presence.isOnline(user.id)).toBe(false);
  });

  test('tokens are stored only as hashes', async () => {
    await start();
    const { token } = await t.signUp();
    const rows = await t.testDb.db.kysely.selectFrom('sessions').select('token_hash').execute();
    expect(rows.map((r) => r.token_hash)).not.toContain(token);
    expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe.each(DIALECTS)('purging ended sessions on %s', (dialect) => {
  test('removes sessions ended over a day ago and keeps the rest', async () => {
    let clock = Date.parse('2026-11-21T10:00:00Z');
    const t = await createTestApp(dialect, { now: () => clock });
    try {
      const { user, token: loggedOut } = await t.signUp();
      const live = await t.app.ctx.sessions.create(user.id, { userAgent: 'x', ip: '::1' });
      await t.app.inject({
        method: 'POST',
        url: '/api/user/auth/logout',
        headers: bearer(loggedOut),
      });
      clock += 86_400_000 + 1;
      expect(await t.app.ctx.sessions.purgeEnded()).toBe(1);
      expect((await info(t, bearer(loggedOut))).json().code).toBe(-1);
      expect((await info(t, bearer(live))).json().code).toBe(1);
    } finally {
      await t.close();
    }
  });
});

function info(t: TestApp, headers: Record<string, string>) {
  return t.app.inject({ method: 'GET', url: '/api/user/info/private', headers });
}

describe.each(DIALECTS)("a user's devices on %s", (dialect) => {
  test('are listed newest first, and all but one can be ended', async () => {
    let clock = Date.parse('2026-11-21T10:00:00Z');
    const t = await createTestApp(dialect, { now: () => clock });
    try {
      const { user, token: first } = await t.signUp();
      clock += 60_000;
      const second = await t.app.ctx.sessions.create(user.id, {
        userAgent: 'Phone',
        ip: '10.0.0.9',
      });
      const auth = await t.app.ctx.sessions.authenticate(second);
      const list = await t.app.ctx.sessions.listOf(user.id, auth?.sessionId);
      expect(list.map((s) => [s.userAgent, s.current])).toEqual([
        ['Phone', true],
        ['vitest', false],
      ]);
      await t.app.ctx.sessions.revokeAllOf(user.id, 'revoked', auth?.sessionId);
      expect((await info(t, bearer(first))).json().code).toBe(-2);
      expect((await info(t, bearer(second))).json().code).toBe(1);
      expect(await t.app.ctx.sessions.listOf(user.id)).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});
