/**
 * Translation helpers. Static pages render both languages through `src/components/T.astro`;
 * islands use `useT()` (src/lib/i18n/use-t.ts) or the `<Msg>` island component, and plain modules
 * use `t()`, which reads the current `$locale`.
 */
import { $locale } from '../stores/prefs.ts';
import { DEFAULT_LOCALE, MESSAGES, type Locale, type MessageKey } from './messages.ts';
import { formatPlurals } from './plural.ts';

export { DEFAULT_LOCALE, LOCALES, isLocale, type Locale, type MessageKey } from './messages.ts';

export type MessageVars = Readonly<Record<string, string | number>>;

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(MESSAGES['zh-CN'], key);
}

/** Narrows a key that comes from data (a route's titleKey); fails loudly (at build time) if unknown. */
export function messageKey(key: string): MessageKey {
  if (!isMessageKey(key)) throw new Error(`Unknown message key: ${key}`);
  return key;
}

/** Chooses plural forms (plural.ts) by the language's rules, then fills `{name}` placeholders. */
export function format(
  template: string,
  vars?: MessageVars,
  locale: Locale = DEFAULT_LOCALE,
): string {
  if (!vars) return template;
  return formatPlurals(template, vars, locale).replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in vars ? String(vars[name]) : whole,
  );
}

export function translate(locale: Locale, key: MessageKey, vars?: MessageVars): string {
  return format(MESSAGES[locale][key], vars, locale);
}

/** The message in the visitor's current language. */
export function t(key: MessageKey, vars?: MessageVars): string {
  return translate($locale.get(), key, vars);
}
