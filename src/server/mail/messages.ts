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

/** To the site owner: a new comment on an article. */
export function commentMail(
  locale: MailLocale,
  input: { articleTitle: string; link: string; nickname: string; content: string },
): MailText {
  return locale === 'zh-CN'
    ? {
        subject: `收到评论 - 文章《${input.articleTitle}》`,
        text: `${input.nickname} 评论了文章《${input.articleTitle}》：\n\n${input.content}\n\n查看：${input.link}`,
      }
    : {
        subject: `New comment on "${input.articleTitle}"`,
        text: `${input.nickname} commented on "${input.articleTitle}":\n\n${input.content}\n\nSee it: ${input.link}`,
      };
}

/** To a comment's author: someone replied to it. */
export function replyMail(
  locale: MailLocale,
  input: { articleTitle: string; link: string; nickname: string; parent: string; content: string },
): MailText {
  const quote = (text: string) =>
    text
      .split('\n')
      .map((line) => `> ${line}`)
      .join('\n');
  return locale === 'zh-CN'
    ? {
        subject: `收到回复 - 文章《${input.articleTitle}》`,
        text: `${input.nickname} 回复了你在文章《${input.articleTitle}》下的评论：\n\n${quote(input.parent)}\n\n${input.content}\n\n查看：${input.link}`,
      }
    : {
        subject: `New reply on "${input.articleTitle}"`,
        text: `${input.nickname} replied to your comment on "${input.articleTitle}":\n\n${quote(input.parent)}\n\n${input.content}\n\nSee it: ${input.link}`,
      };
}

/** To the site owner: a visitor wrote through the contact form (replies go to the visitor). */
export function contactMail(
  locale: MailLocale,
  input: { email: string; subject: string; content: string },
): MailText {
  return locale === 'zh-CN'
    ? {
        subject: `访客联系 - ${input.email} - ${input.subject}`,
        text: `${input.email} 通过联系表单留言：\n\n${input.content}\n\n直接回复这封邮件即可回复对方。`,
      }
    : {
        subject: `Contact - ${input.email} - ${input.subject}`,
        text: `${input.email} wrote through the contact form:\n\n${input.content}\n\nReply to this mail to answer them.`,
      };
}
