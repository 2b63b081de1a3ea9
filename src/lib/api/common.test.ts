import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { Code } from '../shared/codes.ts';
import { getImageCaptcha, getIpLocation, getQrCode } from './common.ts';

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

function sent(): { method: string; path: string } {
  const request = fetchMock.mock.calls[0]?.[0];
  if (!request) throw new Error('nothing sent');
  return { method: request.method, path: new URL(request.url).pathname };
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

test('getImageCaptcha: GET /api/common/captcha/image → {sessionId, imageData}', async () => {
  const captcha = { sessionId: 'abc', imageData: 'data:image/png;base64,AAAA' };
  answer(Code.OK, captcha);
  await expect(getImageCaptcha()).resolves.toEqual(captcha);
  expect(sent()).toEqual({ method: 'GET', path: '/api/common/captcha/image' });
});

test('getIpLocation: GET /api/common/ip-location → coordinates; code 0 rejects', async () => {
  answer(Code.OK, { latitude: 39.9, longitude: 116.4 });
  await expect(getIpLocation()).resolves.toEqual({ latitude: 39.9, longitude: 116.4 });
  expect(sent()).toEqual({ method: 'GET', path: '/api/common/ip-location' });

  answer(Code.REFUSED, null, '未配置定位服务 / No location service', 409);
  await expect(getIpLocation()).rejects.toMatchObject({ code: Code.REFUSED });
});

test('getQrCode: GET /api/common/qrcode?data=<url> resolves the data URL', async () => {
  answer(Code.OK, 'data:image/png;base64,AAAA');
  const url = 'https://site.example/blog/1?x=1&y=2';
  await expect(getQrCode(url)).resolves.toBe('data:image/png;base64,AAAA');
  const sent = new URL(fetchMock.mock.calls[0]?.[0].url ?? '');
  expect(sent.pathname).toBe('/api/common/qrcode');
  expect(sent.searchParams.get('data')).toBe(url);
});
