import { useStore } from '@nanostores/react';
import { useCallback } from 'react';
import { $locale } from '../stores/prefs.ts';
import { translate, type Locale, type MessageKey, type MessageVars } from './index.ts';

export type Translate = (key: MessageKey, vars?: MessageVars) => string;

/**
 * The current language and a translate function for React islands. During hydration it gives the
 * default language (what the prebuilt HTML holds), then re-renders in the visitor's language; use it
 * for attributes (aria-label, title) and `<Msg>` for visible text, which never flashes.
 */
export function useT(): { locale: Locale; t: Translate } {
  const locale = useStore($locale, { ssr: 'initial' });
  const bound = useCallback<Translate>((key, vars) => translate(locale, key, vars), [locale]);
  return { locale, t: bound };
}
