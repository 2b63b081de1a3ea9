import { afterEach, describe, expect, test } from 'vitest';
import { DIALECTS } from '../../../tests/helpers/test-db.ts';
import { Role } from '../../lib/shared/permissions.ts';
import { startBlog, type BlogTest } from './blog.test-helpers.ts';
import { exportBlogSnapshot, snapshotDigest } from './snapshot.ts';

describe.each(DIALECTS)('the blog snapshot for the page build on %s', (dialect) => {
  let b: BlogTest;
  afterEach(() => b.t.close());

  async function post(payload: object) {
    const res = await b.call('POST', '/article', b.admin, payload);
    expect(res.body.code).toBe(1);
    return res.body.data as { id: string };
  }

  test('holds what readers see, in list order, with visible counts', async () => {
    b = await startBlog(dialect);
    const db = b.t.testDb.db.kysely;
    const tech = (await b.call('POST', '/category', b.admin, { name: 'Tech' })).body.data;
    const life = (await b.call('POST', '/category', b.admin, { name: 'Life' })).body.data;
    const base = {
      content: '数据库 **索引**\n\n| a | b |\n|---|---|\n| 1 | 2 |',
      status: 'published',
    };
    const older = await post({ ...base, title: 'Older', categoryId: tech.id, tagNames: ['sql'] });
    b.clock.now += 60_000;
    const pinned = await post({ ...base, title: 'Pinned', categoryId: life.id, pinned: true });
    b.clock.now += 60_000;
    const newer = await post({ ...base, title: 'Newer', categoryId: tech.id, tagNames: ['sql'] });
    await post({
      ...base,
      title: 'Draft',
      categoryId: tech.id,
      status: 'draft',
      tagNames: ['sql'],
    });
    const later = new Date(b.clock.now + 3_600_000).toISOString();
    await post({
      ...base,
      title: 'Later',
      categoryId: life.id,
      status: 'scheduled',
      publishTime: later,
    });

    const snapshot = await exportBlogSnapshot(db, new Date(b.clock.now));
    expect(snapshot.articles.map((a) => a.id)).toEqual([pinned.id, newer.id, older.id]);
    const first = snapshot.articles[1] ?? { summary: '' };
    expect(first).toMatchObject({
      title: 'Newer',
      content: base.content,
      category: { id: tech.id, name: 'Tech' },
      tags: [{ name: 'sql' }],
      pinned: false,
    });
    expect(first.summary).toContain('数据库');
    expect(snapshot.categories).toEqual([
      { id: life.id, name: 'Life', count: 1 },
      { id: tech.id, name: 'Tech', count: 2 },
    ]);
    expect(snapshot.tags).toEqual([expect.objectContaining({ name: 'sql', count: 2 })]);

    // The scheduled article joins once its time has come.
    const afterwards = await exportBlogSnapshot(db, new Date(b.clock.now + 2 * 3_600_000));
    expect(afterwards.articles.map((a) => a.title)).toEqual(['Pinned', 'Later', 'Newer', 'Older']);
  });

  test('its digest follows content, not views or the export time', async () => {
    b = await startBlog(dialect);
    const db = b.t.testDb.db.kysely;
    const tech = (await b.call('POST', '/category', b.admin, { name: 'Tech' })).body.data;
    const made = await post({ title: 'A', content: 'x', categoryId: tech.id, status: 'published' });
    const digest = snapshotDigest(await exportBlogSnapshot(db, new Date(b.clock.now)));

    await b.call('GET', `/article/detail/${made.id}`);
    await b.t.app.inject({ method: 'GET', url: `/api/blog/article/detail/${made.id}` });
    b.clock.now += 60_000;
    const viewed = await exportBlogSnapshot(db, new Date(b.clock.now));
    expect(snapshotDigest(viewed)).toBe(digest);

    const edited = await b.call('PUT', `/article/${made.id}`, b.admin, {
      title: 'B',
      content: 'x',
      categoryId: tech.id,
      status: 'published',
    });
    expect(edited.body.code).toBe(1);
    expect(snapshotDigest(await exportBlogSnapshot(db, new Date(b.clock.now)))).not.toBe(digest);
  });

  test('GET /api/blog/build is for blog managers; without a served site it stays idle', async () => {
    b = await startBlog(dialect);
    expect((await b.call('GET', '/build')).statusCode).toBe(401);
    expect((await b.call('GET', '/build', b.plain)).statusCode).toBe(403);
    const proxy = (await b.t.signUp({ roles: [Role.PROXY_ADMIN] })).token;
    expect((await b.call('GET', '/build', proxy)).statusCode).toBe(403);
    const status = await b.call('GET', '/build', b.only.tag);
    expect(status.body).toMatchObject({ code: 1, data: { state: 'idle', builtAt: null } });
    const ask = await b.call('POST', '/build', b.admin);
    expect(ask.statusCode).toBe(409);
    expect(ask.body.code).toBe(0);
  });
});
