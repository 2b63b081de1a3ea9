import { afterEach, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import { DIALECTS } from '../../../tests/helpers/test-db.ts';
import { seedDemoContent } from './demo-content.ts';

let t: TestApp;
afterEach(() => t.close());

describe.each(DIALECTS)('first-run content on %s', (dialect) => {
  test('a new site gets demo articles in both languages, once; deleted ones stay deleted', async () => {
    t = await createTestApp(dialect);
    const db = t.testDb.db.kysely;
    expect(await seedDemoContent(db)).toBe(4);

    const list = (
      await t.app.inject({ method: 'GET', url: '/api/blog/article?pageSize=10' })
    ).json();
    expect(list.data.totalRecordNum).toBe(4);
    const titles = list.data.records.map((r: { title: string }) => r.title);
    expect(titles[0]).toBe('欢迎来到 Atrium'); // pinned first
    expect(titles).toContain('A tour of Markdown in Atrium');
    const categories = (await t.app.inject({ method: 'GET', url: '/api/blog/category' })).json();
    expect(categories.data).toHaveLength(2);
    const search = (
      await t.app.inject({ method: 'GET', url: '/api/blog/article/search?term=数据库' })
    ).json();
    expect(search.data.totalRecordNum).toBeGreaterThan(0);

    await db.deleteFrom('blog_articles').execute();
    expect(await seedDemoContent(db)).toBe(0);
    expect(await db.selectFrom('blog_articles').select('id').execute()).toEqual([]);
  });

  test('a site that already has articles gets none', async () => {
    t = await createTestApp(dialect);
    const db = t.testDb.db.kysely;
    const now = new Date().toISOString();
    const category = await db
      .insertInto('blog_categories')
      .values({ name: 'Mine', create_time: now, update_time: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('blog_articles')
      .values({
        id: 'own-article',
        title: 'Mine',
        content: 'text',
        summary: null,
        cover: null,
        category_id: category.id,
        status: 'published',
        publish_time: now,
        pinned: false,
        create_time: now,
        update_time: now,
      })
      .execute();
    expect(await seedDemoContent(db)).toBe(0);
    expect(await db.selectFrom('blog_articles').select('id').execute()).toHaveLength(1);
  });
});
