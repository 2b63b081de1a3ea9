/**
 * Upstream subscriptions: kept with their options and the result of their last sync; synced on
 * create, on edit, on "sync now" and on schedule (subscription-sync.ts). Deleting one deletes
 * its nodes (the foreign key cascades).
 */
import type { Page } from '../../lib/shared/codes.ts';
import { isPattern } from '../../lib/shared/limits.ts';
import { AppError } from '../common/app-error.ts';
import { page } from '../common/envelope.ts';
import { uuidV7 } from '../common/uuid-v7.ts';
import { countNodesBySubscription } from './node.repo.ts';
import type { SubscriptionRow } from './proxy.table.ts';
import { syncSubscription, type SyncContext } from './subscription-sync.ts';
import {
  deleteSubscription,
  findSubscription,
  findSubscriptionPage,
  insertSubscription,
  updateSubscription,
} from './subscription.repo.ts';
import type {
  SubscriptionBody,
  SubscriptionDto,
  SubscriptionQuery,
  SyncedSubscription,
} from './subscription.schema.ts';
import type { Userinfo } from './subscription-fetch.ts';

const NOT_FOUND = '订阅不存在 / No such subscription';

const flag = (value: boolean | number | null) => value === true || value === 1;

function toDto(row: SubscriptionRow, nodeCount: number): SubscriptionDto {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    intervalHours: row.interval_hours,
    prefix: row.prefix,
    include: row.include_pattern,
    exclude: row.exclude_pattern,
    nodeCount,
    lastSync:
      row.last_sync_time === null
        ? null
        : {
            time: row.last_sync_time,
            ok: flag(row.last_sync_ok),
            changed: flag(row.last_sync_changed),
            nodesFound: row.last_nodes_found,
            error: row.last_error,
          },
    lastSuccessTime: row.last_success_time,
    nextSyncTime: row.next_sync_time,
    userinfo: row.userinfo === null ? null : (JSON.parse(row.userinfo) as Userinfo),
    createTime: row.create_time,
    updateTime: row.update_time,
  };
}

/** The body's options, checked: an http(s) URL, patterns that compile. */
function checked(body: SubscriptionBody) {
  let url: URL;
  try {
    url = new URL(body.url.trim());
  } catch {
    throw AppError.badRequest('body.url: 不是有效的网址 / not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw AppError.badRequest('body.url: 只支持 http 和 https / only http and https URLs');
  }
  for (const key of ['include', 'exclude'] as const) {
    if (!isPattern(body[key])) {
      throw AppError.badRequest(
        `body.${key}: 不是有效的正则表达式 / not a valid regular expression`,
      );
    }
  }
  return {
    name: body.name.trim(),
    url: url.href,
    interval_hours: body.intervalHours,
    prefix: body.prefix,
    include_pattern: body.include,
    exclude_pattern: body.exclude,
  };
}

export async function listSubscriptions(
  ctx: SyncContext,
  query: SubscriptionQuery,
): Promise<Page<SubscriptionDto>> {
  const { rows, total } = await findSubscriptionPage(ctx.db.kysely, query);
  const counts = await countNodesBySubscription(
    ctx.db.kysely,
    rows.map((row) => row.id),
  );
  return page(
    rows.map((row) => toDto(row, counts.get(row.id) ?? 0)),
    total,
    query.pageNum,
    query.pageSize,
  );
}

export async function getSubscription(ctx: SyncContext, id: string): Promise<SubscriptionDto> {
  const row = await findSubscription(ctx.db.kysely, id);
  if (!row) throw AppError.notFound(NOT_FOUND);
  const counts = await countNodesBySubscription(ctx.db.kysely, [id]);
  return toDto(row, counts.get(id) ?? 0);
}

async function syncedNow(ctx: SyncContext, id: string): Promise<SyncedSubscription> {
  const synced = await syncSubscription(ctx, id);
  return { subscription: await getSubscription(ctx, id), synced };
}

export async function createSubscription(
  ctx: SyncContext,
  body: SubscriptionBody,
): Promise<SyncedSubscription> {
  const values = checked(body);
  const nowMs = ctx.now();
  const time = new Date(nowMs).toISOString();
  const id = uuidV7(nowMs);
  await insertSubscription(ctx.db.kysely, {
    id,
    ...values,
    etag: null,
    last_modified: null,
    last_sync_time: null,
    last_sync_ok: null,
    last_sync_changed: null,
    last_nodes_found: null,
    last_error: null,
    last_success_time: null,
    next_sync_time: time,
    userinfo: null,
    lease_until: null,
    create_time: time,
    update_time: time,
  });
  return syncedNow(ctx, id);
}

/** Saves the options and syncs in full (no validators: the new options apply to every node). */
export async function editSubscription(
  ctx: SyncContext,
  id: string,
  body: SubscriptionBody,
): Promise<SyncedSubscription> {
  const values = checked(body);
  const updated = await updateSubscription(ctx.db.kysely, id, {
    ...values,
    etag: null,
    last_modified: null,
    update_time: new Date(ctx.now()).toISOString(),
  });
  if (!updated) throw AppError.notFound(NOT_FOUND);
  return syncedNow(ctx, id);
}

export async function syncNow(ctx: SyncContext, id: string): Promise<SyncedSubscription> {
  if (!(await findSubscription(ctx.db.kysely, id))) throw AppError.notFound(NOT_FOUND);
  return syncedNow(ctx, id);
}

export async function removeSubscription(ctx: SyncContext, id: string): Promise<void> {
  const deleted = await ctx.db.kysely.transaction().execute((trx) => deleteSubscription(trx, id));
  if (!deleted) throw AppError.notFound(NOT_FOUND);
  await ctx.proxy.changed();
}
