export { createMailer, type Mailer, type MailMessage } from './mailer.ts';
export {
  emailCodeMail,
  recoveryMail,
  commentMail,
  replyMail,
  contactMail,
  localeOf,
  type MailLocale,
  type MailText,
} from './messages.ts';
export { enqueueMail } from './mail-queue.repo.ts';
export { mailStatusOf, type MailQueueTable, type MailStatus } from './mail-queue.table.ts';
export { MailQueue, type MailQueueOptions } from './mail-queue.worker.ts';
