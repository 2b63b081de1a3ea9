/**
 * The user lookups and writes the sign-in flows need, and the recovery links. Plain functions; the
 * executor comes first.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { NewUserRow, UserRow } from '../user/user.table.ts';
import type { RecoveryTokenRow, RecoveryTokenTable } from './recovery.table.ts';

type Executor = Kysely<Database>;

export async function findAccountById(db: Executor, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The user an account name means: an email address when it holds an `@`, else a username. */
export async function findUserByAccount(
  db: Executor,
  account: string,
): Promise<UserRow | undefined> {
  const value = account.trim().toLowerCase();
  const column = value.includes('@') ? sql<string>`lower(email)` : sql<string>`lower(username)`;
  return db.selectFrom('users').selectAll().where(column, '=', value).executeTakeFirst();
}

export async function findUserByEmailAddress(
  db: Executor,
  email: string,
): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

export async function findUserByGithubId(
  db: Executor,
  githubId: string,
): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('github_id', '=', githubId).executeTakeFirst();
}

export async function usernameExists(db: Executor, username: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

/** Inserts a user row as given (an account made from a GitHub sign-in has no password). */
export async function insertAccount(db: Executor, row: NewUserRow): Promise<void> {
  await db.insertInto('users').values(row).execute();
}

export async function setUserLocale(db: Executor, userId: string, locale: string): Promise<void> {
  await db.updateTable('users').set({ locale }).where('id', '=', userId).execute();
}

export async function setUserPasswordHash(
  db: Executor,
  userId: string,
  passwordHash: string,
  now: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, update_time: now })
    .where('id', '=', userId)
    .execute();
}

/** Links a GitHub account to a user, or unlinks it with `null`. */
export async function setUserGithub(
  db: Executor,
  userId: string,
  github: { id: string; login: string } | null,
  now: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ github_id: github?.id ?? null, github_login: github?.login ?? null, update_time: now })
    .where('id', '=', userId)
    .execute();
}

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
