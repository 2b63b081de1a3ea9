import { describe, expect, test, afterEach, vi } from 'vitest';
import { DIALECTS } from '../../../tests/helpers/test-db.ts';
import { insertArticles, replaceArticleTags } from './article.repo.ts';
import { uuidV7 } from '../common/uuid-v7.ts';
import type { NewArticleRow } from './blog.table.ts';
import { startBlog, type BlogTest } from './blog.test-helpers.ts';

const HOUR = 3_600_000;

describe.each(DIALECTS)('blog articles on %s', (dialect) => {
  let b: BlogTest;
  let closed = false;
  afterEach(async () => {
    if (!closed) await b.t.close();
    closed = false;
  });

  async function setup() {
    b = await startBlog(dialect);
    const category = (await b.call('POST', '/category', b.admin, { name: 'Tech' })).body.data;
    const tag = (await b.call('POST', '/tag', b.admin, { name: 'sql' })).body.data;
    return { categoryId: category.id as number, tagId: tag.id as number };
  }

  const article = (categoryId: number, extra: object = {}) => ({
    title: 'Hello',
    content: '# Hello\n\nSome **text** here.',
    categoryId,
    status: 'published',
    ...extra,
  });

  async function create(payload: object, token = b.admin) {
    const res = await b.call('POST', '/article', token, payload);
    expect(res.body.code).toBe(1);
    return res.body.data;
  }

  test('create, read, update and delete an article; summary derived from the content', async () => {
    const { categoryId, tagId } = await setup();
    const made = await create(
      article(categoryId, {
        tagIds: [tagId],
        tagNames: ['New Tag', 'SQL'],
        cover: '/uploads/article/a.webp',
      }),
    );
    expect(made.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
    expect(made.summary).toBe('Hello Some text here.');
    expect(made.writtenSummary).toBeNull();
    expect(made.category).toEqual({ id: categoryId, name: 'Tech' });
    expect(made.tags.map((t: { name: string }) => t.name)).toEqual(['New Tag', 'sql']);
    expect(made.publishTime).toBe('2026-06-01T00:00:00.000Z');

    const list = await b.call('GET', '/article?pageNum=1&pageSize=10');
    expect(list.body.data).toMatchObject({ totalRecordNum: 1, totalPageNum: 1 });
    expect(list.body.data.records[0]).not.toHaveProperty('content');

    const put = await b.call('PUT', `/article/${made.id}`, b.admin, {
      ...article(categoryId, { id: made.id, title: 'Changed', summary: 'Mine', tagIds: [] }),
    });
    expect(put.body.data).toMatchObject({ title: 'Changed', summary: 'Mine', tags: [] });
    const read = await b.call('GET', `/article/detail/${made.id}`);
    expect(read.body.data).toMatchObject({
      title: 'Changed',
      content: '# Hello\n\nSome **text** here.',
    });

    const mismatch = await b.call('PUT', `/article/${made.id}`, b.admin, {
      ...article(categoryId, { id: 'other' }),
    });
    expect(mismatch.statusCode).toBe(400);

    expect((await b.call('DELETE', `/article/${made.id}`, b.admin)).body.code).toBe(1);
    expect((await b.call('GET', `/article/detail/${made.id}`)).statusCode).toBe(404);
    expect((await b.call('DELETE', `/article/${made.id}`, b.admin)).statusCode).toBe(404);
    expect((await b.call('GET', '/article')).body.data.totalRecordNum).toBe(0);
  });

  test('input is validated', async () => {
    const { categoryId } = await setup();
    const bad = async (payload: object, field: string) => {
      const res = await b.call('POST', '/article', b.admin, payload);
      expect(res.statusCode).toBe(400);
      expect(res.body.code).toBe(-400);
      expect(res.body.message).toContain(field);
    };
    await bad(article(categoryId, { title: '' }), 'body.title');
    await bad(article(categoryId, { title: 'x'.repeat(201) }), 'body.title');
    await bad(article(categoryId, { content: 'x'.repeat(200_001) }), 'body.content');
    await bad(article(categoryId, { summary: 'x'.repeat(501) }), 'body.summary');
    await bad(article(categoryId, { extra: 1 }), 'body.extra');
    await bad(article(9999), 'body.categoryId');
    await bad(article(categoryId, { tagIds: [9999] }), 'body.tagIds');
    await bad(article(categoryId, { status: 'scheduled' }), 'body.publishTime');
    await bad(
      article(categoryId, { status: 'scheduled', publishTime: '2026-05-01T00:00:00Z' }),
      'body.publishTime',
    );
    await bad(article(categoryId, { status: 'nope' }), 'body.status');
    expect((await b.call('GET', '/article?pageSize=101')).statusCode).toBe(400);
    expect((await b.call('GET', '/article/manage?sort=nope', b.admin)).statusCode).toBe(400);
  });

  test('article writes and the manage list need blog:article:manage', async () => {
    const { categoryId } = await setup();
    const made = await create(article(categoryId), b.only.article);
    for (const [token, status] of [
      [null, 401],
      [b.plain, 403],
      [b.only.category, 403],
      [b.only.tag, 403],
    ] as const) {
      expect((await b.call('POST', '/article', token, article(categoryId))).statusCode).toBe(
        status,
      );
      expect(
        (await b.call('PUT', `/article/${made.id}`, token, article(categoryId))).statusCode,
      ).toBe(status);
      expect((await b.call('DELETE', `/article/${made.id}`, token)).statusCode).toBe(status);
      expect((await b.call('GET', '/article/manage', token)).statusCode).toBe(status);
    }
    expect((await b.call('GET', '/article/manage', b.only.article)).body.data.totalRecordNum).toBe(
      1,
    );
  });

  test('drafts and future scheduled articles are hidden from readers until their time', async () => {
    const { categoryId, tagId } = await setup();
    const draft = await create(
      article(categoryId, { title: 'Draft', status: 'draft', tagIds: [tagId] }),
    );
    const soon = new Date(b.clock.now + HOUR).toISOString();
    const scheduled = await create(
      article(categoryId, {
        title: 'Later',
        status: 'scheduled',
        publishTime: soon,
        tagIds: [tagId],
      }),
    );
    const shown = await create(article(categoryId, { title: 'Now', tagIds: [tagId] }));
    const titles = async (url: string) =>
      (await b.call('GET', url)).body.data.records.map((r: { title: string }) => r.title);

    for (const url of ['/article', `/article/category/${categoryId}`, `/article/tag/${tagId}`]) {
      expect(await titles(url)).toEqual(['Now']);
    }
    for (const hidden of [draft, scheduled]) {
      expect((await b.call('GET', `/article/detail/${hidden.id}`)).statusCode).toBe(404);
      expect((await b.call('GET', `/article/detail/${hidden.id}`, b.plain)).statusCode).toBe(404);
      const managed = await b.call('GET', `/article/detail/${hidden.id}`, b.only.article);
      expect(managed.body.data.id).toBe(hidden.id);
    }
    expect((await b.call('GET', '/random')).statusCode).toBe(404);
    expect((await b.call('GET', '/article/random')).body.data).toEqual({ id: shown.id });
    const counts = (await b.call('GET', '/category')).body.data;
    expect(counts[0]).toMatchObject({ name: 'Tech', count: 1 });
    const managed = await b.call('GET', '/article/manage?status=scheduled', b.admin);
    expect(managed.body.data.records.map((r: { title: string }) => r.title)).toEqual(['Later']);

    b.clock.now += HOUR + 1;
    for (const url of ['/article', `/article/category/${categoryId}`, `/article/tag/${tagId}`]) {
      expect(await titles(url)).toEqual(['Later', 'Now']);
    }
    expect((await b.call('GET', `/article/detail/${scheduled.id}`)).body.code).toBe(1);
    expect((await b.call('GET', '/category')).body.data[0].count).toBe(2);
  });

  test('pinned articles come first; previous and next follow the list', async () => {
    const { categoryId } = await setup();
    const ids: string[] = [];
    for (const [i, title] of ['A', 'B', 'C', 'D'].entries()) {
      ids.push(
        (
          await create(
            article(categoryId, {
              title,
              pinned: title === 'A',
              publishTime: new Date(b.clock.now - (10 - i) * HOUR).toISOString(),
            }),
          )
        ).id,
      );
    }
    const list = (await b.call('GET', '/article')).body.data.records;
    expect(list.map((r: { title: string }) => r.title)).toEqual(['A', 'D', 'C', 'B']);
    expect(list[0].pinned).toBe(true);
    const d = (await b.call('GET', `/article/detail/${ids[3]}`)).body.data;
    expect(d.previous).toEqual({ id: ids[0], title: 'A' });
    expect(d.next).toEqual({ id: ids[2], title: 'C' });
    const first = (await b.call('GET', `/article/detail/${ids[0]}`)).body.data;
    expect(first.previous).toBeNull();
    const last = (await b.call('GET', `/article/detail/${ids[1]}`)).body.data;
    expect(last.next).toBeNull();
  });

  test('page 51 of 1,000 articles holds the right records', async () => {
    const { categoryId, tagId } = await setup();
    const db = b.t.testDb.db.kysely;
    const rows: NewArticleRow[] = [];
    const base = Date.parse('2026-01-01T00:00:00Z');
    for (let i = 0; i < 1000; i += 1) {
      const time = new Date(base + i * 60_000).toISOString();
      rows.push({
        id: uuidV7(base + i),
        title: `Article ${i}`,
        content: `Body ${i}`,
        summary: null,
        cover: null,
        category_id: categoryId,
        status: i % 10 === 9 ? 'draft' : 'published',
        publish_time: time,
        create_time: time,
        update_time: time,
      });
    }
    await db.transaction().execute(async (trx) => {
      await insertArticles(trx, rows);
      for (const row of rows.slice(0, 300)) await replaceArticleTags(trx, row.id, [tagId]);
    });
    // Visible: 900, newest first; page 51 of size 10 holds visible positions 500..509.
    const visible = rows.filter((r) => r.status === 'published').reverse();
    const page = (await b.call('GET', '/article?pageNum=51&pageSize=10')).body.data;
    expect(page).toMatchObject({ totalRecordNum: 900, totalPageNum: 90, pageNum: 51 });
    expect(page.records.map((r: { id: string }) => r.id)).toEqual(
      visible.slice(500, 510).map((r) => r.id),
    );
    const byCategory = (
      await b.call('GET', `/article/category/${categoryId}?pageNum=51&pageSize=10`)
    ).body.data;
    expect(byCategory.records[0].id).toBe(visible[500]?.id);
    const tagged = visible.filter((r) => rows.indexOf(r) < 300);
    const byTag = (await b.call('GET', `/article/tag/${tagId}?pageNum=20&pageSize=10`)).body.data;
    expect(byTag.totalRecordNum).toBe(270);
    expect(byTag.records.map((r: { id: string }) => r.id)).toEqual(
      tagged.slice(190, 200).map((r) => r.id),
    );
    expect((await b.call('GET', '/article?pageNum=91&pageSize=10')).body.data.records).toEqual([]);
  });

  test('views are buffered: N reads make one flush that adds N', async () => {
    const { categoryId } = await setup();
    const made = await create(article(categoryId));
    for (let i = 0; i < 7; i += 1) await b.call('GET', `/article/detail/${made.id}`);
    const db = b.t.testDb.db.kysely;
    const stored = async () =>
      (
        await db
          .selectFrom('blog_articles')
          .select('views')
          .where('id', '=', made.id)
          .executeTakeFirstOrThrow()
      ).views;
    expect(await stored()).toBe(0);
    const seen = (await b.call('GET', `/article/detail/${made.id}`)).body.data.views;
    expect(seen).toBe(8);
    await b.t.app.close();
    expect(await stored()).toBe(8);
    await b.t.testDb.cleanup();
    closed = true;
  });

  test('list pages show views as they are counted, before and after a flush', async () => {
    const { categoryId } = await setup();
    const made = await create(article(categoryId));
    const listed = async () =>
      (await b.call('GET', '/article?pageNum=1&pageSize=10')).body.data.records[0].views;
    // The entry is first kept while a view is still buffered: counted once, not twice.
    await b.call('GET', `/article/detail/${made.id}`);
    expect(await listed()).toBe(1);
    for (let i = 0; i < 2; i += 1) await b.call('GET', `/article/detail/${made.id}`);
    expect(await listed()).toBe(3);
    // The buffer is written every few seconds; then the count comes from the kept entry.
    const db = b.t.testDb.db.kysely;
    await vi.waitFor(
      async () => {
        const row = await db
          .selectFrom('blog_articles')
          .select('views')
          .where('id', '=', made.id)
          .executeTakeFirstOrThrow();
        expect(row.views).toBe(3);
      },
      { timeout: 8000, interval: 200 },
    );
    expect(await listed()).toBe(3);
    await b.call('GET', `/article/detail/${made.id}`);
    expect(await listed()).toBe(4);
  });

  test("a manager's reads (the editor) count no view", async () => {
    const { categoryId } = await setup();
    const made = await create(article(categoryId));
    await b.call('GET', `/article/detail/${made.id}`, b.admin);
    await b.call('GET', `/article/detail/${made.id}`, b.plain);
    expect((await b.call('GET', `/article/detail/${made.id}`, b.admin)).body.data.views).toBe(1);
    await b.t.app.close();
    await b.t.testDb.cleanup();
    closed = true;
  });

  test('search finds Chinese and English terms and escapes the highlights', async () => {
    const { categoryId } = await setup();
    await create(
      article(categoryId, {
        title: '数据库索引入门',
        content: '本文介绍<b>数据库</b>的 B 树索引。',
      }),
    );
    await create(
      article(categoryId, {
        title: 'Caching <script>',
        content: 'How a Database cache helps & why <img src=x onerror=alert(1)> matters.',
      }),
    );
    await create(article(categoryId, { title: 'Hidden 数据库', status: 'draft' }));
    const search = async (term: string) =>
      (await b.call('GET', `/article/search?term=${encodeURIComponent(term)}`)).body.data;

    const zh = await search('数据库');
    expect(zh.totalRecordNum).toBe(1);
    expect(zh.records[0].highlights.title).toBe('<mark>数据库</mark>索引入门');
    expect(zh.records[0].highlights.snippet).toContain('<mark>数据库</mark>');

    const two = await search('索引');
    expect(two.totalRecordNum).toBe(1);

    const en = await search('database');
    expect(en.totalRecordNum).toBe(1);
    const hit = en.records[0];
    expect(hit.highlights.title).toBe('Caching &lt;script&gt;');
    expect(hit.highlights.snippet).toContain('<mark>Database</mark>');
    expect(hit.highlights.snippet).not.toContain('<img');
    expect(hit.highlights.snippet.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);

    expect((await search('nothing-like-this')).totalRecordNum).toBe(0);
    expect((await b.call('GET', '/article/search?term=')).statusCode).toBe(400);
  });
});
