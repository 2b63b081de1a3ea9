import { afterEach, describe, expect, test } from 'vitest';
import { BLOG_TOPIC } from '../../lib/shared/topics.ts';
import { DIALECTS } from '../../../tests/helpers/test-db.ts';
import { startBlog, type BlogTest } from './blog.test-helpers.ts';

describe.each(DIALECTS)('blog categories and tags on %s', (dialect) => {
  let b: BlogTest;
  afterEach(() => b.t.close());

  const article = (categoryId: number, tagIds: number[] = []) => ({
    title: 'T',
    content: 'C',
    categoryId,
    tagIds,
    status: 'published',
  });

  for (const kind of ['category', 'tag'] as const) {
    test(`${kind}: create, list, rename, delete; unique names; permissions`, async () => {
      b = await startBlog(dialect);
      const token = b.only[kind];
      const made = await b.call('POST', `/${kind}`, token, { name: 'Life' });
      expect(made.body.data).toMatchObject({ name: 'Life', count: 0 });
      const id = made.body.data.id as number;
      expect(Number.isInteger(id)).toBe(true);

      const taken = await b.call('POST', `/${kind}`, token, { name: 'LIFE' });
      expect(taken.statusCode).toBe(409);
      expect(taken.body.code).toBe(0);
      const blank = await b.call('POST', `/${kind}`, token, { name: '  ' });
      expect(blank.statusCode).toBe(400);

      const other = (await b.call('POST', `/${kind}`, token, { name: 'Code' })).body.data;
      expect(
        (await b.call('PUT', `/${kind}/${other.id}`, token, { name: 'life' })).statusCode,
      ).toBe(409);
      expect(
        (await b.call('PUT', `/${kind}/${other.id}`, token, { id: id, name: 'X' })).statusCode,
      ).toBe(400);
      const renamed = await b.call('PUT', `/${kind}/${other.id}`, token, { name: 'Coding' });
      expect(renamed.body.data.name).toBe('Coding');
      expect((await b.call('PUT', `/${kind}/9999`, token, { name: 'Y' })).statusCode).toBe(404);

      const list = await b.call('GET', `/${kind}`);
      expect(list.body.data.map((t: { name: string }) => t.name).sort()).toEqual([
        'Coding',
        'Life',
      ]);
      expect((await b.call('GET', `/${kind}/${id}`)).body.data.name).toBe('Life');
      expect((await b.call('GET', `/${kind}/9999`)).statusCode).toBe(404);

      const wrong = kind === 'category' ? b.only.tag : b.only.category;
      for (const [who, status] of [
        [null, 401],
        [b.plain, 403],
        [b.only.article, 403],
        [wrong, 403],
      ] as const) {
        expect((await b.call('POST', `/${kind}`, who, { name: 'Z' })).statusCode).toBe(status);
        expect((await b.call('PUT', `/${kind}/${id}`, who, { name: 'Z' })).statusCode).toBe(status);
        expect((await b.call('DELETE', `/${kind}/${id}`, who)).statusCode).toBe(status);
      }

      expect((await b.call('DELETE', `/${kind}/${other.id}`, token)).body.code).toBe(1);
      expect((await b.call('DELETE', `/${kind}/${other.id}`, token)).statusCode).toBe(404);
    });
  }

  test('deleting a category with articles is refused, or moves them first', async () => {
    b = await startBlog(dialect);
    const from = (await b.call('POST', '/category', b.admin, { name: 'From' })).body.data.id;
    const to = (await b.call('POST', '/category', b.admin, { name: 'To' })).body.data.id;
    for (let i = 0; i < 2; i += 1) {
      expect((await b.call('POST', '/article', b.admin, article(from))).body.code).toBe(1);
    }
    const refused = await b.call('DELETE', `/category/${from}`, b.admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.body.code).toBe(0);
    expect(refused.body.message).toContain('2');
    expect((await b.call('DELETE', `/category/${from}?moveTo=${from}`, b.admin)).statusCode).toBe(
      400,
    );
    expect((await b.call('DELETE', `/category/${from}?moveTo=9999`, b.admin)).statusCode).toBe(400);
    expect((await b.call('GET', `/article/category/${from}`)).body.data.totalRecordNum).toBe(2);

    expect((await b.call('DELETE', `/category/${from}?moveTo=${to}`, b.admin)).body.code).toBe(1);
    expect((await b.call('GET', `/article/category/${to}`)).body.data.totalRecordNum).toBe(2);
    expect((await b.call('GET', `/article/category/${from}`)).body.data.totalRecordNum).toBe(0);
    const categories = (await b.call('GET', '/category')).body.data;
    expect(categories).toEqual([expect.objectContaining({ name: 'To', count: 2 })]);
  });

  test('deleting a tag unlinks it from its articles', async () => {
    b = await startBlog(dialect);
    const category = (await b.call('POST', '/category', b.admin, { name: 'C' })).body.data.id;
    const keep = (await b.call('POST', '/tag', b.admin, { name: 'keep' })).body.data.id;
    const drop = (await b.call('POST', '/tag', b.admin, { name: 'drop' })).body.data.id;
    const made = (await b.call('POST', '/article', b.admin, article(category, [keep, drop]))).body
      .data;
    expect((await b.call('GET', '/tag')).body.data[0].count).toBe(1);
    expect((await b.call('DELETE', `/tag/${drop}`, b.admin)).body.code).toBe(1);
    const read = (await b.call('GET', `/article/detail/${made.id}`)).body.data;
    expect(read.tags).toEqual([{ id: keep, name: 'keep' }]);
    expect((await b.call('GET', `/article/tag/${drop}`)).body.data.totalRecordNum).toBe(0);
  });

  test('every write is announced on the hub', async () => {
    b = await startBlog(dialect);
    const events: unknown[] = [];
    const { onTopic } = await import('../events/index.ts');
    const stop = onTopic(b.t.app.ctx.hub, BLOG_TOPIC, (change) => events.push(change));
    const id = (await b.call('POST', '/category', b.admin, { name: 'C' })).body.data.id;
    const made = (await b.call('POST', '/article', b.admin, article(id))).body.data;
    await b.call('DELETE', `/article/${made.id}`, b.admin);
    stop();
    expect(events).toEqual([
      { kind: 'category', id, action: 'create' },
      { kind: 'article', id: made.id, action: 'create' },
      { kind: 'article', id: made.id, action: 'delete' },
    ]);
  });
});
