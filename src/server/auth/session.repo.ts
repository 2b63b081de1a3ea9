/** Queries on sessions. Plain functions; the executor comes first. */
import type { Kysely } from 'kysely';
import type { SessionEndReason } from '../../lib/shared/session-end.ts';
import type { Database } from '../db/database.ts';
import type { SessionRow, SessionTable } from './session.table.ts';

type Executor = Kysely<Database>;

export async function insertSession(db: Executor, session: SessionTable): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

/** The session a token hash opens: the current token, or the previous one within its grace. */
export async function findSessionByTokenHash(
  db: Executor,
  hash: string,
  now: string,
): Promise<SessionRow | undefined> {
  const current = await db
    .selectFrom('sessions')
    .selectAll()
    .where('token_hash', '=', hash)
    .executeTakeFirst();
  if (current) return current;
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('previous_token_hash', '=', hash)
    .where('previous_valid_until', '>', now)
    .executeTakeFirst();
}

export async function touchSession(
  db: Executor,
  id: string,
  lastSeen: string,
  expires: string,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_seen_time: lastSeen, expires_time: expires })
    .where('id', '=', id)
    .execute();
}

export async function rotateSessionToken(
  db: Executor,
  id: string,
  change: {
    tokenHash: string;
    previousHash: string;
    previousValidUntil: string;
    now: string;
    expires: string;
  },
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({
      token_hash: change.tokenHash,
      previous_token_hash: change.previousHash,
      previous_valid_until: change.previousValidUntil,
      last_seen_time: change.now,
      expires_time: change.expires,
    })
    .where('id', '=', id)
    .where('revoked_time', 'is', null)
    .execute();
}

export async function revokeSession(
  db: Executor,
  id: string,
  now: string,
  reason: SessionEndReason,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_time: now, revoke_reason: reason })
    .where('id', '=', id)
    .where('revoked_time', 'is', null)
    .execute();
}

/** Revokes every live session of a user, except one when given (the device that asked). */
export async function revokeUserSessions(
  db: Executor,
  userId: string,
  now: string,
  reason: SessionEndReason,
  except?: string,
): Promise<void> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_time: now, revoke_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_time', 'is', null);
  if (except) query = query.where('id', '!=', except);
  await query.execute();
}

/** The live sessions of a user, most recently seen first. */
export async function findLiveSessions(
  db: Executor,
  userId: string,
  now: string,
): Promise<SessionRow[]> {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('revoked_time', 'is', null)
    .where('expires_time', '>', now)
    .where('max_expires_time', '>', now)
    .orderBy('last_seen_time', 'desc')
    .execute();
}

/** Deletes sessions that ended before `before`; their tokens then read as unknown (-1). */
export async function deleteEndedSessions(db: Executor, before: string): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([
        eb('max_expires_time', '<', before),
        eb('revoked_time', '<', before),
        eb('expires_time', '<', before),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
