/** Queries of contact_messages (with the status of each message's mail). */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { NewContactMessageRow } from './contact.table.ts';

export async function insertContactMessage(db: Kysely<Database>, row: NewContactMessageRow) {
  await db.insertInto('contact_messages').values(row).execute();
}

function selectWithMail(db: Kysely<Database>) {
  return db
    .selectFrom('contact_messages as c')
    .leftJoin('mail_queue as m', 'm.id', 'c.mail_id')
    .select([
      'c.id',
      'c.email',
      'c.subject',
      'c.content',
      'c.ip',
      'c.user_id',
      'c.mail_id',
      'c.create_time',
      'c.read_time',
      'm.sent_time',
      'm.given_up_time',
    ]);
}

export type ContactMessageWithMail = Awaited<
  ReturnType<ReturnType<typeof selectWithMail>['executeTakeFirstOrThrow']>
>;

export async function findContactMessage(db: Kysely<Database>, id: string) {
  return selectWithMail(db).where('c.id', '=', id).executeTakeFirst();
}

export async function listContactMessages(
  db: Kysely<Database>,
  options: { offset: number; limit: number; unread: boolean },
) {
  let list = selectWithMail(db);
  let count = db.selectFrom('contact_messages').select((eb) => eb.fn.countAll<string>().as('n'));
  if (options.unread) {
    list = list.where('c.read_time', 'is', null);
    count = count.where('read_time', 'is', null);
  }
  const [rows, total] = await Promise.all([
    list
      .orderBy('c.create_time', 'desc')
      .orderBy('c.id', 'desc')
      .offset(options.offset)
      .limit(options.limit)
      .execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** Marks a message read (keeping the first read time); false when there is no such message. */
export async function markContactMessageRead(
  db: Kysely<Database>,
  id: string,
  time: string,
): Promise<boolean> {
  await db
    .updateTable('contact_messages')
    .set({ read_time: time })
    .where('id', '=', id)
    .where('read_time', 'is', null)
    .execute();
  const row = await db
    .selectFrom('contact_messages')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}
