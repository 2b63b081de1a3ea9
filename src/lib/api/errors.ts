/**
 * What to tell a person when a call failed. The server's messages are bilingual ("中文 / English");
 * the page shows the half in the visitor's language. Failures without an answer (network, timeout)
 * get the page's own wording.
 */
import type { Locale } from '../i18n/index.ts';
import { ApiError } from '../http.ts';

const SEPARATOR = ' / ';

/** The half of a bilingual "中文 / English" message for the locale; other messages as they are. */
export function localMessage(message: string, locale: Locale): string {
  const at = message.indexOf(SEPARATOR);
  if (at < 0) return message.trim();
  const zh = message.slice(0, at).trim();
  const en = message.slice(at + SEPARATOR.length).trim();
  return (locale === 'en' ? en : zh) || message.trim();
}

export interface ErrorWording {
  /** No answer from the server (network failure, timeout, unreadable answer). */
  network: string;
  /** An answer without a message. */
  unknown: string;
}

/** The text for a failed call, in the visitor's language. */
export function errorText(error: unknown, locale: Locale, wording: ErrorWording): string {
  if (!(error instanceof ApiError)) return wording.unknown;
  if (error.transport) return wording.network;
  return localMessage(error.message, locale) || wording.unknown;
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
