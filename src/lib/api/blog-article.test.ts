import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { Code } from '../shared/codes.ts';
import { getArticle } from './blog-article.ts';

let fetchMock: ReturnType<typeof vi.fn<(request: Request) => Promise<Response>>>;

function answer(code: number, data: unknown, message = '', status = 200): void {
  fetchMock.mockImplementation(
    async () =>
      new Response(JSON.stringify({ code, message, data }), {
        status,
        headers: { 'Content-Type': 'application/json' },
      }),
  );
}

beforeEach(() => {
  fetchMock = vi.fn<(request: Request) => Promise<Response>>();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

test('getArticle: GET /api/blog/article/detail/{id} resolves the article', async () => {
  const article = { id: 'a b/c', title: 'T', content: '# x' };
  answer(Code.OK, article);
  await expect(getArticle('a b/c')).resolves.toEqual(article);
  const sent = fetchMock.mock.calls[0]?.[0];
  expect(sent?.method).toBe('GET');
  // The id stays one path segment, whatever it holds.
  expect(new URL(sent?.url ?? '').pathname).toBe('/api/blog/article/detail/a%20b%2Fc');
});

test('getArticle: a missing article rejects with code -404', async () => {
  answer(Code.NOT_FOUND, null, '文章不存在 / No such article', 404);
  await expect(getArticle('nope')).rejects.toMatchObject({ code: Code.NOT_FOUND });
});
