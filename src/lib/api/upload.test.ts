import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { ApiError, HTTP_TIMEOUT_MS } from '../http.ts';
import { UPLOAD_ABORTED_MESSAGE, getUploadTicket, uploadFile } from './upload.ts';

/** A stand-in for XMLHttpRequest: records the request and lets the test play the answer. */
class FakeXhr extends EventTarget {
  static last: FakeXhr | null = null;
  readonly upload = new EventTarget();
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  timeout = 0;
  status = 0;
  responseText = '';
  aborted = false;

  constructor() {
    super();
    FakeXhr.last = this;
  }

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  send(body: unknown) {
    this.body = body;
  }

  abort() {
    this.aborted = true;
    this.dispatchEvent(new Event('abort'));
  }

  progress(loaded: number, total: number) {
    const event = Object.assign(new Event('progress'), { lengthComputable: true, loaded, total });
    this.upload.dispatchEvent(event);
  }

  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.dispatchEvent(new Event('load'));
  }
}

const ticket = { uploadUrl: '/api/common/upload/tok', token: 'tok', maxBytes: 5 * 1024 * 1024 };
const file = new Blob([new Uint8Array(1000)], { type: 'image/webp' });

function xhr(): FakeXhr {
  if (!FakeXhr.last) throw new Error('no request made');
  return FakeXhr.last;
}

beforeEach(() => {
  FakeXhr.last = null;
  localStorage.clear();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

test('getUploadTicket: GET /api/common/qiniu/upload → the ticket', async () => {
  const fetchMock = vi.fn(
    async (_request: Request) =>
      new Response(JSON.stringify({ code: 1, message: 'ok', data: ticket }), {
        headers: { 'Content-Type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  await expect(getUploadTicket()).resolves.toEqual(ticket);
  const request = fetchMock.mock.calls[0]?.[0];
  if (!request) throw new Error('nothing sent');
  expect(request.method).toBe('GET');
  expect(new URL(request.url).pathname).toBe('/api/common/qiniu/upload');
  expect(new URL(request.url).search).toBe('');
});

test("getUploadTicket('article'): asks for an article image ticket with ?kind=article", async () => {
  const fetchMock = vi.fn(
    async (_request: Request) =>
      new Response(JSON.stringify({ code: 1, message: 'ok', data: ticket }), {
        headers: { 'Content-Type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  await getUploadTicket('article');
  const request = fetchMock.mock.calls[0]?.[0];
  if (!request) throw new Error('nothing sent');
  const url = new URL(request.url);
  expect(url.pathname).toBe('/api/common/qiniu/upload');
  expect(Object.fromEntries(url.searchParams)).toEqual({ kind: 'article' });
});

test('uploadFile: resolves the URL too when the server gives it', async () => {
  const result = uploadFile(ticket, file);
  xhr().answer(200, {
    code: 1,
    message: 'ok',
    data: { key: 'k.webp', url: '/uploads/article/k.webp' },
  });
  await expect(result).resolves.toEqual({ key: 'k.webp', url: '/uploads/article/k.webp' });
});

test('uploadFile: POSTs the file as multipart field `file` with the token, reports progress, resolves the key', async () => {
  localStorage.setItem('token', 'session-token');
  const seen: [number, number][] = [];
  const result = uploadFile(ticket, file, {
    fileName: 'avatar.webp',
    onProgress: ({ loaded, total }) => seen.push([loaded, total]),
  });
  const request = xhr();
  expect(request.method).toBe('POST');
  expect(request.url).toBe('/api/common/upload/tok');
  expect(request.headers.Authorization).toBe('Bearer session-token');
  expect(request.timeout).toBe(HTTP_TIMEOUT_MS);
  expect(request.body).toBeInstanceOf(FormData);
  const part = (request.body as FormData).get('file');
  expect(part).toBeInstanceOf(Blob);
  expect((part as File).name).toBe('avatar.webp');
  expect((part as Blob).size).toBe(1000);

  request.progress(250, 1200);
  request.progress(1200, 1200);
  request.answer(200, { code: 1, message: 'ok', data: { key: 'k.webp' } });
  await expect(result).resolves.toEqual({ key: 'k.webp' });
  expect(seen.slice(0, 2)).toEqual([
    [250, 1200],
    [1200, 1200],
  ]);
});

test('uploadFile: a refusal rejects with its code and message (not transport)', async () => {
  const result = uploadFile(ticket, file);
  xhr().answer(400, { code: -400, message: '只接受图片 / Images only', data: null });
  const error = await result.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({
    code: -400,
    message: '只接受图片 / Images only',
    transport: false,
  });
});

test('uploadFile: a network failure or an unreadable answer rejects as transport', async () => {
  const failed = uploadFile(ticket, file);
  xhr().dispatchEvent(new Event('error'));
  await expect(failed).rejects.toMatchObject({ transport: true });

  const garbled = uploadFile(ticket, file);
  xhr().answer(502, '<html>Bad gateway</html>');
  await expect(garbled).rejects.toMatchObject({ transport: true, code: -500 });
});

test('uploadFile: aborting through the signal stops the request', async () => {
  const controller = new AbortController();
  const result = uploadFile(ticket, file, { signal: controller.signal });
  controller.abort();
  await expect(result).rejects.toMatchObject({ message: UPLOAD_ABORTED_MESSAGE });
  expect(xhr().aborted).toBe(true);
});

test('uploadFile: an already aborted signal sends nothing', async () => {
  const controller = new AbortController();
  controller.abort();
  await expect(uploadFile(ticket, file, { signal: controller.signal })).rejects.toMatchObject({
    message: UPLOAD_ABORTED_MESSAGE,
  });
  expect(FakeXhr.last).toBeNull();
});
