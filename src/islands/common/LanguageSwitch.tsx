import { toggleLocale } from '@/lib/stores/prefs.ts';
import Icon from './Icon.tsx';
import Msg from './Msg.tsx';

/**
 * Switches between 中文 and English. The label names the other language, in that language; the
 * page's language decides (by CSS) which label shows, so nothing changes during hydration.
 */
export default function LanguageSwitch() {
  return (
    <button type="button" className="icon-btn w-auto gap-1 px-2" onClick={toggleLocale}>
      <Icon name="globe" />
      <span data-i18n="zh-CN" lang="en" aria-hidden="true" className="text-sm font-medium">
        EN
      </span>
      <span data-i18n="en" lang="zh-CN" aria-hidden="true" className="text-sm font-medium">
        中文
      </span>
      <span className="sr-only">
        <Msg k="prefs.switchTo" />
      </span>
    </button>
  );
}
