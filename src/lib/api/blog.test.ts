import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { Comment, CommentThread, Page, SearchHit } from './blog.ts';
import {
  deleteComment,
  listComments,
  postComment,
  randomArticle,
  searchArticles,
  voteComment,
} from './blog.ts';
import { ApiError } from '../http.ts';

const comment: Comment = {
  id: 'c1',
  articleId: 'a 1',
  parentId: null,
  replyTo: null,
  author: { id: 'u1', nickname: 'Alice', avatar: null },
  html: '<p>Hi</p>',
  createTime: '2026-01-01T00:00:00.000Z',
  thumbsUp: 0,
  thumbsDown: 0,
  myVote: null,
  canDelete: true,
};

let fetchMock: ReturnType<typeof vi.fn<(request: Request) => Promise<Response>>>;
let bodies: string[];

function answer(data: unknown, code = 1, message = 'ok'): void {
  fetchMock.mockImplementation(async (request) => {
    bodies.push(await request.clone().text());
    return new Response(JSON.stringify({ code, message, data }), {
      headers: { 'Content-Type': 'application/json' },
    });
  });
}

function call(index = 0): { method: string; url: URL; body: unknown } {
  const request = fetchMock.mock.calls[index]?.[0];
  if (!request) throw new Error(`no call ${index}`);
  const body = bodies[index];
  return { method: request.method, url: new URL(request.url), body: body ? JSON.parse(body) : '' };
}

beforeEach(() => {
  bodies = [];
  fetchMock = vi.fn<(request: Request) => Promise<Response>>();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

test('listComments: GET /api/blog/comment/article/{id} with the page, id encoded', async () => {
  const page: Page<CommentThread> = {
    records: [{ ...comment, replies: [] }],
    totalRecordNum: 1,
    totalPageNum: 1,
    pageNum: 2,
    pageSize: 5,
  };
  answer(page);
  await expect(listComments('a 1', 2, 5)).resolves.toEqual(page);
  const { method, url } = call();
  expect(method).toBe('GET');
  expect(url.pathname).toBe('/api/blog/comment/article/a%201');
  expect(Object.fromEntries(url.searchParams)).toEqual({ pageNum: '2', pageSize: '5' });
});

test('postComment: POST /api/blog/comment with the article, the parent and the Markdown', async () => {
  answer(comment);
  await expect(
    postComment({ articleId: 'a1', parentId: 'c0', content: '**hi**' }),
  ).resolves.toEqual(comment);
  expect(call()).toMatchObject({
    method: 'POST',
    body: { articleId: 'a1', parentId: 'c0', content: '**hi**' },
  });
  expect(call().url.pathname).toBe('/api/blog/comment');
});

test('postComment refused as a duplicate rejects with the server message', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  answer(null, 0, '请勿重复评论 / You already posted this comment');
  const failure = postComment({ articleId: 'a1', content: 'again' });
  await expect(failure).rejects.toBeInstanceOf(ApiError);
  await expect(failure).rejects.toMatchObject({ code: 0 });
});

test('deleteComment: DELETE /api/blog/comment/{id}', async () => {
  answer(null);
  await expect(deleteComment('c/1')).resolves.toBeUndefined();
  expect(call().method).toBe('DELETE');
  expect(call().url.pathname).toBe('/api/blog/comment/c%2F1');
});

test('voteComment: up, down and none go to their own endpoints', async () => {
  const votes = { thumbsUp: 1, thumbsDown: 0, myVote: 'up' as const };
  answer(votes);
  await expect(voteComment('c1', 'up')).resolves.toEqual(votes);
  await voteComment('c1', 'down');
  await voteComment('c1', null);
  expect([0, 1, 2].map((i) => `${call(i).method} ${call(i).url.pathname}`)).toEqual([
    'POST /api/blog/comment/thumbs-up/c1',
    'POST /api/blog/comment/thumbs-down/c1',
    'POST /api/blog/comment/thumbs-none/c1',
  ]);
});

test('searchArticles: GET /api/blog/article/search?term&pageNum&pageSize', async () => {
  const page: Page<SearchHit> = {
    records: [],
    totalRecordNum: 0,
    totalPageNum: 0,
    pageNum: 1,
    pageSize: 10,
  };
  answer(page);
  await expect(searchArticles('数据库 & co', 3, 7)).resolves.toEqual(page);
  const { url } = call();
  expect(url.pathname).toBe('/api/blog/article/search');
  expect(Object.fromEntries(url.searchParams)).toEqual({
    term: '数据库 & co',
    pageNum: '3',
    pageSize: '7',
  });
});

test('randomArticle: GET /api/blog/article/random → the id', async () => {
  answer({ id: 'a9' });
  await expect(randomArticle()).resolves.toBe('a9');
  expect(call().url.pathname).toBe('/api/blog/article/random');
});
