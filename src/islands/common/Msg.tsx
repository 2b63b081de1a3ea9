import { translate, type MessageKey, type MessageVars } from '@/lib/i18n/index.ts';
import { LOCALES } from '@/lib/i18n/messages.ts';

interface Props {
  k: MessageKey;
  vars?: MessageVars;
}

/**
 * Visible text in both languages, the island twin of src/components/T.astro: CSS on
 * <html data-lang> shows one, so the text never flashes nor mismatches during hydration.
 */
export default function Msg({ k, vars }: Props) {
  return (
    <>
      {LOCALES.map((locale) => (
        <span key={locale} data-i18n={locale} lang={locale}>
          {translate(locale, k, vars)}
        </span>
      ))}
    </>
  );
}
