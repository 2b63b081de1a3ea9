/** What a sync just did, as the notice the subscription pages show. */
import type { Notice } from '@/lib/api/failure.ts';
import type { SyncedSubscription } from '@/lib/api/proxy.ts';

export function syncNotice({ subscription, synced }: SyncedSubscription): Notice {
  const name = subscription.name;
  const last = subscription.lastSync;
  if (!synced) return { key: 'proxy.sync.busyNotice', vars: { name } };
  if (!last || !last.ok) return { key: 'proxy.sync.failedNotice', vars: { name } };
  if (!last.changed) {
    return { key: 'proxy.sync.unchangedNotice', vars: { name, count: subscription.nodeCount } };
  }
  return {
    key: 'proxy.sync.okNotice',
    vars: { name, found: last.nodesFound ?? 0, count: subscription.nodeCount },
  };
}
