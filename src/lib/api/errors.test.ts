import { expect, test } from 'vitest';
import { ApiError } from '../http.ts';
import { errorText, localMessage, retryAfterSeconds } from './errors.ts';

const wording = { network: 'no network', unknown: 'unknown' };

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

test('errorText: the server’s message in the visitor’s language', () => {
  const error = new ApiError(0, '邮箱已被使用 / Email already in use');
  expect(errorText(error, 'en', wording)).toBe('Email already in use');
  expect(errorText(error, 'zh-CN', wording)).toBe('邮箱已被使用');
});

test('errorText: transport failures and non-API errors get the page’s wording', () => {
  expect(errorText(new ApiError(-500, 'Network error', null, true), 'en', wording)).toBe(
    'no network',
  );
  expect(errorText(new TypeError('boom'), 'en', wording)).toBe('unknown');
  expect(errorText(new ApiError(0, ''), 'en', wording)).toBe('unknown');
});

test('retryAfterSeconds reads a positive retryAfterSeconds from the data, rounded up', () => {
  expect(retryAfterSeconds(new ApiError(-429, 'slow down', { retryAfterSeconds: 41.2 }))).toBe(42);
  expect(retryAfterSeconds(new ApiError(-429, 'slow down', { retryAfterSeconds: 0 }))).toBeNull();
  expect(retryAfterSeconds(new ApiError(-429, 'slow down', null))).toBeNull();
  expect(retryAfterSeconds(new Error('x'))).toBeNull();
});
