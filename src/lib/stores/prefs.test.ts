import { beforeEach, expect, test, vi } from 'vitest';

const root = document.documentElement;

beforeEach(() => {
  for (const name of ['data-theme', 'data-lang']) root.removeAttribute(name);
});

test('the stores start from <html> and follow its changes', async () => {
  root.dataset.lang = 'en';
  root.dataset.theme = 'dark';
  vi.resetModules();
  const prefs = await import('./prefs.ts');
  expect(prefs.$locale.get()).toBe('en');
  expect(prefs.$theme.get()).toBe('dark');

  root.dataset.lang = 'zh-CN';
  root.dataset.theme = 'light';
  await vi.waitFor(() => expect(prefs.$locale.get()).toBe('zh-CN'));
  expect(prefs.$theme.get()).toBe('light');
});

test('an unknown language reads as the default', async () => {
  root.dataset.lang = 'fr';
  vi.resetModules();
  const prefs = await import('./prefs.ts');
  expect(prefs.$locale.get()).toBe('zh-CN');
});
