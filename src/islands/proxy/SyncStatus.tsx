import { splitBilingual } from '@/lib/api/failure.ts';
import type { SubscriptionDto } from '@/lib/api/proxy.ts';
import { useT } from '@/lib/i18n/use-t.ts';
import Msg from '../common/Msg.tsx';
import NoticeText from '../common/NoticeText.tsx';
import { formatTime } from '../common/ui.ts';

/** How a subscription's last sync went: when, whether it worked, and the nodes found or why not. */
export default function SyncStatus({ lastSync }: { lastSync: SubscriptionDto['lastSync'] }) {
  const { locale } = useT();
  if (!lastSync) {
    return (
      <span className="text-muted">
        <Msg k="proxy.sync.never" />
      </span>
    );
  }
  return (
    <span className="grid gap-0.5">
      <time dateTime={lastSync.time} className="whitespace-nowrap">
        {formatTime(lastSync.time, locale)}
      </time>
      {lastSync.ok ? (
        <span className="text-xs text-accent">
          {lastSync.changed ? (
            <Msg k="proxy.sync.ok" vars={{ count: lastSync.nodesFound ?? 0 }} />
          ) : (
            <Msg k="proxy.sync.unchanged" />
          )}
        </span>
      ) : (
        <span className="text-xs text-warn-fg">
          <Msg k="proxy.sync.failed" />{' '}
          {lastSync.error && <NoticeText notice={{ text: splitBilingual(lastSync.error) }} />}
        </span>
      )}
    </span>
  );
}
