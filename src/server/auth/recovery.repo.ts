/** Queries on the recovery links (recovery_tokens). Plain functions; the executor comes first. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { RecoveryTokenRow, RecoveryTokenTable } from './recovery.table.ts';

type Executor = Kysely<Database>;

export async function insertRecoveryToken(db: Executor, row: RecoveryTokenTable): Promise<void> {
  await db.insertInto('recovery_tokens').values(row).execute();
}

/** The recovery link of a token hash while it is unused and unexpired. */
export async function findUsableRecoveryToken(
  db: Executor,
  tokenHash: string,
  now: string,
): Promise<RecoveryTokenRow | undefined> {
  return db
    .selectFrom('recovery_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('used_time', 'is', null)
    .where('expires_time', '>', now)
    .executeTakeFirst();
}

/** Marks a usable link used; false when it was not usable (expired, used, or used concurrently). */
export async function useRecoveryToken(
  db: Executor,
  tokenHash: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('recovery_tokens')
    .set({ used_time: now })
    .where('token_hash', '=', tokenHash)
    .where('used_time', 'is', null)
    .where('expires_time', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends every outstanding link of a user (after a recovery, one link is enough). */
export async function useRecoveryTokensOf(db: Executor, userId: string, now: string) {
  await db
    .updateTable('recovery_tokens')
    .set({ used_time: now })
    .where('user_id', '=', userId)
    .where('used_time', 'is', null)
    .execute();
}

/** Deletes links that ended before `before`. */
export async function deleteEndedRecoveryTokens(db: Executor, before: string): Promise<void> {
  await db
    .deleteFrom('recovery_tokens')
    .where((eb) => eb.or([eb('expires_time', '<', before), eb('used_time', '<', before)]))
    .execute();
}
