import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type * as PrefsModule from './prefs.ts';

type Prefs = typeof PrefsModule;

async function load(setup: () => void = () => {}): Promise<Prefs> {
  vi.resetModules();
  setup();
  return import('./prefs.ts');
}

beforeEach(() => {
  localStorage.clear();
  const root = document.documentElement;
  for (const name of ['data-theme', 'data-lang', 'data-title-zh', 'data-title-en', 'lang']) {
    root.removeAttribute(name);
  }
});

afterEach(() => {
  vi.restoreAllMocks();
});

test('starts from what the head script decided and from storage', async () => {
  const prefs = await load(() => {
    document.documentElement.dataset.lang = 'en';
    localStorage.setItem('theme', 'dark');
  });
  expect(prefs.$locale.get()).toBe('en');
  expect(prefs.$themeChoice.get()).toBe('dark');
  expect(prefs.$theme.get()).toBe('dark');
});

test('ignores unknown stored values', async () => {
  const prefs = await load(() => {
    document.documentElement.dataset.lang = 'fr';
    localStorage.setItem('theme', 'purple');
  });
  expect(prefs.$locale.get()).toBe('zh-CN');
  expect(prefs.$themeChoice.get()).toBe('system');
});

test('a language change updates <html>, storage and the title', async () => {
  const prefs = await load(() => {
    document.documentElement.dataset.titleZh = '博客 · Atrium';
    document.documentElement.dataset.titleEn = 'Blog · Atrium';
  });
  prefs.setLocale('en');
  expect(document.documentElement.lang).toBe('en');
  expect(document.documentElement.dataset.lang).toBe('en');
  expect(localStorage.getItem('locale')).toBe('en');
  expect(document.title).toBe('Blog · Atrium');
  prefs.toggleLocale();
  expect(document.title).toBe('博客 · Atrium');
  expect(localStorage.getItem('locale')).toBe('zh-CN');
});

test('the theme cycle changes what shows first, then returns to the system', async () => {
  const prefs = await load();
  const seen: string[] = [];
  prefs.$theme.listen((theme) => seen.push(theme));
  expect(prefs.$systemTheme.get()).toBe('light');
  prefs.cycleThemeChoice();
  expect(prefs.$themeChoice.get()).toBe('dark');
  expect(document.documentElement.dataset.theme).toBe('dark');
  prefs.cycleThemeChoice();
  expect(prefs.$themeChoice.get()).toBe('light');
  expect(document.documentElement.dataset.theme).toBe('light');
  prefs.cycleThemeChoice();
  expect(prefs.$themeChoice.get()).toBe('system');
  expect(localStorage.getItem('theme')).toBe('system');
  expect(seen).toEqual(['dark', 'light']);
});

test('follows choices made in another tab', async () => {
  const prefs = await load();
  window.dispatchEvent(new StorageEvent('storage', { key: 'locale', newValue: 'en' }));
  window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: 'dark' }));
  window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: 'bogus' }));
  expect(prefs.$locale.get()).toBe('en');
  expect(prefs.$themeChoice.get()).toBe('dark');
});
