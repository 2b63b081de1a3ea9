import { useEffect, useState } from 'react';
import { useT } from '@/lib/i18n/use-t.ts';
import Msg from '../common/Msg.tsx';

/**
 * While a subscription syncs (up to ~15 s): the words (announced once), a moving bar and the
 * seconds so far (shown, not announced every second).
 */
export default function SyncProgress() {
  const { t } = useT();
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <span className="flex flex-wrap items-center gap-3">
      <Msg k="proxy.sync.progress" />
      <progress
        className="h-2 w-32 accent-[var(--atrium-accent)]"
        aria-label={t('proxy.sync.running')}
      />
      <span aria-hidden="true" className="tabular-nums">
        {t('proxy.sync.elapsed', { seconds })}
      </span>
    </span>
  );
}
