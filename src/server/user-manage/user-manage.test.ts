import { afterEach, describe, expect, test } from 'vitest';
import { Role, type RoleName } from '../../lib/shared/permissions.ts';
import { startTestSmtp, type TestSmtp } from '../../../tests/helpers/smtp.ts';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import { DIALECTS } from '../../../tests/helpers/test-db.ts';
import { updateUser } from '../user/user.repo.ts';

const PASSWORD = 'a long enough passphrase';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe.each(DIALECTS)('user management on %s', (dialect) => {
  let t: TestApp;
  let smtp: TestSmtp | undefined;
  afterEach(async () => {
    await t.close();
    await smtp?.close();
    smtp = undefined;
  });

  let owner: { user: { id: string }; token: string };
  async function start(env: Record<string, string> = {}) {
    t = await createTestApp(dialect, { env });
    owner = await t.signUp({ username: 'owner', roles: [Role.SUPER_ADMIN] });
  }

  const as = (token: string | null) => (token ? bearer(token) : {});
  const list = (query: string, token: string | null = owner.token) =>
    t.app.inject({ method: 'GET', url: `/api/user/manage/info${query}`, headers: as(token) });
  const one = (id: string, token: string | null = owner.token) =>
    t.app.inject({ method: 'GET', url: `/api/user/manage/info/${id}`, headers: as(token) });
  const lock = (id: string, isLocked: boolean, token: string | null = owner.token) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/manage/lock',
      headers: as(token),
      payload: { id, isLocked },
    });
  const setRoles = (userId: string, roles: string[], token: string | null = owner.token) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/user/manage/role',
      headers: as(token),
      payload: { userId, roles },
    });
  const me = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/user/info/private', headers: bearer(token) });
  const login = (account: string, password = PASSWORD) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/auth/login',
      payload: { account, password },
    });

  async function people() {
    const db = t.testDb.db.kysely;
    const made = [];
    const specs = [
      ['zhao_yun', '常山赵子龙', 'zilong@shu.example', Role.BLOG_ADMIN],
      ['Guan-Yu', '关云长', 'yunchang@shu.example', null],
      ['zhang_fei', '张翼德', null, null],
      ['cao_cao', '曹孟德', 'mengde@wei.example', Role.PROXY_ADMIN],
      ['sun_quan', '孙仲谋', 'zhongmou@wu.example', null],
    ] as const;
    for (const [i, [username, nickname, email, role]] of specs.entries()) {
      const roles: RoleName[] = role ? [role] : [];
      const made1 = await t.signUp({ username, roles });
      const stamp = new Date(Date.UTC(2026, 0, 10 + i)).toISOString();
      const later = new Date(Date.UTC(2026, 5, 20 - i)).toISOString();
      await updateUser(db, made1.user.id, {
        nickname,
        email,
        create_time: stamp,
        update_time: later,
      });
      made.push({ ...made1, username });
    }
    // The owner is the oldest account.
    await updateUser(db, owner.user.id, {
      create_time: '2025-12-31T00:00:00.000Z',
      update_time: '2025-12-31T00:00:00.000Z',
    });
    return made;
  }
  const usernames = (res: { json(): { data: { records: { username: string }[] } } }) =>
    res.json().data.records.map((r) => r.username);

  describe('the list', () => {
    test('is paged, newest first by default', async () => {
      await start();
      await people();
      const first = await list('?pageNum=1&pageSize=4');
      expect(first.statusCode).toBe(200);
      expect(first.json().data).toMatchObject({
        totalRecordNum: 6,
        totalPageNum: 2,
        pageNum: 1,
        pageSize: 4,
      });
      expect(usernames(first)).toEqual(['sun_quan', 'cao_cao', 'zhang_fei', 'Guan-Yu']);
      const second = await list('?pageNum=2&pageSize=4');
      expect(usernames(second)).toEqual(['zhao_yun', 'owner']);
      const beyond = await list('?pageNum=3&pageSize=4');
      expect(beyond.json().data).toMatchObject({ records: [], totalRecordNum: 6 });
    });

    test('records are ManagedUsers: roles, online, password and GitHub state, no secrets', async () => {
      await start();
      const [zhao] = await people();
      await t.app.inject({
        method: 'GET',
        url: '/api/user/auth/heartbeat',
        headers: bearer(zhao?.token ?? ''),
      });
      const res = await list('?search=zhao');
      expect(res.body).not.toContain('scrypt');
      expect(res.json().data.records).toEqual([
        {
          id: zhao?.user.id,
          username: 'zhao_yun',
          isLocked: false,
          email: 'zilong@shu.example',
          permissions: [
            'ROLE_blog_admin',
            'blog:article:manage',
            'blog:category:manage',
            'blog:tag:manage',
          ],
          nickname: '常山赵子龙',
          avatar: null,
          createTime: '2026-01-10T00:00:00.000Z',
          updateTime: '2026-06-20T00:00:00.000Z',
          isOnline: true,
          hasPassword: true,
          githubLinked: false,
        },
      ]);
      const others = await list('?search=guan');
      expect(others.json().data.records[0]).toMatchObject({ isOnline: false });
    });

    test('search matches username, nickname or email, ignoring case; wildcards are literal', async () => {
      await start();
      await people();
      expect(usernames(await list('?search=GUAN'))).toEqual(['Guan-Yu']);
      expect(usernames(await list(`?search=${encodeURIComponent('翼德')}`))).toEqual(['zhang_fei']);
      expect(usernames(await list('?search=SHU.EXAMPLE&sort=username&order=asc'))).toEqual([
        'Guan-Yu',
        'zhao_yun',
      ]);
      expect(usernames(await list('?search=%25'))).toEqual([]);
      // As a wildcard `_` would match the `-` of Guan-Yu.
      expect(usernames(await list('?search=n_y'))).toEqual([]);
      expect(usernames(await list('?search=o_y&sort=username&order=asc'))).toEqual(['zhao_yun']);
      expect(usernames(await list('?search=nobody'))).toEqual([]);
    });

    test('sorts by username, createTime or updateTime, either way', async () => {
      await start();
      await people();
      expect(usernames(await list('?sort=username&order=asc'))).toEqual([
        'cao_cao',
        'Guan-Yu',
        'owner',
        'sun_quan',
        'zhang_fei',
        'zhao_yun',
      ]);
      expect(usernames(await list('?sort=username&order=desc'))[0]).toBe('zhao_yun');
      expect(usernames(await list('?sort=createTime&order=asc'))).toEqual([
        'owner',
        'zhao_yun',
        'Guan-Yu',
        'zhang_fei',
        'cao_cao',
        'sun_quan',
      ]);
      expect(usernames(await list('?sort=updateTime&order=desc'))).toEqual([
        'zhao_yun',
        'Guan-Yu',
        'zhang_fei',
        'cao_cao',
        'sun_quan',
        'owner',
      ]);
    });

    test('filters by locked state and by role', async () => {
      await start();
      const [, guan, zhang] = await people();
      await lock(guan?.user.id ?? '', true);
      await lock(zhang?.user.id ?? '', true);
      expect(usernames(await list('?locked=true&sort=username&order=asc'))).toEqual([
        'Guan-Yu',
        'zhang_fei',
      ]);
      expect((await list('?locked=false')).json().data.totalRecordNum).toBe(4);
      expect(usernames(await list('?role=blog_admin'))).toEqual(['zhao_yun']);
      expect(usernames(await list('?role=super_admin'))).toEqual(['owner']);
      expect(usernames(await list('?role=proxy_admin&locked=true'))).toEqual([]);
      expect(usernames(await list('?role=no_such_role'))).toEqual([]);
    });

    test.each([
      ['?pageNum=0'],
      ['?pageSize=0'],
      ['?pageSize=101'],
      ['?pageNum=x'],
      ['?sort=password_hash'],
      ['?order=sideways'],
      ['?locked=maybe'],
      ['?search=' + 'x'.repeat(65)],
      ['?unknown=1'],
    ])('%s is refused with -400', async (query) => {
      await start();
      const res = await list(query);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(-400);
    });
  });

  test('one user by id; an unknown id is -404', async () => {
    await start();
    const [zhao] = await people();
    const res = await one(zhao?.user.id ?? '');
    expect(res.json()).toMatchObject({
      code: 1,
      data: { id: zhao?.user.id, username: 'zhao_yun', hasPassword: true, isOnline: false },
    });
    const missing = await one('00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe(-404);
  });

  describe('locking', () => {
    test("ends the user's sessions at their next request; they cannot sign in until unlocked", async () => {
      await start();
      const [zhao] = await people();
      const token = zhao?.token ?? '';
      const id = zhao?.user.id ?? '';
      expect((await me(token)).json().code).toBe(1);

      const res = await lock(id, true);
      expect(res.json()).toMatchObject({ code: 1, data: { id, isLocked: true } });
      const next = await me(token);
      expect(next.statusCode).toBe(401);
      expect(next.json().code).toBe(-2);
      const heartbeat = await t.app.inject({
        method: 'GET',
        url: '/api/user/auth/heartbeat',
        headers: bearer(token),
      });
      expect(heartbeat.json().code).toBe(-2);
      const refused = await login('zhao_yun');
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 0 });

      const unlocked = await lock(id, false);
      expect(unlocked.json()).toMatchObject({ code: 1, data: { isLocked: false } });
      // The sessions stay ended; signing in works again.
      expect((await me(token)).json().code).toBe(-2);
      const again = await login('zhao_yun');
      expect(again.json()).toMatchObject({ code: 1, data: { token: expect.any(String) } });
    });

    test.each([
      ['a missing flag', { id: 'x' }],
      ['a missing id', { isLocked: true }],
      ['a flag that is not a boolean', { id: 'x', isLocked: 'perhaps' }],
      ['an extra field', { id: 'x', isLocked: true, email: 'a@b.c' }],
    ])('%s is refused with -400', async (_name, payload) => {
      await start();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/manage/lock',
        headers: bearer(owner.token),
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(-400);
    });

    test('an unknown user is -404, and GET does not lock', async () => {
      await start();
      expect((await lock('00000000-0000-4000-8000-000000000000', true)).json().code).toBe(-404);
      const [zhao] = await people();
      const viaGet = await t.app.inject({
        method: 'GET',
        url: `/api/user/manage/lock?id=${zhao?.user.id}&isLocked=true`,
        headers: bearer(owner.token),
      });
      expect(viaGet.statusCode).toBe(405);
      expect((await me(zhao?.token ?? '')).json().code).toBe(1);
    });
  });

  describe('roles', () => {
    test('GET lists every role with its title and permissions', async () => {
      await start();
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/user/manage/role',
        headers: bearer(owner.token),
      });
      expect(res.json().data).toEqual([
        {
          name: 'blog_admin',
          title: expect.stringContaining('Blog admin'),
          permissions: ['blog:article:manage', 'blog:category:manage', 'blog:tag:manage'],
        },
        {
          name: 'proxy_admin',
          title: expect.stringContaining('Proxy admin'),
          permissions: ['proxy:node:manage', 'proxy:sub:manage', 'proxy:token:manage'],
        },
        {
          name: 'super_admin',
          title: expect.stringContaining('Super admin'),
          permissions: ['sys:user:manage'],
        },
      ]);
    });

    test("PUT replaces the user's roles, effective at their next request", async () => {
      await start();
      const [zhao] = await people();
      const id = zhao?.user.id ?? '';
      const res = await setRoles(id, ['proxy_admin', 'super_admin']);
      expect(res.json()).toMatchObject({ code: 1, data: { id } });
      expect(res.json().data.permissions).toEqual([
        'ROLE_proxy_admin',
        'ROLE_super_admin',
        'proxy:node:manage',
        'proxy:sub:manage',
        'proxy:token:manage',
        'sys:user:manage',
      ]);
      const permissions = (await me(zhao?.token ?? '')).json().data.permissions as string[];
      expect(permissions).toContain('sys:user:manage');
      expect(permissions).not.toContain('blog:article:manage');
      // Zhao can now manage users; with no roles, he cannot any more.
      expect((await list('', zhao?.token)).json().code).toBe(1);
      expect((await setRoles(id, [])).json().data.permissions).toEqual([]);
      expect((await list('', zhao?.token)).json().code).toBe(-403);
    });

    test.each([
      ['an unknown role', ['blog_admin', 'emperor']],
      ['a ROLE_ authority instead of a name', ['ROLE_blog_admin']],
      ['a duplicate', ['blog_admin', 'blog_admin']],
    ])('%s is refused with -400 and changes nothing', async (_name, roles) => {
      await start();
      const [zhao] = await people();
      const res = await setRoles(zhao?.user.id ?? '', roles);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(-400);
      expect((await me(zhao?.token ?? '')).json().data.permissions).toContain('ROLE_blog_admin');
    });

    test('an unknown user is -404; a missing field -400', async () => {
      await start();
      const missing = await setRoles('00000000-0000-4000-8000-000000000000', ['blog_admin']);
      expect(missing.json().code).toBe(-404);
      const bad = await t.app.inject({
        method: 'PUT',
        url: '/api/user/manage/role',
        headers: bearer(owner.token),
        payload: { roles: [] },
      });
      expect(bad.json().code).toBe(-400);
    });
  });

  describe('the last super admin', () => {
    test('cannot lock themself or drop the role', async () => {
      await start();
      const locked = await lock(owner.user.id, true);
      expect(locked.statusCode).toBe(409);
      expect(locked.json()).toMatchObject({ code: 0 });
      const demoted = await setRoles(owner.user.id, ['blog_admin']);
      expect(demoted.statusCode).toBe(409);
      expect(demoted.json()).toMatchObject({ code: 0 });
      const info = (await me(owner.token)).json().data;
      expect(info).toMatchObject({ isLocked: false });
      expect(info.permissions).toContain('ROLE_super_admin');
      // Changing the other roles while keeping super admin is fine.
      expect((await setRoles(owner.user.id, ['super_admin', 'blog_admin'])).json().code).toBe(1);
    });

    test('with a second super admin either may go, but not both; a locked one does not count', async () => {
      await start();
      const second = await t.signUp({ username: 'second', roles: [Role.SUPER_ADMIN] });
      expect((await setRoles(owner.user.id, [], second.token)).json().code).toBe(1);
      // The owner lost the role (and the permission) at once.
      expect((await list('', owner.token)).json().code).toBe(-403);
      expect((await lock(second.user.id, true, second.token)).json().code).toBe(0);
      expect((await setRoles(second.user.id, [], second.token)).json().code).toBe(0);

      // A third super admin who is locked is no replacement.
      const third = await t.signUp({ username: 'third', roles: [Role.SUPER_ADMIN] });
      expect((await lock(third.user.id, true, second.token)).json().code).toBe(1);
      expect((await lock(second.user.id, true, second.token)).json().code).toBe(0);
      // Unlocked again, the third can take over and the second may step down.
      expect((await lock(third.user.id, false, second.token)).json().code).toBe(1);
      expect((await lock(second.user.id, true, second.token)).json().code).toBe(1);
      expect((await me(second.token)).json().code).toBe(-2);
    });
  });

  describe('recovery links', () => {
    test("are mailed to the user's own address", async () => {
      smtp = await startTestSmtp();
      await start({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port) });
      const [zhao] = await people();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/manage/recover',
        headers: bearer(owner.token),
        payload: { id: zhao?.user.id },
      });
      expect(res.json()).toEqual({ code: 1, message: expect.any(String), data: null });
      const mail = await smtp.waitFor((m) => m.to.includes('zilong@shu.example'));
      expect(mail.text).toMatch(/\/auth\/recover\/complete\?token=[A-Za-z0-9_-]+/);
    });

    test('a user without an address is refused with code 0 (409); unknown -404; bad -400', async () => {
      await start();
      const [, , zhang] = await people();
      const recover = (payload: unknown) =>
        t.app.inject({
          method: 'POST',
          url: '/api/user/manage/recover',
          headers: bearer(owner.token),
          payload: payload as Record<string, unknown>,
        });
      const none = await recover({ id: zhang?.user.id });
      expect(none.statusCode).toBe(409);
      expect(none.json().code).toBe(0);
      expect((await recover({ id: '00000000-0000-4000-8000-000000000000' })).json().code).toBe(
        -404,
      );
      // The address is the user's own: the caller cannot name one.
      const named = await recover({ id: zhang?.user.id, email: 'attacker@example.test' });
      expect(named.json().code).toBe(-400);
    });
  });

  describe('the permission matrix', () => {
    const endpoints = (id: string) =>
      [
        { method: 'GET', url: '/api/user/manage/info' },
        { method: 'GET', url: `/api/user/manage/info/${id}` },
        { method: 'POST', url: '/api/user/manage/lock', payload: { id, isLocked: false } },
        { method: 'POST', url: '/api/user/manage/recover', payload: { id } },
        { method: 'GET', url: '/api/user/manage/role' },
        { method: 'PUT', url: '/api/user/manage/role', payload: { userId: id, roles: [] } },
      ] as const;

    test('anonymous -401, plain user -403, blog admin -403, super admin 1', async () => {
      await start();
      const plain = await t.signUp();
      const blog = await t.signUp({ roles: [Role.BLOG_ADMIN] });
      const target = await t.signUp();
      await updateUser(t.testDb.db.kysely, target.user.id, { email: 'target@example.test' });
      const callers = [
        { who: 'anonymous', headers: {}, status: 401, code: -401 },
        { who: 'plain user', headers: bearer(plain.token), status: 403, code: -403 },
        { who: 'blog admin', headers: bearer(blog.token), status: 403, code: -403 },
        { who: 'super admin', headers: bearer(owner.token), status: 200, code: 1 },
      ];
      const results: string[] = [];
      for (const endpoint of endpoints(target.user.id)) {
        for (const caller of callers) {
          const res = await t.app.inject({ ...endpoint, headers: caller.headers });
          results.push(
            `${endpoint.method} ${endpoint.url.replace(target.user.id, ':id')} ${caller.who}: ${res.statusCode} ${res.json().code}`,
          );
          expect(res.statusCode, `${endpoint.method} ${endpoint.url} as ${caller.who}`).toBe(
            caller.status,
          );
          expect(res.json().code).toBe(caller.code);
        }
      }
      expect(results).toHaveLength(24);
    });

    test('invalid input from a stranger still answers -401, not -400', async () => {
      await start();
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/user/manage/role',
        payload: { nonsense: true },
      });
      expect(res.json().code).toBe(-401);
    });
  });
});
