import { afterEach, expect, test, vi } from 'vitest';

async function loadConfig() {
  vi.resetModules();
  return (await import('./config.ts')).publicConfig;
}

afterEach(() => {
  vi.unstubAllEnvs();
});

test('defaults: /api, same-origin images, kill maintenance on', async () => {
  vi.stubEnv('PUBLIC_IMAGE_HOST', undefined);
  vi.stubEnv('PUBLIC_KILL_MAINTENANCE', undefined);
  const config = await loadConfig();
  expect(config).toEqual({ apiBase: '/api', imageHost: '', killMaintenance: true });
  expect(Object.isFrozen(config)).toBe(true);
});

test('the image host loses its trailing slashes', async () => {
  vi.stubEnv('PUBLIC_IMAGE_HOST', 'https://img.example.com//');
  expect((await loadConfig()).imageHost).toBe('https://img.example.com');
});

test("only 'false' turns kill maintenance off", async () => {
  vi.stubEnv('PUBLIC_KILL_MAINTENANCE', 'false');
  expect((await loadConfig()).killMaintenance).toBe(false);
  vi.stubEnv('PUBLIC_KILL_MAINTENANCE', 'true');
  expect((await loadConfig()).killMaintenance).toBe(true);
  vi.stubEnv('PUBLIC_KILL_MAINTENANCE', '0');
  expect((await loadConfig()).killMaintenance).toBe(true);
});
