/**
 * What the blog reader islands tell a visitor when a call failed: the server's own bilingual words,
 * or one of ours for no answer at all, a rate limit (with the wait) and a missing sign-in.
 */
import { retryAfterSeconds } from '../../lib/api/errors.ts';
import { formatWait, splitBilingual, type Notice } from '../../lib/auth-form.ts';
import { ApiError } from '../../lib/http.ts';
import { Code } from '../../lib/shared/codes.ts';

export type { Notice };

export interface ReaderFailure {
  code: number;
  notice: Notice;
  /** -4 / -5: the image captcha was wrong or expired (it is used up either way). */
  captchaRejected: boolean;
}

/** Reads any rejection of a blog reader call into a notice in both languages. */
export function readerFailure(error: unknown): ReaderFailure {
  if (!(error instanceof ApiError) || error.transport) {
    return {
      code: error instanceof ApiError ? error.code : Code.INTERNAL,
      notice: {
        key: error instanceof ApiError ? 'blogReader.error.network' : 'blogReader.error.unknown',
      },
      captchaRejected: false,
    };
  }
  const captchaRejected = error.code === Code.CAPTCHA_EXPIRED || error.code === Code.CAPTCHA_WRONG;
  if (error.code === Code.TOO_MANY_REQUESTS) {
    const seconds = retryAfterSeconds(error);
    return {
      code: error.code,
      notice:
        seconds === null
          ? { key: 'blogReader.error.tooMany' }
          : { key: 'blogReader.error.tooManyWait', vars: { time: formatWait(seconds) } },
      captchaRejected,
    };
  }
  if (
    error.code === Code.UNAUTHENTICATED ||
    error.code === Code.TOKEN_INVALID ||
    error.code === Code.TOKEN_EXPIRED
  ) {
    return { code: error.code, notice: { key: 'blogReader.error.signIn' }, captchaRejected };
  }
  const message = error.message.trim();
  return {
    code: error.code,
    notice:
      message === '' ? { key: 'blogReader.error.unknown' } : { text: splitBilingual(message) },
    captchaRejected,
  };
}
