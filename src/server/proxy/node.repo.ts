/** Queries on proxy nodes. Plain functions; executor first. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { anyContains } from '../db/like.ts';
import type { NewNodeRow, NodeRow } from './proxy.table.ts';
import type { NodeQuery } from './node.schema.ts';

type Executor = Kysely<Database>;

export type NodeRowWithSubscription = NodeRow & { subscription_name: string | null };

function withSubscription(db: Executor) {
  return db
    .selectFrom('proxy_nodes')
    .leftJoin('proxy_subscriptions', 'proxy_subscriptions.id', 'proxy_nodes.subscription_id')
    .selectAll('proxy_nodes')
    .select('proxy_subscriptions.name as subscription_name');
}

export async function findNodePage(
  db: Executor,
  query: NodeQuery,
): Promise<{ rows: NodeRowWithSubscription[]; total: number }> {
  let q = withSubscription(db);
  const search = query.search?.trim();
  if (search) q = q.where(anyContains(['proxy_nodes.name', 'proxy_nodes.server'], search));
  if (query.type) q = q.where('proxy_nodes.type', '=', query.type);
  if (query.region === 'none') q = q.where('proxy_nodes.region', 'is', null);
  else if (query.region) q = q.where('proxy_nodes.region', '=', query.region);
  if (query.subscriptionId === 'manual') q = q.where('proxy_nodes.subscription_id', 'is', null);
  else if (query.subscriptionId) {
    q = q.where('proxy_nodes.subscription_id', '=', query.subscriptionId);
  }
  const counted = await q
    .clearSelect()
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  const sortColumn = {
    name: sql`lower(proxy_nodes.name)`,
    type: sql`proxy_nodes.type`,
    region: sql`proxy_nodes.region`,
    createTime: sql`proxy_nodes.create_time`,
    updateTime: sql`proxy_nodes.update_time`,
  }[query.sort];
  const rows = await q
    .orderBy(sortColumn, query.order)
    .orderBy('proxy_nodes.position', query.order)
    .orderBy('proxy_nodes.id', query.order)
    .limit(query.pageSize)
    .offset((query.pageNum - 1) * query.pageSize)
    .execute();
  return { rows, total: Number(counted.n) };
}

export async function findNode(
  db: Executor,
  id: string,
): Promise<NodeRowWithSubscription | undefined> {
  return withSubscription(db).where('proxy_nodes.id', '=', id).executeTakeFirst();
}

/** Every node, in a stable order: subscriptions' nodes in their upstream's order, then others. */
export async function findAllNodes(db: Executor): Promise<NodeRow[]> {
  return db
    .selectFrom('proxy_nodes')
    .selectAll()
    .orderBy('create_time')
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export async function insertNodes(db: Executor, rows: readonly NewNodeRow[]): Promise<void> {
  // Chunks keep each statement under SQLite's limit of bound parameters.
  for (let i = 0; i < rows.length; i += 50) {
    await db
      .insertInto('proxy_nodes')
      .values(rows.slice(i, i + 50))
      .execute();
  }
}

export async function updateNode(
  db: Executor,
  id: string,
  values: Partial<Omit<NewNodeRow, 'id' | 'create_time'>>,
): Promise<boolean> {
  const result = await db
    .updateTable('proxy_nodes')
    .set(values)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteNode(db: Executor, id: string): Promise<boolean> {
  const result = await db.deleteFrom('proxy_nodes').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function deleteNodesOf(db: Executor, subscriptionId: string): Promise<void> {
  await db.deleteFrom('proxy_nodes').where('subscription_id', '=', subscriptionId).execute();
}

export async function countNodesBySubscription(
  db: Executor,
  ids: readonly string[],
): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('proxy_nodes')
    .select(['subscription_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('subscription_id', 'in', ids)
    .groupBy('subscription_id')
    .execute();
  return new Map(rows.map((row) => [row.subscription_id ?? '', Number(row.n)]));
}
