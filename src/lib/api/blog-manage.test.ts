import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { SITE_BUILD_TOPIC, type SiteBuildStatus } from '../shared/site-build.ts';
import {
  BUILD_POLL_ACTIVE_MS,
  BUILD_POLL_IDLE_MS,
  articleImageUrl,
  createArticle,
  deleteArticle,
  deleteTerm,
  getArticle,
  getSiteBuild,
  listContactMessages,
  listManagedArticles,
  listTerms,
  markContactRead,
  renameTerm,
  startSiteBuild,
  updateArticle,
  watchSiteBuild,
  type ArticleBody,
} from './blog-manage.ts';

interface Sent {
  method: string;
  url: URL;
  body: string;
}

let sent: Sent[];
let reply: (sent: Sent) => { code: number; message: string; data: unknown };

function only(): Sent {
  expect(sent).toHaveLength(1);
  return sent[0] as Sent;
}

const idle: SiteBuildStatus = {
  state: 'idle',
  queuedAt: null,
  startedAt: null,
  finishedAt: null,
  ms: null,
  error: null,
  builtAt: null,
};
const running: SiteBuildStatus = { ...idle, state: 'running', startedAt: '2026-06-01T00:00:00Z' };
const done: SiteBuildStatus = { ...running, state: 'done', finishedAt: '2026-06-01T00:00:30Z' };

beforeEach(() => {
  sent = [];
  reply = () => ({ code: 1, message: 'ok', data: null });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const one = { method: request.method, url: new URL(request.url), body: await request.text() };
      sent.push(one);
      const answer = reply(one);
      return new Response(JSON.stringify(answer), {
        status: answer.code === 1 ? 200 : 409,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
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

test('inbox calls: list (unread only when asked), mark read with POST', async () => {
  reply = () => ({
    code: 1,
    message: 'ok',
    data: { records: [], totalRecordNum: 0, totalPageNum: 0, pageNum: 1, pageSize: 20 },
  });
  await listContactMessages({ pageNum: 1, pageSize: 20, unread: true });
  await listContactMessages({ pageNum: 2, pageSize: 20, unread: false });
  await markContactRead('m1');
  expect(sent.map((s) => `${s.method} ${s.url.pathname}${s.url.search}`)).toEqual([
    'GET /api/contact/messages?pageNum=1&pageSize=20&unread=true',
    'GET /api/contact/messages?pageNum=2&pageSize=20',
    'POST /api/contact/messages/m1/read',
  ]);
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

/** A stand-in WebSocket: records what the page sends and lets the test play the server. */
class FakeSocket extends EventTarget {
  static all: FakeSocket[] = [];
  readonly url: string;
  readonly sent: unknown[] = [];
  closed = false;

  constructor(url: string) {
    super();
    this.url = url;
    FakeSocket.all.push(this);
  }

  send(data: string) {
    this.sent.push(JSON.parse(data));
  }

  close() {
    if (this.closed) return;
    this.closed = true;
    this.dispatchEvent(new Event('close'));
  }

  open() {
    this.dispatchEvent(new Event('open'));
  }

  receive(message: unknown) {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(message) }));
  }
}

function lastSocket(): FakeSocket {
  const socket = FakeSocket.all.at(-1);
  if (!socket) throw new Error('no socket opened');
  return socket;
}

const buildCalls = () => sent.filter((s) => s.url.pathname === '/api/blog/build').length;

test('watchSiteBuild: REST first, then auth → subscribe → live events; polling stops while live', async () => {
  vi.useFakeTimers();
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  localStorage.setItem('token', 'tok');
  reply = () => ({ code: 1, message: 'ok', data: idle });
  const seen: SiteBuildStatus[] = [];
  const liveness: boolean[] = [];
  const stop = watchSiteBuild({
    onStatus: (s) => seen.push(s),
    onLive: (l) => liveness.push(l),
  });
  await vi.advanceTimersByTimeAsync(0);
  expect(seen).toEqual([idle]);

  const socket = lastSocket();
  expect(new URL(socket.url).pathname).toBe('/api/ws-connection');
  expect(new URL(socket.url).protocol).toBe('ws:');
  socket.open();
  expect(socket.sent).toEqual([{ type: 'auth', token: 'tok' }]);
  socket.receive({ type: 'welcome' });
  socket.receive({ type: 'auth', ok: true, userId: 'u1' });
  expect(socket.sent.at(-1)).toEqual({ type: 'subscribe', topic: SITE_BUILD_TOPIC });
  socket.receive({ type: 'subscribed', topic: SITE_BUILD_TOPIC });
  expect(liveness).toEqual([true]);
  await vi.advanceTimersByTimeAsync(0);
  const callsWhenLive = buildCalls();

  socket.receive({ type: 'event', topic: 'site', data: { other: true } });
  socket.receive({ type: 'event', topic: SITE_BUILD_TOPIC, data: running });
  socket.receive({ type: 'event', topic: SITE_BUILD_TOPIC, data: done });
  expect(seen.slice(-2)).toEqual([running, done]);
  await vi.advanceTimersByTimeAsync(BUILD_POLL_IDLE_MS * 3);
  expect(buildCalls()).toBe(callsWhenLive);

  stop();
  expect(socket.closed).toBe(true);
});

test('watchSiteBuild: a refused topic falls back to polling REST, fast while a build runs', async () => {
  vi.useFakeTimers();
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  localStorage.setItem('token', 'tok');
  let status = running;
  reply = () => ({ code: 1, message: 'ok', data: status });
  const seen: SiteBuildStatus[] = [];
  const stop = watchSiteBuild({ onStatus: (s) => seen.push(s) });
  await vi.advanceTimersByTimeAsync(0);
  const socket = lastSocket();
  socket.open();
  socket.receive({ type: 'auth', ok: true, userId: 'u1' });
  socket.receive({ type: 'error', message: `topic ${SITE_BUILD_TOPIC} is not available` });
  expect(socket.closed).toBe(true);

  expect(buildCalls()).toBe(1);
  await vi.advanceTimersByTimeAsync(BUILD_POLL_ACTIVE_MS);
  expect(buildCalls()).toBe(2);
  status = done;
  await vi.advanceTimersByTimeAsync(BUILD_POLL_ACTIVE_MS);
  expect(buildCalls()).toBe(3);
  expect(seen.at(-1)).toEqual(done);
  // Once the build is over, slowly.
  await vi.advanceTimersByTimeAsync(BUILD_POLL_ACTIVE_MS);
  expect(buildCalls()).toBe(3);
  await vi.advanceTimersByTimeAsync(BUILD_POLL_IDLE_MS);
  expect(buildCalls()).toBe(4);
  // The refused socket is not opened again.
  expect(FakeSocket.all).toHaveLength(1);
  stop();
  await vi.advanceTimersByTimeAsync(BUILD_POLL_IDLE_MS * 2);
  expect(buildCalls()).toBe(4);
});

test('watchSiteBuild: a live socket that drops catches up over REST and reconnects', async () => {
  vi.useFakeTimers();
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  localStorage.setItem('token', 'tok');
  reply = () => ({ code: 1, message: 'ok', data: idle });
  const liveness: boolean[] = [];
  const stop = watchSiteBuild({ onStatus: () => {}, onLive: (l) => liveness.push(l) });
  await vi.advanceTimersByTimeAsync(0);
  const first = lastSocket();
  first.open();
  first.receive({ type: 'auth', ok: true });
  first.receive({ type: 'subscribed', topic: SITE_BUILD_TOPIC });
  await vi.advanceTimersByTimeAsync(0);
  const before = buildCalls();
  first.close();
  expect(liveness).toEqual([true, false]);
  await vi.advanceTimersByTimeAsync(0);
  expect(buildCalls()).toBe(before + 1);
  await vi.advanceTimersByTimeAsync(1_000);
  expect(FakeSocket.all).toHaveLength(2);
  stop();
});

test('watchSiteBuild without a token or WebSocket only polls REST', async () => {
  vi.useFakeTimers();
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  reply = () => ({ code: 1, message: 'ok', data: idle });
  const errors: unknown[] = [];
  const stop = watchSiteBuild({ onStatus: () => {}, onError: (e) => errors.push(e) });
  await vi.advanceTimersByTimeAsync(0);
  expect(FakeSocket.all).toHaveLength(0);
  reply = () => ({ code: -404, message: 'Not found', data: null });
  await vi.advanceTimersByTimeAsync(BUILD_POLL_IDLE_MS);
  expect(errors).toHaveLength(1);
  stop();
});
