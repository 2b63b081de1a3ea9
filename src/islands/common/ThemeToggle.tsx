import { useStore } from '@nanostores/react';
import { useT } from '@/lib/i18n/use-t.ts';
import { $themeChoice, cycleThemeChoice, type ThemeChoice } from '@/lib/stores/prefs.ts';
import Icon, { type IconName } from './Icon.tsx';
import Msg from './Msg.tsx';

const ICONS: Record<ThemeChoice, IconName> = { light: 'sun', dark: 'moon', system: 'monitor' };

/** Cycles the theme choice light → dark → system; the icon shows the current choice. */
export default function ThemeToggle() {
  const choice = useStore($themeChoice, { ssr: 'initial' });
  const { t } = useT();
  return (
    <button
      type="button"
      className="icon-btn"
      onClick={cycleThemeChoice}
      title={t('prefs.themeNow', { theme: t(`prefs.theme.${choice}`) })}
    >
      <Icon name={ICONS[choice]} />
      <span className="sr-only">
        <Msg k="prefs.theme" />
        {': '}
        <Msg k={`prefs.theme.${choice}`} />
      </span>
    </button>
  );
}
