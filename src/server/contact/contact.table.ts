import type { Insertable, Selectable } from 'kysely';

export interface ContactMessageTable {
  id: string;
  email: string;
  subject: string;
  content: string;
  ip: string;
  /** The signed-in sender, if any. */
  user_id: string | null;
  /** The mail to the owner in mail_queue (null when no owner address was configured). */
  mail_id: string | null;
  create_time: string;
  read_time: string | null;
}

export type ContactMessageRow = Selectable<ContactMessageTable>;
export type NewContactMessageRow = Insertable<ContactMessageTable>;
