/**
 * The visitor's display preferences: colour theme and language.
 *
 * The inline script in <head> (src/components/HeadPrefs.astro) applies both before the first paint
 * by setting `data-theme`, `data-lang` and `lang` on <html>. These stores start from what that
 * script decided, and listeners keep <html>, localStorage and the document title in step when an
 * action changes them. Islands read the stores with `useStore(store, { ssr: 'initial' })` so that
 * hydration sees the same values as the prebuilt HTML.
 */
import { atom, computed } from 'nanostores';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../i18n/messages.ts';

export type Theme = 'light' | 'dark';
export type ThemeChoice = Theme | 'system';

export const THEME_CHOICES: readonly ThemeChoice[] = ['light', 'dark', 'system'];

/** localStorage keys (the inline head script uses the same ones). */
export const THEME_KEY = 'theme';
export const LOCALE_KEY = 'locale';

const DARK_QUERY = '(prefers-color-scheme: dark)';

export function isThemeChoice(value: unknown): value is ThemeChoice {
  return THEME_CHOICES.includes(value as ThemeChoice);
}

/** What the visitor picked: light, dark or follow the system. */
export const $themeChoice = atom<ThemeChoice>('system');
/** What the operating system prefers right now. */
export const $systemTheme = atom<Theme>('light');
/** The theme in effect. */
export const $theme = computed([$themeChoice, $systemTheme], (choice, system) =>
  choice === 'system' ? system : choice,
);
export const $locale = atom<Locale>(DEFAULT_LOCALE);

export function setThemeChoice(choice: ThemeChoice): void {
  $themeChoice.set(choice);
}

/**
 * Next choice, so that each click changes something visible where it can: system → the opposite
 * of the system theme → the system's own theme → system …
 */
export function cycleThemeChoice(): void {
  const system = $systemTheme.get();
  const opposite: Theme = system === 'dark' ? 'light' : 'dark';
  const order: readonly ThemeChoice[] = ['system', opposite, system];
  const index = order.indexOf($themeChoice.get());
  setThemeChoice(order[(index + 1) % order.length] ?? 'system');
}

export function setLocale(locale: Locale): void {
  $locale.set(locale);
}

export function toggleLocale(): void {
  setLocale($locale.get() === 'en' ? 'zh-CN' : 'en');
}

function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private mode or storage disabled: the choice lasts for this page only.
  }
}

/** The <title> text for a language, as the layout wrote it on <html data-title-zh|en>. */
function titleFor(root: HTMLElement, locale: Locale): string | undefined {
  return locale === 'en' ? root.dataset.titleEn : root.dataset.titleZh;
}

function bindToDocument(): void {
  const root = document.documentElement;
  const media = window.matchMedia(DARK_QUERY);

  const storedChoice = readStorage(THEME_KEY);
  $themeChoice.set(isThemeChoice(storedChoice) ? storedChoice : 'system');
  $systemTheme.set(media.matches ? 'dark' : 'light');
  const lang = root.dataset.lang;
  $locale.set(isLocale(lang) ? lang : DEFAULT_LOCALE);

  // Reactions: keep <html>, storage and the title in step with the stores.
  $theme.listen((theme) => {
    root.dataset.theme = theme;
  });
  $themeChoice.listen((choice) => {
    writeStorage(THEME_KEY, choice);
  });
  $locale.listen((locale) => {
    root.dataset.lang = locale;
    root.lang = locale;
    writeStorage(LOCALE_KEY, locale);
    const title = titleFor(root, locale);
    if (title) document.title = title;
  });

  // Outside events: the system theme, and choices made in another tab.
  media.addEventListener('change', (event) => {
    $systemTheme.set(event.matches ? 'dark' : 'light');
  });
  window.addEventListener('storage', (event) => {
    if (event.key === THEME_KEY && isThemeChoice(event.newValue)) $themeChoice.set(event.newValue);
    if (event.key === LOCALE_KEY && isLocale(event.newValue)) $locale.set(event.newValue);
  });
}

if (typeof window !== 'undefined' && typeof document !== 'undefined') bindToDocument();
