import { describe, expect, test } from 'vitest';
import { ApiError } from '../http.ts';
import { translate } from '../i18n/index.ts';
import { Code } from '../shared/codes.ts';
import {
  formatWait,
  localMessage,
  noticeText,
  readFailure,
  retryAfterSeconds,
  splitBilingual,
} from './failure.ts';

describe('readFailure', () => {
  test('the generic sign-in refusal keeps both languages and says whether a captcha is next', () => {
    const error = new ApiError(Code.REFUSED, '账号或密码错误 / Wrong account or password', {
      captchaRequired: true,
    });
    expect(readFailure(error)).toEqual({
      code: Code.REFUSED,
      notice: { text: { zh: '账号或密码错误', en: 'Wrong account or password' } },
      captchaRejected: false,
      captchaRequired: true,
      retryAfterSeconds: null,
    });
    const notYet = new ApiError(Code.REFUSED, 'x / y', { captchaRequired: false });
    expect(readFailure(notYet).captchaRequired).toBe(false);
  });

  test('-4 and -5 reject the captcha and ask for one, with or without data', () => {
    const missing = readFailure(
      new ApiError(Code.CAPTCHA_EXPIRED, '请输入验证码 / Enter the code', {
        captchaRequired: true,
      }),
    );
    expect(missing).toMatchObject({ captchaRejected: true, captchaRequired: true });
    const wrong = readFailure(new ApiError(Code.CAPTCHA_WRONG, '验证码错误 / The code is wrong'));
    expect(wrong).toMatchObject({
      code: Code.CAPTCHA_WRONG,
      captchaRejected: true,
      captchaRequired: true,
      notice: { text: { zh: '验证码错误', en: 'The code is wrong' } },
    });
  });

  test('-429 with a wait becomes our countdown message; without one, the server text', () => {
    const slowed = readFailure(
      new ApiError(Code.TOO_MANY_REQUESTS, '请稍后 / Later', { retryAfterSeconds: 95 }),
    );
    expect(slowed.retryAfterSeconds).toBe(95);
    expect(slowed.notice).toEqual({ key: 'failure.throttled', vars: { time: '1:35' } });
    const plain = readFailure(new ApiError(Code.TOO_MANY_REQUESTS, '太快了 / Too fast'));
    expect(plain.retryAfterSeconds).toBeNull();
    expect(plain.notice).toEqual({ text: { zh: '太快了', en: 'Too fast' } });
  });

  test('a retry time on any other code is not a countdown', () => {
    const error = new ApiError(Code.REFUSED, 'a / b', { retryAfterSeconds: 30 });
    expect(readFailure(error).retryAfterSeconds).toBeNull();
  });

  test('no answer at all → the network message; a non-API error → the generic one', () => {
    const network = readFailure(new ApiError(Code.INTERNAL, 'Network error', null, true));
    expect(network.notice).toEqual({ key: 'failure.network' });
    expect(network.captchaRequired).toBeNull();
    expect(readFailure(new TypeError('boom')).notice).toEqual({ key: 'failure.unknown' });
  });

  test('a validation message (English only) shows as it is in both languages', () => {
    const error = new ApiError(Code.BAD_REQUEST, 'body.username: must match pattern');
    expect(readFailure(error).notice).toEqual({
      text: { zh: 'body.username: must match pattern', en: 'body.username: must match pattern' },
    });
    expect(readFailure(new ApiError(Code.REFUSED, '  ')).notice).toEqual({
      key: 'failure.unknown',
    });
  });
});

test('splitBilingual splits at the first " / " only', () => {
  expect(splitBilingual('中文 / English / more')).toEqual({ zh: '中文', en: 'English / more' });
  expect(splitBilingual('only one')).toEqual({ zh: 'only one', en: 'only one' });
});

test('formatWait shows minutes and seconds, rounding up', () => {
  expect(formatWait(0)).toBe('0:00');
  expect(formatWait(4.2)).toBe('0:05');
  expect(formatWait(60)).toBe('1:00');
  expect(formatWait(900)).toBe('15:00');
  expect(formatWait(-3)).toBe('0:00');
});

test('localMessage picks the half of a bilingual message for the language', () => {
  const message = '账号或密码错误 / Wrong account or password';
  expect(localMessage(message, 'zh-CN')).toBe('账号或密码错误');
  expect(localMessage(message, 'en')).toBe('Wrong account or password');
});

test('localMessage splits at the first separator only, and leaves one-language text alone', () => {
  expect(localMessage('路径 a / b / Path a / b', 'en')).toBe('b / Path a / b');
  expect(localMessage('Only English', 'zh-CN')).toBe('Only English');
  expect(localMessage(' / English', 'zh-CN')).toBe('/ English');
});

test('noticeText: the server’s message in the visitor’s language', () => {
  const { notice } = readFailure(new ApiError(0, '邮箱已被使用 / Email already in use'));
  expect(noticeText(notice, 'en')).toBe('Email already in use');
  expect(noticeText(notice, 'zh-CN')).toBe('邮箱已被使用');
});

test('noticeText: transport failures and non-API errors get our wording', () => {
  const network = readFailure(new ApiError(-500, 'Network error', null, true)).notice;
  expect(noticeText(network, 'en')).toBe(translate('en', 'failure.network'));
  expect(noticeText(readFailure(new TypeError('boom')).notice, 'en')).toBe(
    translate('en', 'failure.unknown'),
  );
  expect(noticeText(readFailure(new ApiError(0, '')).notice, 'en')).toBe(
    translate('en', 'failure.unknown'),
  );
});

test('retryAfterSeconds reads a positive retryAfterSeconds from the data, rounded up', () => {
  expect(retryAfterSeconds(new ApiError(-429, 'slow down', { retryAfterSeconds: 41.2 }))).toBe(42);
  expect(retryAfterSeconds(new ApiError(-429, 'slow down', { retryAfterSeconds: 0 }))).toBeNull();
  expect(retryAfterSeconds(new ApiError(-429, 'slow down', null))).toBeNull();
  expect(retryAfterSeconds(new Error('x'))).toBeNull();
});
