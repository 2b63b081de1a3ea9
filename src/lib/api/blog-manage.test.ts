import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { IDLE_BUILD_STATUS, type SiteBuildStatus } from '../shared/site-build.ts';
import {
  articleImageUrl,
  createArticle,
  deleteArticle,
  deleteTerm,
  getArticle,
  getSiteBuild,
  listManagedArticles,
  listTerms,
  renameTerm,
  startSiteBuild,
  updateArticle,
  type ArticleBody,
} from './blog-manage.ts';
import { stubFetch, type Reply, type Sent } from './stub-fetch.test-helpers.ts';

let sent: Sent[];
let reply: Reply;

function only(): Sent {
  expect(sent).toHaveLength(1);
  return sent[0] as Sent;
}

const idle: SiteBuildStatus = IDLE_BUILD_STATUS;
const running: SiteBuildStatus = { ...idle, state: 'running', startedAt: '2026-06-01T00:00:00Z' };

beforeEach(() => {
  sent = [];
  reply = () => ({ code: 1, message: 'ok', data: null });
  stubFetch((one) => {
    sent.push(one);
    return reply(one);
  });
  vi.spyOn(console, 'error').mockImplementation(() => {});
  localStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

test('listManagedArticles: GET /api/blog/article/manage with paging, sort and the filters given', async () => {
  await listManagedArticles({
    pageNum: 2,
    pageSize: 20,
    search: '  astro ',
    status: 'draft',
    categoryId: 3,
    tagId: 7,
    sort: 'title',
    order: 'asc',
  });
  expect(only().method).toBe('GET');
  expect(only().url.pathname).toBe('/api/blog/article/manage');
  expect(Object.fromEntries(only().url.searchParams)).toEqual({
    pageNum: '2',
    pageSize: '20',
    search: 'astro',
    status: 'draft',
    categoryId: '3',
    tagId: '7',
    sort: 'title',
    order: 'asc',
  });
});

test('listManagedArticles leaves out a blank search and absent filters', async () => {
  await listManagedArticles({
    pageNum: 1,
    pageSize: 10,
    search: '  ',
    sort: 'updateTime',
    order: 'desc',
  });
  expect(Object.fromEntries(only().url.searchParams)).toEqual({
    pageNum: '1',
    pageSize: '10',
    sort: 'updateTime',
    order: 'desc',
  });
});

const body: ArticleBody = {
  title: 'Hello',
  content: '# Hi',
  categoryId: 1,
  tagIds: [2],
  status: 'draft',
};

test('article calls: detail GET, create POST, update PUT with the path id in the body, DELETE', async () => {
  await getArticle('a b');
  await createArticle(body);
  await updateArticle('a1', body);
  await deleteArticle('a1');
  expect(sent.map((s) => [s.method, s.url.pathname])).toEqual([
    ['GET', '/api/blog/article/detail/a%20b'],
    ['POST', '/api/blog/article'],
    ['PUT', '/api/blog/article/a1'],
    ['DELETE', '/api/blog/article/a1'],
  ]);
  expect(JSON.parse(sent[1]?.body ?? '')).toEqual(body);
  expect(JSON.parse(sent[2]?.body ?? '')).toEqual({ ...body, id: 'a1' });
});

test('term calls: list, rename with the id in the body, delete a category with moveTo', async () => {
  reply = () => ({ code: 1, message: 'ok', data: [] });
  await listTerms('tag');
  await renameTerm('category', 4, ' Notes ');
  await deleteTerm('category', 4, 9);
  await deleteTerm('tag', 5, 9);
  expect(sent.map((s) => `${s.method} ${s.url.pathname}${s.url.search}`)).toEqual([
    'GET /api/blog/tag',
    'PUT /api/blog/category/4',
    'DELETE /api/blog/category/4?moveTo=9',
    // Tags are only unlinked: moveTo means nothing for them and is not sent.
    'DELETE /api/blog/tag/5',
  ]);
  expect(JSON.parse(sent[1]?.body ?? '')).toEqual({ id: 4, name: 'Notes' });
});

test('deleting a category that has articles rejects with the server message (with the count)', async () => {
  reply = () => ({
    code: 0,
    message: '该分类下还有 3 篇文章，请先移走或删除 / The category still has 3 article(s)',
    data: null,
  });
  await expect(deleteTerm('category', 4)).rejects.toMatchObject({
    code: 0,
    message: expect.stringContaining('3 article(s)'),
  });
  expect(only().url.search).toBe('');
});

test('rebuild calls: GET and POST /api/blog/build give the status', async () => {
  reply = (s) => ({ code: 1, message: 'ok', data: s.method === 'POST' ? running : idle });
  await expect(getSiteBuild()).resolves.toEqual(idle);
  await expect(startSiteBuild()).resolves.toEqual(running);
  expect(sent.map((s) => `${s.method} ${s.url.pathname}`)).toEqual([
    'GET /api/blog/build',
    'POST /api/blog/build',
  ]);
});

test('articleImageUrl: the server path below the image host; absolute URLs kept', () => {
  expect(articleImageUrl({ key: 'k.webp', url: '/uploads/article/k.webp' }, '')).toBe(
    '/uploads/article/k.webp',
  );
  expect(
    articleImageUrl({ key: 'k.webp', url: '/uploads/article/k.webp' }, 'https://img.example/'),
  ).toBe('https://img.example/uploads/article/k.webp');
  expect(articleImageUrl({ key: 'k.webp' }, '')).toBe('/uploads/article/k.webp');
  expect(articleImageUrl({ key: 'k', url: 'https://cdn.example/k.webp' }, 'https://x')).toBe(
    'https://cdn.example/k.webp',
  );
});
