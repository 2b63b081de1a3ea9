/**
 * Syncing a subscription: fetch (conditional on the last answer), keep the nodes that pass its
 * include/exclude patterns with its prefix, and replace its nodes in one transaction. A failed
 * fetch, or an answer with no nodes, records the error and keeps the nodes it had. A lease in the
 * database makes sure no subscription is synced twice at once, across every instance.
 */
import type { ProxyNode } from '../../lib/shared/proxy/node.ts';
import { uuidV7 } from '../common/uuid-v7.ts';
import type { AppContext } from '../context.ts';
import { deleteNodesOf, insertNodes } from './node.repo.ts';
import { nodeRow } from './node.service.ts';
import type { SubscriptionRow } from './proxy.table.ts';
import { fetchSubscription, SUBSCRIPTION_LIMITS, type Fetched } from './subscription-fetch.ts';
import { findSubscription, takeLease, updateSubscription } from './subscription.repo.ts';

export type SyncContext = Pick<AppContext, 'db' | 'now' | 'config' | 'proxy'>;

/** Longer than any one sync can take (the fetch's own time limit, then the writes). */
const LEASE_MS = SUBSCRIPTION_LIMITS.timeoutMs * 4;
/** After a failure, try again within half an hour (or the interval, if shorter). */
const RETRY_MS = 30 * 60_000;
const HOUR_MS = 3_600_000;

const iso = (ms: number) => new Date(ms).toISOString();

/** The nodes a subscription keeps of what its upstream lists: filtered, then prefixed. */
export function keptNodes(row: SubscriptionRow, nodes: readonly ProxyNode[]): ProxyNode[] {
  const include = row.include_pattern ? new RegExp(row.include_pattern, 'iu') : null;
  const exclude = row.exclude_pattern ? new RegExp(row.exclude_pattern, 'iu') : null;
  return nodes
    .filter((node) => (!include || include.test(node.name)) && !exclude?.test(node.name))
    .map((node) => ({ ...node, name: `${row.prefix}${node.name}` }));
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function fetchOf(ctx: SyncContext, row: SubscriptionRow): Promise<Fetched> {
  return fetchSubscription(
    row.url,
    { etag: row.etag, lastModified: row.last_modified },
    { allowPrivate: ctx.config.proxy.allowPrivateUpstreams },
  );
}

async function recordFailure(
  ctx: SyncContext,
  row: SubscriptionRow,
  error: string,
  found: number | null,
) {
  const nowMs = ctx.now();
  await updateSubscription(ctx.db.kysely, row.id, {
    last_sync_time: iso(nowMs),
    last_sync_ok: false,
    last_sync_changed: true,
    last_nodes_found: found,
    last_error: error,
    next_sync_time: iso(nowMs + Math.min(RETRY_MS, row.interval_hours * HOUR_MS)),
  });
}

async function syncHeld(ctx: SyncContext, id: string): Promise<void> {
  const row = await findSubscription(ctx.db.kysely, id);
  if (!row) return;
  let fetched: Fetched;
  try {
    fetched = await fetchOf(ctx, row);
  } catch (error) {
    await recordFailure(ctx, row, messageOf(error), null);
    return;
  }
  const nowMs = ctx.now();
  const next = iso(nowMs + row.interval_hours * HOUR_MS);
  if (!fetched.changed) {
    await updateSubscription(ctx.db.kysely, id, {
      last_sync_time: iso(nowMs),
      last_sync_ok: true,
      last_sync_changed: false,
      last_error: null,
      last_success_time: iso(nowMs),
      next_sync_time: next,
    });
    return;
  }
  const { content } = fetched;
  if (content.nodes.length === 0) {
    const why = content.problems[0]?.error;
    await recordFailure(
      ctx,
      row,
      why
        ? `没有可读的节点 / no node could be read: ${why}`
        : '上游没有列出节点 / the upstream lists no nodes',
      0,
    );
    return;
  }
  const time = iso(nowMs);
  const rows = keptNodes(row, content.nodes).map((node, position) =>
    nodeRow(node, { id: uuidV7(nowMs), subscriptionId: id, position, time }),
  );
  await ctx.db.kysely.transaction().execute(async (trx) => {
    // The subscription may have been deleted while it was fetched: then nothing is written.
    if (!(await findSubscription(trx, id))) return;
    await deleteNodesOf(trx, id);
    await insertNodes(trx, rows);
    await updateSubscription(trx, id, {
      etag: fetched.validators.etag,
      last_modified: fetched.validators.lastModified,
      userinfo: fetched.userinfo ? JSON.stringify(fetched.userinfo) : null,
      last_sync_time: time,
      last_sync_ok: true,
      last_sync_changed: true,
      last_nodes_found: content.nodes.length,
      last_error:
        content.problems.length > 0
          ? `${content.problems.length} 个条目无法读取 / ${content.problems.length} entries could not be read: ${content.problems[0]?.error ?? ''}`
          : null,
      last_success_time: time,
      next_sync_time: next,
    });
  });
  await ctx.proxy.changed();
}

/**
 * Syncs a subscription now, unless a sync of it is running (on any instance): then false, and
 * that sync's result shows when it ends.
 */
export async function syncSubscription(ctx: SyncContext, id: string): Promise<boolean> {
  const nowMs = ctx.now();
  if (!(await takeLease(ctx.db.kysely, id, iso(nowMs), iso(nowMs + LEASE_MS)))) return false;
  try {
    await syncHeld(ctx, id);
  } finally {
    await updateSubscription(ctx.db.kysely, id, { lease_until: null });
  }
  return true;
}
