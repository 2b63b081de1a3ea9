/** Queries on upstream subscriptions, including the sync lease. Plain functions; executor first. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { anyContains } from '../db/like.ts';
import type { SubscriptionRow, SubscriptionUpdate } from './proxy.table.ts';
import type { SubscriptionQuery } from './subscription.schema.ts';

type Executor = Kysely<Database>;

export async function findSubscriptionPage(
  db: Executor,
  query: SubscriptionQuery,
): Promise<{ rows: SubscriptionRow[]; total: number }> {
  let q = db.selectFrom('proxy_subscriptions');
  const search = query.search?.trim();
  if (search) q = q.where(anyContains(['name', 'url'], search));
  const counted = await q
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  const sortColumn = {
    name: sql`lower(name)`,
    createTime: sql`create_time`,
    lastSync: sql`coalesce(last_sync_time, '')`,
  }[query.sort];
  const rows = await q
    .selectAll()
    .orderBy(sortColumn, query.order)
    .orderBy('id', query.order)
    .limit(query.pageSize)
    .offset((query.pageNum - 1) * query.pageSize)
    .execute();
  return { rows, total: Number(counted.n) };
}

export async function findSubscription(
  db: Executor,
  id: string,
): Promise<SubscriptionRow | undefined> {
  return db.selectFrom('proxy_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findAllSubscriptions(db: Executor): Promise<SubscriptionRow[]> {
  return db.selectFrom('proxy_subscriptions').selectAll().orderBy('create_time').execute();
}

export async function insertSubscription(db: Executor, row: SubscriptionRow): Promise<void> {
  await db.insertInto('proxy_subscriptions').values(row).execute();
}

export async function updateSubscription(
  db: Executor,
  id: string,
  values: SubscriptionUpdate,
): Promise<boolean> {
  const result = await db
    .updateTable('proxy_subscriptions')
    .set(values)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteSubscription(db: Executor, id: string): Promise<boolean> {
  const result = await db.deleteFrom('proxy_subscriptions').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The ids of subscriptions due for a sync at `now`, soonest first. */
export async function findDueSubscriptionIds(
  db: Executor,
  now: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('proxy_subscriptions')
    .select('id')
    .where('next_sync_time', '<=', now)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .orderBy('next_sync_time')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Takes the sync lease of a subscription until `until`, if nobody holds it: one conditional
 * UPDATE, so of several instances (or requests) exactly one gets it.
 */
export async function takeLease(
  db: Executor,
  id: string,
  now: string,
  until: string,
): Promise<boolean> {
  const result = await db
    .updateTable('proxy_subscriptions')
    .set({ lease_until: until })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
