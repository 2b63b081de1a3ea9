/** The contact form: stored first, with the owner's mail queued in the same transaction. */
import { randomUUID } from 'node:crypto';
import { AppError } from '../common/app-error.ts';
import { page } from '../common/envelope.ts';
import type { AppContext } from '../context.ts';
import { contactMail, enqueueMail, localeOf, mailStatusOf } from '../mail/index.ts';
import type { Page } from '../../lib/shared/codes.ts';
import {
  findContactMessage,
  insertContactMessage,
  listContactMessages,
  markContactMessageRead,
  type ContactMessageWithMail,
} from './contact.repo.ts';
import type {
  ContactBody,
  ContactListQuery,
  ContactMessage,
  ContactSent,
} from './contact.schema.ts';

export function toContactMessageDto(row: ContactMessageWithMail): ContactMessage {
  return {
    id: row.id,
    email: row.email,
    subject: row.subject,
    content: row.content,
    ip: row.ip,
    userId: row.user_id,
    createTime: row.create_time,
    readTime: row.read_time,
    mailStatus: row.mail_id === null ? 'none' : mailStatusOf(row),
  };
}

export async function sendContactMessage(
  ctx: Pick<AppContext, 'db' | 'config' | 'captcha' | 'now'>,
  input: { body: ContactBody; ip: string; userId: string | null },
): Promise<ContactSent> {
  const { body } = input;
  await ctx.captcha.verifyImage(body.sessionId, body.code);
  const now = new Date(ctx.now());
  const id = randomUUID();
  const owner = ctx.config.adminEmail;
  await ctx.db.kysely.transaction().execute(async (trx) => {
    const mailId = owner
      ? await enqueueMail(
          trx,
          {
            to: owner,
            replyTo: body.email,
            ...contactMail(localeOf(null), {
              email: body.email,
              subject: body.subject.trim(),
              content: body.content,
            }),
          },
          now,
        )
      : null;
    await insertContactMessage(trx, {
      id,
      email: body.email,
      subject: body.subject.trim(),
      content: body.content,
      ip: input.ip,
      user_id: input.userId,
      mail_id: mailId,
      create_time: now.toISOString(),
      read_time: null,
    });
  });
  return { id };
}

export async function listMessages(
  ctx: Pick<AppContext, 'db'>,
  query: ContactListQuery,
): Promise<Page<ContactMessage>> {
  const { pageNum, pageSize } = query;
  const { rows, total } = await listContactMessages(ctx.db.kysely, {
    offset: (pageNum - 1) * pageSize,
    limit: pageSize,
    unread: query.unread ?? false,
  });
  return page(rows.map(toContactMessageDto), total, pageNum, pageSize);
}

export async function markRead(
  ctx: Pick<AppContext, 'db' | 'now'>,
  id: string,
): Promise<ContactMessage> {
  const db = ctx.db.kysely;
  if (!(await markContactMessageRead(db, id, new Date(ctx.now()).toISOString()))) {
    throw AppError.notFound('留言不存在 / No such message');
  }
  const row = await findContactMessage(db, id);
  if (!row) throw AppError.notFound('留言不存在 / No such message');
  return toContactMessageDto(row);
}
