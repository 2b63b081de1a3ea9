import type { SubscriptionDto } from '@/lib/api/proxy.ts';
import { useT } from '@/lib/i18n/use-t.ts';
import { paths } from '@/lib/shared/paths.ts';
import Msg from '../common/Msg.tsx';
import RowActions from '../common/list/RowActions.tsx';
import { BUTTON_BUSY_CLASS, SMALL_BUTTON_CLASS, formatTime } from '../common/ui.ts';
import QuotaSummary from './QuotaSummary.tsx';
import SyncStatus from './SyncStatus.tsx';
import { nodesOfSubscriptionHref } from './list-query.ts';

/** The host of a subscription's URL (its path often holds the provider's key: not shown). */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

/**
 * A subscription in its table: name and host, its nodes (linked to the node list), the provider's
 * quota, the last and next sync, and the actions: sync now, edit, delete.
 */
export default function SubscriptionRow({
  subscription: sub,
  syncing,
  onSync,
  onDelete,
}: {
  subscription: SubscriptionDto;
  syncing: boolean;
  onSync: () => void;
  onDelete: () => void;
}) {
  const { locale, t } = useT();
  return (
    <tr className="align-top hover:bg-accent-soft/40">
      <th scope="row" className="px-3 py-2.5 text-left font-normal">
        <a
          href={paths.proxyEdit('sub', sub.id)}
          className="block max-w-56 truncate font-medium hover:text-accent hover:underline"
        >
          {sub.name}
        </a>
        <span className="block max-w-56 truncate text-xs text-muted">{hostOf(sub.url)}</span>
      </th>
      <td className="px-3 py-2.5 tabular-nums">
        <a
          className="link"
          href={nodesOfSubscriptionHref(sub.id)}
          aria-label={t('proxy.subs.nodesOf', { name: sub.name, count: sub.nodeCount })}
        >
          {sub.nodeCount}
        </a>
      </td>
      <td className="px-3 py-2.5">
        <QuotaSummary userinfo={sub.userinfo} />
      </td>
      <td className="px-3 py-2.5">
        <SyncStatus lastSync={sub.lastSync} />
      </td>
      <td className="px-3 py-2.5 whitespace-nowrap">
        {sub.nextSyncTime ? (
          <time dateTime={sub.nextSyncTime}>{formatTime(sub.nextSyncTime, locale)}</time>
        ) : (
          <span className="text-muted">—</span>
        )}
      </td>
      <RowActions
        editHref={paths.proxyEdit('sub', sub.id)}
        edit={{ text: 'proxy.edit', label: t('proxy.subs.editNamed', { name: sub.name }) }}
        onDelete={onDelete}
        remove={{ text: 'proxy.delete', label: t('proxy.subs.deleteNamed', { name: sub.name }) }}
      >
        <button
          type="button"
          className={`${SMALL_BUTTON_CLASS} ${BUTTON_BUSY_CLASS} whitespace-nowrap`}
          disabled={syncing}
          aria-busy={syncing}
          aria-label={t(syncing ? 'proxy.subs.syncingNamed' : 'proxy.subs.syncNamed', {
            name: sub.name,
          })}
          onClick={onSync}
        >
          <Msg k={syncing ? 'proxy.sync.running' : 'proxy.subs.syncNow'} />
        </button>
      </RowActions>
    </tr>
  );
}
