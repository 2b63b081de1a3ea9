/** An article's cover ends up in `<img src>`: only http(s) URLs and paths on this site get there. */
import { afterEach, describe, expect, test } from 'vitest';
import { DIALECTS } from '../../../tests/helpers/test-db.ts';
import { startBlog, type BlogTest } from './blog.test-helpers.ts';
import { exportBlogSnapshot } from './snapshot.ts';

describe.each(DIALECTS)('article covers on %s', (dialect) => {
  let b: BlogTest;
  afterEach(() => b.t.close());

  async function setup() {
    b = await startBlog(dialect);
    const category = (await b.call('POST', '/category', b.admin, { name: 'Tech' })).body.data;
    const article = (cover: string | null) => ({
      title: 'Covered',
      content: 'Text.',
      categoryId: category.id as number,
      status: 'published',
      cover,
    });
    return { article };
  }

  test.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(document.cookie)',
    'data:image/svg+xml,<svg onload=alert(1)>',
    '//evil.example/a.png',
    'uploads/relative.png',
  ])('%s is refused on create and on update', async (cover) => {
    const { article } = await setup();
    const created = await b.call('POST', '/article', b.admin, article(cover));
    expect(created.statusCode).toBe(400);
    expect(created.body).toMatchObject({
      code: -400,
      message: expect.stringContaining('body.cover'),
    });

    const good = await b.call('POST', '/article', b.admin, article('/uploads/article/a.webp'));
    expect(good.body.code).toBe(1);
    const id = good.body.data.id as string;
    const updated = await b.call('PUT', `/article/${id}`, b.admin, article(cover));
    expect(updated.statusCode).toBe(400);
    const read = await b.call('GET', `/article/detail/${id}`);
    expect(read.body.data.cover).toBe('/uploads/article/a.webp');
  });

  test('http(s) and site paths are kept; an unsafe cover stored before is never handed out', async () => {
    const { article } = await setup();
    for (const cover of ['https://cdn.example.test/a.png', '/uploads/article/b.webp', null]) {
      const res = await b.call('POST', '/article', b.admin, article(cover));
      expect(res.body.data.cover).toBe(cover);
    }
    const old = await b.call('POST', '/article', b.admin, article(null));
    const id = old.body.data.id as string;
    await b.t.testDb.db.kysely
      .updateTable('blog_articles')
      .set({ cover: 'javascript:alert(1)' })
      .where('id', '=', id)
      .execute();
    expect((await b.call('GET', `/article/detail/${id}`)).body.data.cover).toBeNull();
    const snapshot = await exportBlogSnapshot(b.t.testDb.db.kysely, new Date(b.clock.now));
    const exported = snapshot.articles.find((a) => a.id === id);
    expect(exported?.cover).toBeNull();
  });
});
