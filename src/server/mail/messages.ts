/** The text of every mail, in the recipient's language. */
export type MailLocale = 'zh-CN' | 'en';

export interface MailText {
  readonly subject: string;
  readonly text: string;
}

/** The language of a stored locale or an Accept-Language header; zh-CN, the site's default, when unknown. */
export function localeOf(value: string | null | undefined): MailLocale {
  const first = value?.trim().toLowerCase();
  if (!first || first.startsWith('zh') || first.startsWith('*')) return 'zh-CN';
  return 'en';
}

export function emailCodeMail(locale: MailLocale, code: string, minutes: number): MailText {
  return locale === 'zh-CN'
    ? {
        subject: 'Atrium 邮件验证码',
        text: `你的验证码是 ${code}，${minutes} 分钟内有效，只能使用一次。\n如果这不是你本人的操作，请忽略这封邮件。`,
      }
    : {
        subject: 'Your Atrium verification code',
        text: `Your verification code is ${code}. It is valid for ${minutes} minutes and works once.\nIf you did not ask for it, ignore this mail.`,
      };
}

export function recoveryMail(locale: MailLocale, link: string, minutes: number): MailText {
  return locale === 'zh-CN'
    ? {
        subject: 'Atrium 账号恢复',
        text: `请打开下面的链接设置新密码（${minutes} 分钟内有效，只能使用一次）：\n\n${link}\n\n如果这不是你本人的操作，请忽略这封邮件，你的密码不会改变。`,
      }
    : {
        subject: 'Recover your Atrium account',
        text: `Open this link to set a new password (valid for ${minutes} minutes, works once):\n\n${link}\n\nIf you did not ask for it, ignore this mail: your password stays as it is.`,
      };
}
