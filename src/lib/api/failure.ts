/**
 * What to tell a person when a call failed — the one way every island reads a rejection. The
 * server's messages are bilingual ("中文 / English"); a failure becomes a `Notice` that holds both
 * halves (or one of our messages), shown by `<NoticeText>` in src/islands/common. Failures without
 * an answer (network, timeout) and -429 with a wait get our own words.
 */
import { ApiError } from '../http.ts';
import { translate, type Locale, type MessageKey, type MessageVars } from '../i18n/index.ts';
import { Code } from '../shared/codes.ts';

const SEPARATOR = ' / ';

/** The half of a bilingual "中文 / English" message for the locale; other messages as they are. */
export function localMessage(message: string, locale: Locale): string {
  const at = message.indexOf(SEPARATOR);
  if (at < 0) return message.trim();
  const zh = message.slice(0, at).trim();
  const en = message.slice(at + SEPARATOR.length).trim();
  return (locale === 'en' ? en : zh) || message.trim();
}

/** A server message split into its two languages ("中文 / English"). */
export interface Bilingual {
  zh: string;
  en: string;
}

/** Text to show: one of our messages, or the server's own words. */
export type Notice = { key: MessageKey; vars?: MessageVars } | { text: Bilingual };

/** A server message in its two languages ("中文 / English" split; other messages as they are). */
export function splitBilingual(message: string): Bilingual {
  return { zh: localMessage(message, 'zh-CN'), en: localMessage(message, 'en') };
}

/** A notice as plain text in one language, for places that take a string (attributes, options). */
export function noticeText(notice: Notice, locale: Locale): string {
  if ('key' in notice) return translate(locale, notice.key, notice.vars);
  return locale === 'en' ? notice.text.en : notice.text.zh;
}

/** The seconds to wait from a -429 answer's data (`retryAfterSeconds`), if it says. */
export function retryAfterSeconds(error: unknown): number | null {
  if (!(error instanceof ApiError)) return null;
  const data = error.data as { retryAfterSeconds?: unknown } | null;
  const seconds = data?.retryAfterSeconds;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0
    ? Math.ceil(seconds)
    : null;
}

/** "0:45", "14:59" — a wait as minutes and seconds. */
export function formatWait(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  const minutes = Math.floor(whole / 60);
  return `${minutes}:${String(whole % 60).padStart(2, '0')}`;
}

/** A rejected call, read. */
export interface Failure {
  code: number;
  notice: Notice;
  /** -4 / -5: the image captcha was expired, missing or wrong (and is used up either way). */
  captchaRejected: boolean;
  /** What the answer says about needing a captcha next time; null when it says nothing. */
  captchaRequired: boolean | null;
  /** -429 with a retry time: seconds to wait before the next attempt. */
  retryAfterSeconds: number | null;
}

function field(data: unknown, name: string): unknown {
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[name] : null;
}

/** Reads any rejection of an API call (ApiError or not) into what the page shows and needs. */
export function readFailure(error: unknown): Failure {
  if (!(error instanceof ApiError) || error.transport) {
    const transport = error instanceof ApiError;
    return {
      code: transport ? error.code : Code.INTERNAL,
      notice: { key: transport ? 'failure.network' : 'failure.unknown' },
      captchaRejected: false,
      captchaRequired: null,
      retryAfterSeconds: null,
    };
  }
  const captchaRejected = error.code === Code.CAPTCHA_EXPIRED || error.code === Code.CAPTCHA_WRONG;
  const required = field(error.data, 'captchaRequired');
  const wait = error.code === Code.TOO_MANY_REQUESTS ? retryAfterSeconds(error) : null;
  const message = error.message.trim();
  return {
    code: error.code,
    notice:
      wait !== null
        ? { key: 'failure.throttled', vars: { time: formatWait(wait) } }
        : message === ''
          ? { key: 'failure.unknown' }
          : { text: splitBilingual(message) },
    captchaRejected,
    captchaRequired: typeof required === 'boolean' ? required : captchaRejected ? true : null,
    retryAfterSeconds: wait,
  };
}
