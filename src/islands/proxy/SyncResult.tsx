import { useEffect, useId, useRef } from 'react';
import type { SyncedSubscription } from '@/lib/api/proxy.ts';
import { paths } from '@/lib/shared/paths.ts';
import Msg from '../common/Msg.tsx';
import QuotaSummary from './QuotaSummary.tsx';
import SyncStatus from './SyncStatus.tsx';
import { nodesOfSubscriptionHref } from './list-query.ts';

/**
 * What saving a subscription brought: how its sync went, the nodes kept and the quota, with the
 * ways on (its nodes; after adding, its page and another one). Takes the focus when it appears.
 */
export default function SyncResult({
  result,
  added,
}: {
  result: SyncedSubscription;
  /** The subscription was just added (not edited). */
  added: boolean;
}) {
  const { subscription: sub, synced } = result;
  const heading = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  useEffect(() => heading.current?.focus(), [result]);
  return (
    <section aria-labelledby={titleId} className="card grid gap-4 p-5 sm:p-6">
      <h2 id={titleId} ref={heading} tabIndex={-1} className="text-lg font-semibold">
        <Msg k={added ? 'proxy.sub.added' : 'proxy.sub.saved'} vars={{ name: sub.name }} />
      </h2>
      {synced ? (
        <SyncStatus lastSync={sub.lastSync} />
      ) : (
        <p className="text-sm text-muted">
          <Msg k="proxy.sync.busyNotice" vars={{ name: sub.name }} />
        </p>
      )}
      <p className="text-sm">
        <Msg k="proxy.sub.nodeCount" vars={{ count: sub.nodeCount }} />
      </p>
      <QuotaSummary userinfo={sub.userinfo} />
      <div className="flex flex-wrap gap-3">
        <a href={nodesOfSubscriptionHref(sub.id)} className="btn btn-primary">
          <Msg k="proxy.sub.viewNodes" />
        </a>
        {added && (
          <a href={paths.proxyEdit('sub', sub.id)} className="btn">
            <Msg k="proxy.sub.editAdded" />
          </a>
        )}
        <a href={paths.proxyList('sub')} className="btn">
          <Msg k="proxy.sub.toList" />
        </a>
      </div>
    </section>
  );
}
