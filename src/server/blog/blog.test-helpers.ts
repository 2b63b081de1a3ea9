/** Test setup shared by the blog tests: an app, users per permission, and request helpers. */
import type { RoleName } from '../../lib/shared/permissions.ts';
import { Permission, Role } from '../../lib/shared/permissions.ts';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import type { DbDialect } from '../db/index.ts';

export interface BlogTest {
  t: TestApp;
  clock: { now: number };
  admin: string;
  plain: string;
  only: Record<'article' | 'category' | 'tag', string>;
  call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token?: string | null,
    payload?: object,
    // The tests read whatever the envelope holds.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
  ): Promise<{ statusCode: number; body: any }>;
}

export async function startBlog(dialect: DbDialect, start = Date.parse('2026-06-01T00:00:00Z')) {
  const clock = { now: start };
  const t = await createTestApp(dialect, { now: () => clock.now });
  const db = t.testDb.db.kysely;
  const only = {} as Record<'article' | 'category' | 'tag', string>;
  for (const [kind, permission] of [
    ['article', Permission.BLOG_ARTICLE_MANAGE],
    ['category', Permission.BLOG_CATEGORY_MANAGE],
    ['tag', Permission.BLOG_TAG_MANAGE],
  ] as const) {
    await db
      .insertInto('roles')
      .values({ name: `only_${kind}`, title: kind })
      .execute();
    await db
      .insertInto('role_permissions')
      .values({ role_name: `only_${kind}`, permission_name: permission })
      .execute();
    only[kind] = (await t.signUp({ roles: [`only_${kind}` as RoleName] })).token;
  }
  const blog: BlogTest = {
    t,
    clock,
    admin: (await t.signUp({ roles: [Role.BLOG_ADMIN] })).token,
    plain: (await t.signUp()).token,
    only,
    async call(method, url, token = null, payload) {
      const res = await t.app.inject({
        method,
        url: `/api/blog${url}`,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        ...(payload ? { payload } : {}),
      });
      return { statusCode: res.statusCode, body: res.json() };
    },
  };
  return blog;
}
