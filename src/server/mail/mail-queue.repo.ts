/** Queries on the mail queue. Plain functions; the executor comes first. */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { MailMessage } from './mailer.ts';
import type { MailQueueRow } from './mail-queue.table.ts';

type Executor = Kysely<Database>;

/**
 * Stores a message to be sent; call it with the transaction that stores its cause (a comment, a
 * contact message), so a mail outage loses nothing. Returns its id.
 */
export async function enqueueMail(
  db: Executor,
  message: MailMessage,
  now: Date = new Date(),
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('mail_queue')
    .values({
      id,
      to_address: message.to,
      reply_to: message.replyTo ?? null,
      subject: message.subject,
      text: message.text,
      attempts: 0,
      next_attempt_time: now.toISOString(),
      last_error: null,
      sent_time: null,
      given_up_time: null,
      create_time: now.toISOString(),
    })
    .execute();
  return id;
}

/** The messages due at `nowIso`, the longest waiting first. */
export async function findDueMail(
  db: Executor,
  nowIso: string,
  limit: number,
): Promise<MailQueueRow[]> {
  return db
    .selectFrom('mail_queue')
    .selectAll()
    .where('next_attempt_time', '<=', nowIso)
    .orderBy('next_attempt_time')
    .limit(limit)
    .execute();
}

/**
 * Takes a message for one worker if it is still due: counts the attempt and moves its next one to
 * `leaseEndIso`. False when another worker got it first.
 */
export async function claimMail(
  db: Executor,
  id: string,
  nowIso: string,
  leaseEndIso: string,
): Promise<boolean> {
  const result = await db
    .updateTable('mail_queue')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), next_attempt_time: leaseEndIso }))
    .where('id', '=', id)
    .where('next_attempt_time', '<=', nowIso)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function markMailSent(db: Executor, id: string, nowIso: string): Promise<void> {
  await db
    .updateTable('mail_queue')
    .set({ sent_time: nowIso, next_attempt_time: null })
    .where('id', '=', id)
    .execute();
}

/** Records a failed attempt: retried at `retryIso`, or given up at `givenUpIso` when retry is null. */
export async function markMailFailed(
  db: Executor,
  id: string,
  failure: { lastError: string; retryIso: string | null; givenUpIso: string | null },
): Promise<void> {
  await db
    .updateTable('mail_queue')
    .set({
      last_error: failure.lastError,
      next_attempt_time: failure.retryIso,
      given_up_time: failure.givenUpIso,
    })
    .where('id', '=', id)
    .execute();
}
