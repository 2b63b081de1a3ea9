export { createMailer, type Mailer, type MailMessage } from './mailer.ts';
export {
  emailCodeMail,
  recoveryMail,
  localeOf,
  type MailLocale,
  type MailText,
} from './messages.ts';
