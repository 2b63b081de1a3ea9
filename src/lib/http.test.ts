import { afterEach, beforeEach, expect, test, vi, type MockInstance } from 'vitest';
import { ApiError, HTTP_TIMEOUT_MS, onSessionGone, request } from './http.ts';
import { TOKEN_GONE_MESSAGE } from './shared/codes.ts';

type FetchArgs = [Request, RequestInit | undefined];

function envelope(code: number, message = '', data: unknown = null, status = 200): Response {
  return new Response(JSON.stringify({ code, message, data }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

let fetchMock: ReturnType<typeof vi.fn<(...args: FetchArgs) => Promise<Response>>>;
let reload: ReturnType<typeof vi.fn<() => void>>;
let errorLog: MockInstance<typeof console.error>;
let sessionGone: ReturnType<typeof vi.fn<() => void>>;

let sentBodies: string[];

/** Every call gets a fresh Response from the factory (a body can be read only once). */
function answer(response: () => Response | Promise<Response>): void {
  fetchMock.mockImplementation(async (sent) => {
    sentBodies.push(await sent.clone().text());
    return response();
  });
}

function sentRequest(index = 0): Request {
  const call = fetchMock.mock.calls[index];
  if (!call) throw new Error(`no fetch call #${index}`);
  return call[0];
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  sentBodies = [];
  fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();
  vi.stubGlobal('fetch', fetchMock);
  reload = vi.fn<() => void>();
  vi.spyOn(window.location, 'reload').mockImplementation(reload);
  errorLog = vi.spyOn(console, 'error').mockImplementation(() => {});
  sessionGone = vi.fn<() => void>();
  onSessionGone(sessionGone);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

test('code 1 resolves the data; the path goes under /api', async () => {
  answer(() => envelope(1, 'ok', { id: '7' }));
  await expect(request('get', 'user/info/private')).resolves.toEqual({ id: '7' });
  const sent = sentRequest();
  expect(sent.method).toBe('GET');
  expect(new URL(sent.url).pathname).toBe('/api/user/info/private');
  expect(errorLog).not.toHaveBeenCalled();
});

test('a leading slash in the path is fine', async () => {
  answer(() => envelope(1));
  await request('get', '/blog/article');
  expect(new URL(sentRequest().url).pathname).toBe('/api/blog/article');
});

test('sends Authorization: Bearer <stored token>', async () => {
  localStorage.setItem('token', 'tok-123');
  answer(() => envelope(1));
  await request('get', 'user/auth/heartbeat');
  expect(sentRequest().headers.get('Authorization')).toBe('Bearer tok-123');
});

test('sends no Authorization header without a token', async () => {
  answer(() => envelope(1));
  await request('get', 'blog/article');
  expect(sentRequest().headers.has('Authorization')).toBe(false);
});

test('the token is read at call time (a refreshed token is used at once)', async () => {
  answer(() => envelope(1));
  localStorage.setItem('token', 'old');
  await request('get', 'a');
  localStorage.setItem('token', 'new');
  await request('get', 'a');
  expect(sentRequest(1).headers.get('Authorization')).toBe('Bearer new');
});

test('sends JSON bodies and search parameters', async () => {
  answer(() => envelope(1));
  await request('post', 'blog/comment', {
    json: { text: 'hi' },
    searchParams: { pageNum: 2, draft: false, skip: undefined },
  });
  const sent = sentRequest();
  expect(sent.method).toBe('POST');
  expect(new URL(sent.url).search).toBe('?pageNum=2&draft=false');
  expect(sent.headers.get('Content-Type')).toMatch(/application\/json/);
  expect(JSON.parse(sentBodies[0] ?? '')).toEqual({ text: 'hi' });
});

test.each([0, -4, -400, -403, -404, -429, -500])(
  'code %i rejects with its message and data, and is logged',
  async (code) => {
    answer(() => envelope(code, 'refused because', { field: 'x' }, 400));
    const error = await request('put', 'thing/1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code, message: 'refused because', data: { field: 'x' } });
    expect((error as ApiError).transport).toBe(false);
    expect(errorLog).toHaveBeenCalledTimes(1);
    expect(String(errorLog.mock.calls[0]?.[0])).toContain(String(code));
    expect(String(errorLog.mock.calls[0]?.[0])).toContain('thing/1');
    expect(sessionGone).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  },
);

test.each([-1, -2])(
  'code %i clears the session, reloads and rejects with 令牌失效/错误',
  async (code) => {
    localStorage.setItem('token', 'stale');
    answer(() => envelope(code, 'token expired', null, 401));
    const error = await request('get', 'user/info/private').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code, message: TOKEN_GONE_MESSAGE });
    expect(TOKEN_GONE_MESSAGE).toBe('令牌失效/错误');
    expect(sessionGone).toHaveBeenCalledTimes(1);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(errorLog).toHaveBeenCalledTimes(1);
  },
);

test('-1/-2 on a call that carried no token clears but does not reload (no reload loop)', async () => {
  answer(() => envelope(-2, 'gone', null, 401));
  await expect(request('get', 'a')).rejects.toMatchObject({ code: -2 });
  expect(sessionGone).toHaveBeenCalledTimes(1);
  expect(reload).not.toHaveBeenCalled();
  expect(sessionStorage.getItem('session-ended')).toBeNull();
});

test.each([
  [-2, { reason: 'locked' }, 'locked'],
  [-2, { reason: 'passwordChanged' }, 'passwordChanged'],
  [-2, { reason: 'revoked' }, 'revoked'],
  [-2, { reason: 'expired' }, 'expired'],
  [-2, null, 'unknown'],
  [-2, { reason: '<script>' }, 'unknown'],
  [-1, null, 'unknown'],
])(
  'code %i with data %j leaves word (%s) for the page after the reload',
  async (code, data, noted) => {
    localStorage.setItem('token', 'stale');
    answer(() => envelope(code, 'gone', data, 401));
    await expect(request('get', 'user/auth/heartbeat')).rejects.toMatchObject({ code });
    expect(sessionStorage.getItem('session-ended')).toBe(noted);
    expect(reload).toHaveBeenCalledTimes(1);
  },
);

test('HTTP error statuses are read through the envelope (no throwing on status)', async () => {
  answer(() => envelope(1, 'ok', 'still data', 500));
  await expect(request('get', 'a')).resolves.toBe('still data');
});

test('a non-JSON answer rejects with -500 and a readable message', async () => {
  answer(() => new Response('<html>Bad gateway</html>', { status: 502 }));
  const error = (await request('get', 'a').catch((e: unknown) => e)) as ApiError;
  expect(error).toBeInstanceOf(ApiError);
  expect(error.code).toBe(-500);
  expect(error.transport).toBe(true);
  expect(error.message).toMatch(/could not be read.*502/);
  expect(errorLog).toHaveBeenCalledTimes(1);
});

test('JSON that is not an envelope rejects with -500', async () => {
  answer(() => new Response(JSON.stringify({ hello: 'world' }), { status: 200 }));
  await expect(request('get', 'a')).rejects.toMatchObject({ code: -500, transport: true });
});

test('a network failure rejects with -500, is logged, and is not retried', async () => {
  answer(() => {
    throw new TypeError('Failed to fetch');
  });
  const error = (await request('get', 'a').catch((e: unknown) => e)) as ApiError;
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({ code: -500, transport: true });
  expect(error.message).toMatch(/Network error/);
  expect(fetchMock).toHaveBeenCalledTimes(1);
  expect(errorLog).toHaveBeenCalledTimes(1);
});

test('a failing answer is not retried either', async () => {
  answer(() => envelope(-500, 'internal', null, 500));
  await expect(request('get', 'a')).rejects.toMatchObject({ code: -500 });
  expect(fetchMock).toHaveBeenCalledTimes(1);
});

test('a call without json sends an empty body', async () => {
  answer(() => envelope(1));
  await request('post', 'user/auth/logout');
  expect(sentRequest().method).toBe('POST');
  expect(sentBodies[0]).toBe('');
});

test('the timeout is 10 minutes', async () => {
  expect(HTTP_TIMEOUT_MS).toBe(600_000);
  vi.useFakeTimers();
  answer(() => new Promise<Response>(() => {}));
  let settled: unknown = 'pending';
  void request('get', 'slow').then(
    (value) => (settled = value),
    (error: unknown) => (settled = error),
  );
  await vi.advanceTimersByTimeAsync(HTTP_TIMEOUT_MS - 1);
  expect(settled).toBe('pending');
  await vi.advanceTimersByTimeAsync(1);
  expect(settled).toBeInstanceOf(ApiError);
  expect(settled).toMatchObject({ code: -500, transport: true });
  expect((settled as ApiError).message).toMatch(/in time/);
});
