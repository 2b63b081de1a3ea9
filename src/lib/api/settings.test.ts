import { afterEach, beforeEach, expect, test, vi } from 'vitest';

let fetchMock: ReturnType<typeof vi.fn<(request: Request) => Promise<Response>>>;

function answer(code: number, data: unknown, status = 200): void {
  fetchMock.mockImplementation(
    async () => new Response(JSON.stringify({ code, message: '', data }), { status }),
  );
}

beforeEach(() => {
  vi.resetModules();
  fetchMock = vi.fn<(request: Request) => Promise<Response>>();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

test('getSiteSettings: GET /api/common/settings, asked once for every island of the page', async () => {
  const { getSiteSettings } = await import('./settings.ts');
  answer(1, { githubSignIn: true });
  const [first, second] = await Promise.all([getSiteSettings(), getSiteSettings()]);
  expect(first).toEqual({ githubSignIn: true });
  expect(second).toBe(first);
  await getSiteSettings();
  expect(fetchMock).toHaveBeenCalledTimes(1);
  const sent = fetchMock.mock.calls[0]?.[0];
  expect(sent?.method).toBe('GET');
  expect(new URL(sent?.url ?? '').pathname).toBe('/api/common/settings');
});

test('getSiteSettings: a failure rejects, and the next call asks again', async () => {
  const { getSiteSettings } = await import('./settings.ts');
  answer(-500, null, 500);
  await expect(getSiteSettings()).rejects.toMatchObject({ code: -500 });
  answer(1, { githubSignIn: false });
  await expect(getSiteSettings()).resolves.toEqual({ githubSignIn: false });
  expect(fetchMock).toHaveBeenCalledTimes(2);
});
