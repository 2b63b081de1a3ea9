import type { Selectable } from 'kysely';

/** The outgoing mail queue (mail-queue.worker.ts): one row per message, kept after it is sent. */
export interface MailQueueTable {
  id: string;
  to_address: string;
  reply_to: string | null;
  subject: string;
  text: string;
  attempts: number;
  /** Due at this time; null once sent or given up. While a worker holds the row, its lease end. */
  next_attempt_time: string | null;
  last_error: string | null;
  sent_time: string | null;
  given_up_time: string | null;
  create_time: string;
}

export type MailQueueRow = Selectable<MailQueueTable>;

export type MailStatus = 'pending' | 'sent' | 'failed';

export function mailStatusOf(row: Pick<MailQueueRow, 'sent_time' | 'given_up_time'>): MailStatus {
  if (row.sent_time) return 'sent';
  if (row.given_up_time) return 'failed';
  return 'pending';
}
