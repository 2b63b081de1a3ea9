/**
 * The header's behaviour on every page, with no framework (src/components/SiteHeader.astro): the
 * language and theme buttons, the theme button's tooltip, closing the narrow screens' section menu
 * (a <details>) on Escape or a click outside, and following the system theme and other tabs.
 * The header's texts are prebuilt in both languages; CSS on <html> shows the current ones.
 */
import {
  currentLocale,
  currentThemeChoice,
  cycleThemeChoice,
  followOutsideChanges,
  toggleLocale,
} from './prefs-dom.ts';

/** `data-titles` of the theme button: the tooltip per language and choice. */
type Titles = Partial<Record<string, Partial<Record<string, string>>>>;

function readTitles(button: HTMLElement): Titles {
  try {
    return JSON.parse(button.dataset.titles ?? '{}') as Titles;
  } catch {
    return {};
  }
}

function bindThemeButton(button: HTMLElement): void {
  const titles = readTitles(button);
  const showTitle = () => {
    const title = titles[currentLocale()]?.[currentThemeChoice()];
    if (title) button.title = title;
  };
  showTitle();
  new MutationObserver(showTitle).observe(document.documentElement, {
    attributes: true,
    attributeFilter: ['data-lang', 'data-theme-choice'],
  });
  button.addEventListener('click', () => cycleThemeChoice());
}

function bindMenu(menu: HTMLDetailsElement): void {
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !menu.open) return;
    menu.open = false;
    menu.querySelector('summary')?.focus();
  });
  document.addEventListener('click', (event) => {
    if (menu.open && !menu.contains(event.target as Node)) menu.open = false;
  });
}

export function bindSiteHeader(root: ParentNode = document): void {
  root
    .querySelector('[data-switch-language]')
    ?.addEventListener('click', () => void toggleLocale());
  const theme = root.querySelector<HTMLElement>('[data-switch-theme]');
  if (theme) bindThemeButton(theme);
  const menu = root.querySelector<HTMLDetailsElement>('details[data-section-menu]');
  if (menu) bindMenu(menu);
  followOutsideChanges();
}
