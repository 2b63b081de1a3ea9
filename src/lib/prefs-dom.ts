/**
 * The visitor's colour theme and language, kept on <html> and in localStorage. The inline script in
 * <head> (src/components/HeadPrefs.astro) sets both before the first paint; from then on these
 * functions change them: the header's switches (src/lib/site-header.ts) on every page, with no
 * packages, and src/lib/stores/prefs.ts mirrors <html> into stores for the islands.
 *
 * <html data-theme-choice> is what the visitor picked (light | dark | system), <html data-theme>
 * the theme in effect, <html data-lang lang> the language.
 */
import type { Locale } from './i18n/messages.ts';

export type Theme = 'light' | 'dark';
export type ThemeChoice = Theme | 'system';

/** localStorage keys (the head script uses the same ones). */
export const THEME_KEY = 'theme';
export const LOCALE_KEY = 'locale';

const DARK_QUERY = '(prefers-color-scheme: dark)';

export function isThemeChoice(value: unknown): value is ThemeChoice {
  return value === 'light' || value === 'dark' || value === 'system';
}

export function isLocaleValue(value: unknown): value is Locale {
  return value === 'zh-CN' || value === 'en';
}

function store(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private mode or storage disabled: the choice lasts for this page only.
  }
}

/** What the operating system prefers right now. */
export function systemTheme(): Theme {
  return window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light';
}

export function currentThemeChoice(root: HTMLElement = document.documentElement): ThemeChoice {
  const choice = root.dataset.themeChoice;
  return isThemeChoice(choice) ? choice : 'system';
}

export function currentLocale(root: HTMLElement = document.documentElement): Locale {
  return root.dataset.lang === 'en' ? 'en' : 'zh-CN';
}

/** Shows a theme choice on <html> (without storing it). */
export function applyThemeChoice(
  choice: ThemeChoice,
  root: HTMLElement = document.documentElement,
): void {
  root.dataset.themeChoice = choice;
  root.dataset.theme = choice === 'system' ? systemTheme() : choice;
}

/** Shows a language on <html> and in the <title> (without storing it). */
export function applyLocale(locale: Locale, root: HTMLElement = document.documentElement): void {
  root.dataset.lang = locale;
  root.lang = locale;
  const title = locale === 'en' ? root.dataset.titleEn : root.dataset.titleZh;
  if (title) document.title = title;
}

/**
 * The next choice, so that each click changes something visible where it can: system → the
 * opposite of the system theme → the system's own theme → system …
 */
export function nextThemeChoice(current: ThemeChoice, system: Theme): ThemeChoice {
  const opposite: Theme = system === 'dark' ? 'light' : 'dark';
  const order: readonly ThemeChoice[] = ['system', opposite, system];
  return order[(order.indexOf(current) + 1) % order.length] ?? 'system';
}

/** The theme button: applies and stores the next choice. */
export function cycleThemeChoice(): ThemeChoice {
  const next = nextThemeChoice(currentThemeChoice(), systemTheme());
  applyThemeChoice(next);
  store(THEME_KEY, next);
  return next;
}

/** The language button: applies and stores the other language. */
export function toggleLocale(): Locale {
  const next: Locale = currentLocale() === 'en' ? 'zh-CN' : 'en';
  applyLocale(next);
  store(LOCALE_KEY, next);
  return next;
}

/** Follows the system theme (while the choice is "system") and choices made in other tabs. */
export function followOutsideChanges(): void {
  window.matchMedia(DARK_QUERY).addEventListener('change', () => {
    if (currentThemeChoice() === 'system') applyThemeChoice('system');
  });
  window.addEventListener('storage', (event) => {
    if (event.key === THEME_KEY && isThemeChoice(event.newValue)) applyThemeChoice(event.newValue);
    if (event.key === LOCALE_KEY && isLocaleValue(event.newValue)) applyLocale(event.newValue);
  });
}
