/** Queries on client-link tokens and their access log. Plain functions; executor first. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { anyContains } from '../db/like.ts';
import type { ProxyTokenTable, ProxyTokenUseTable, TokenRow, TokenUseRow } from './proxy.table.ts';
import type { TokenQuery } from './token.schema.ts';
import type { UseCount } from './use-log.ts';

type Executor = Kysely<Database>;

export async function findTokenPage(
  db: Executor,
  query: TokenQuery,
  now: string,
): Promise<{ rows: TokenRow[]; total: number }> {
  let q = db.selectFrom('proxy_tokens');
  const search = query.search?.trim();
  if (search) q = q.where(anyContains(['name', 'notes'], search));
  if (query.status === 'revoked') q = q.where('revoked_time', 'is not', null);
  else if (query.status === 'expired') {
    q = q.where('revoked_time', 'is', null).where('expire_time', '<=', now);
  } else if (query.status === 'active') {
    q = q
      .where('revoked_time', 'is', null)
      .where((eb) => eb.or([eb('expire_time', 'is', null), eb('expire_time', '>', now)]));
  }
  const counted = await q
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  const sortColumn = {
    name: sql`lower(name)`,
    createTime: sql`create_time`,
    // Tokens that never expire sort after every date.
    expireTime: sql`coalesce(expire_time, '9999')`,
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

export async function findToken(db: Executor, id: string): Promise<TokenRow | undefined> {
  return db.selectFrom('proxy_tokens').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findTokenByHash(db: Executor, hash: string): Promise<TokenRow | undefined> {
  return db
    .selectFrom('proxy_tokens')
    .selectAll()
    .where('secret_hash', '=', hash)
    .executeTakeFirst();
}

export async function insertToken(db: Executor, row: ProxyTokenTable): Promise<void> {
  await db.insertInto('proxy_tokens').values(row).execute();
}

export async function updateToken(
  db: Executor,
  id: string,
  values: Partial<Omit<ProxyTokenTable, 'id' | 'create_time'>>,
): Promise<boolean> {
  const result = await db
    .updateTable('proxy_tokens')
    .set(values)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteToken(db: Executor, id: string): Promise<boolean> {
  const result = await db.deleteFrom('proxy_tokens').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Counts one answered request of `day` against the token's daily limit, in one conditional
 * UPDATE (so parallel requests on any instance cannot pass the limit); false when it is reached.
 */
export async function countUse(
  db: Executor,
  id: string,
  day: string,
  time: string,
): Promise<boolean> {
  const result = await db
    .updateTable('proxy_tokens')
    .set({
      uses_today: sql`case when uses_day = ${day} then uses_today + 1 else 1 end`,
      uses_day: day,
      last_use_time: time,
    })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('daily_limit', 'is', null),
        eb('uses_day', 'is', null),
        eb('uses_day', '<>', day),
        eb('uses_today', '<', eb.ref('daily_limit')),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function insertUses(db: Executor, rows: readonly ProxyTokenUseTable[]): Promise<void> {
  if (rows.length === 0) return;
  // A token deleted since its uses were buffered takes its log with it.
  const ids = [...new Set(rows.map((row) => row.token_id))];
  const existing = new Set(
    (await db.selectFrom('proxy_tokens').select('id').where('id', 'in', ids).execute()).map(
      (row) => row.id,
    ),
  );
  const kept = rows.filter((row) => existing.has(row.token_id));
  // Chunks keep each statement under SQLite's limit of bound parameters.
  for (let i = 0; i < kept.length; i += 100) {
    await db
      .insertInto('proxy_token_uses')
      .values(kept.slice(i, i + 100))
      .execute();
  }
}

/** Adds counted uses to tokens without a daily limit (a token deleted meanwhile is skipped). */
export async function addUses(db: Executor, counts: readonly UseCount[]): Promise<void> {
  for (const { tokenId, day, n, lastTime } of counts) {
    await db
      .updateTable('proxy_tokens')
      .set({
        uses_today: sql`case when uses_day = ${day} then uses_today + ${n} else ${n} end`,
        uses_day: day,
        last_use_time: sql`case when last_use_time > ${lastTime} then last_use_time else ${lastTime} end`,
      })
      .where('id', '=', tokenId)
      .execute();
  }
}

export async function findUsePage(
  db: Executor,
  tokenId: string,
  limit: number,
  offset: number,
): Promise<{ rows: TokenUseRow[]; total: number }> {
  const q = db.selectFrom('proxy_token_uses').where('token_id', '=', tokenId);
  const counted = await q
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  const rows = await q.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute();
  return { rows, total: Number(counted.n) };
}
