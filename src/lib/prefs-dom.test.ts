import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import {
  applyThemeChoice,
  cycleThemeChoice,
  followOutsideChanges,
  nextThemeChoice,
  toggleLocale,
} from './prefs-dom.ts';

const root = document.documentElement;
let systemDark = false;
let mediaListeners: (() => void)[] = [];

beforeEach(() => {
  localStorage.clear();
  for (const name of ['data-theme', 'data-theme-choice', 'data-lang', 'lang']) {
    root.removeAttribute(name);
  }
  root.dataset.titleZh = '博客 · Atrium';
  root.dataset.titleEn = 'Blog · Atrium';
  systemDark = false;
  mediaListeners = [];
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        media: query,
        get matches() {
          return systemDark;
        },
        addEventListener: (_type: string, listener: () => void) => mediaListeners.push(listener),
      }) as unknown as MediaQueryList,
  );
});

afterEach(() => {
  vi.restoreAllMocks();
});

test('the theme cycle changes what shows first, then returns to the system', () => {
  expect(nextThemeChoice('system', 'light')).toBe('dark');
  expect(nextThemeChoice('dark', 'light')).toBe('light');
  expect(nextThemeChoice('light', 'light')).toBe('system');
  expect(nextThemeChoice('system', 'dark')).toBe('light');

  applyThemeChoice('system');
  expect(cycleThemeChoice()).toBe('dark');
  expect(root.dataset.theme).toBe('dark');
  expect(root.dataset.themeChoice).toBe('dark');
  expect(localStorage.getItem('theme')).toBe('dark');
  cycleThemeChoice();
  expect(root.dataset.theme).toBe('light');
  cycleThemeChoice();
  expect(root.dataset.themeChoice).toBe('system');
  expect(localStorage.getItem('theme')).toBe('system');
});

test('a language change updates <html>, storage and the title', () => {
  root.dataset.lang = 'zh-CN';
  expect(toggleLocale()).toBe('en');
  expect(root.lang).toBe('en');
  expect(root.dataset.lang).toBe('en');
  expect(localStorage.getItem('locale')).toBe('en');
  expect(document.title).toBe('Blog · Atrium');
  toggleLocale();
  expect(document.title).toBe('博客 · Atrium');
  expect(localStorage.getItem('locale')).toBe('zh-CN');
});

test('follows the system theme while the choice is "system", and other tabs', () => {
  followOutsideChanges();
  applyThemeChoice('system');
  systemDark = true;
  for (const listener of mediaListeners) listener();
  expect(root.dataset.theme).toBe('dark');

  applyThemeChoice('light');
  systemDark = false;
  for (const listener of mediaListeners) listener();
  systemDark = true;
  for (const listener of mediaListeners) listener();
  expect(root.dataset.theme).toBe('light');

  window.dispatchEvent(new StorageEvent('storage', { key: 'locale', newValue: 'en' }));
  window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: 'dark' }));
  window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: 'bogus' }));
  expect(root.dataset.lang).toBe('en');
  expect(root.dataset.themeChoice).toBe('dark');
  expect(root.dataset.theme).toBe('dark');
});
