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
export {
  enqueueMail,
  mailQueuePlugin,
  mailStatusOf,
  MailQueue,
  type MailQueueOptions,
  type MailQueueRow,
  type MailQueueTable,
  type MailStatus,
} from './queue.ts';
