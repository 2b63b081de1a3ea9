import type { SubscriptionDto } from '@/lib/api/proxy.ts';
import { useT } from '@/lib/i18n/use-t.ts';
import FactList, { type Fact } from '../common/FactList.tsx';
import Msg from '../common/Msg.tsx';
import { formatTime } from '../common/ui.ts';
import QuotaSummary from './QuotaSummary.tsx';
import SyncStatus from './SyncStatus.tsx';
import { nodesOfSubscriptionHref } from './list-query.ts';

/** Where a subscription stands: its nodes, the provider's quota, the last and next sync. */
export default function SubscriptionDetails({
  subscription: sub,
}: {
  subscription: SubscriptionDto;
}) {
  const { locale } = useT();
  const time = (iso: string | null) => (iso ? formatTime(iso, locale) : '—');
  const facts: Fact[] = [
    [
      'proxy.col.nodes',
      <a key="nodes" href={nodesOfSubscriptionHref(sub.id)} className="link">
        <Msg k="proxy.sub.nodeCount" vars={{ count: sub.nodeCount }} />
      </a>,
    ],
    ['proxy.col.quota', <QuotaSummary key="quota" userinfo={sub.userinfo} />],
    ['proxy.col.lastSync', <SyncStatus key="sync" lastSync={sub.lastSync} />],
    ['proxy.sub.lastSuccess', time(sub.lastSuccessTime)],
    ['proxy.col.nextSync', time(sub.nextSyncTime)],
    ['proxy.col.created', time(sub.createTime)],
  ];
  return (
    <section aria-labelledby="sub-title" className="card min-w-0 p-5 sm:p-6">
      <h2 id="sub-title" className="text-xl font-semibold break-words">
        {sub.name}
      </h2>
      <FactList facts={facts} columns={3} />
    </section>
  );
}
