/**
 * The visitor's display preferences as stores, for islands: the language (`t()`, `useT()`) and
 * the theme in effect. <html> is the source (src/lib/prefs-dom.ts changes it: the header's
 * switches, another tab, the system theme); these stores follow it. Islands read them with
 * `useStore(store, { ssr: 'initial' })` so that hydration sees the same values as the prebuilt HTML.
 */
import { atom } from 'nanostores';
import { DEFAULT_LOCALE, type Locale } from '../i18n/messages.ts';
import { currentLocale, type Theme } from '../prefs-dom.ts';

export const $locale = atom<Locale>(DEFAULT_LOCALE);
export const $theme = atom<Theme>('light');

function bindToDocument(): void {
  const root = document.documentElement;
  const sync = () => {
    $locale.set(currentLocale(root));
    $theme.set(root.dataset.theme === 'dark' ? 'dark' : 'light');
  };
  sync();
  new MutationObserver(sync).observe(root, {
    attributes: true,
    attributeFilter: ['data-lang', 'data-theme'],
  });
}

if (typeof window !== 'undefined' && typeof document !== 'undefined') bindToDocument();
