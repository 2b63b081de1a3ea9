import { describe, expect, test } from 'vitest';
import {
  checkLogin,
  checkNewPassword,
  checkRecoverInitiate,
  checkRegister,
} from './field-checks.ts';

describe('field checks', () => {
  test('login: account and password required; the code only when a captcha is shown', () => {
    expect(checkLogin({ account: ' ', password: '', code: null })).toEqual({
      account: 'auth.error.accountRequired',
      password: 'auth.error.passwordRequired',
    });
    expect(checkLogin({ account: 'ann', password: 'x', code: null })).toEqual({});
    expect(checkLogin({ account: 'ann', password: 'x', code: ' ' })).toEqual({
      code: 'auth.error.captchaRequired',
    });
  });

  const good = {
    username: 'ann_lee-2',
    password: 'correct horse',
    confirmPassword: 'correct horse',
    nickname: ' 洛阳 曹操 ',
    code: 'ab12',
  };

  test('register: a good form has no errors', () => {
    expect(checkRegister(good)).toEqual({});
  });

  test.each([
    [{ username: '' }, { username: 'auth.error.usernameRequired' }],
    [{ username: 'ab' }, { username: 'auth.error.usernameInvalid' }],
    [{ username: 'a'.repeat(33) }, { username: 'auth.error.usernameInvalid' }],
    [{ username: 'ann lee' }, { username: 'auth.error.usernameInvalid' }],
    [{ username: '安妮安妮' }, { username: 'auth.error.usernameInvalid' }],
    [{ password: 'short12', confirmPassword: 'short12' }, { password: 'auth.error.passwordShort' }],
    [
      { password: 'x'.repeat(129), confirmPassword: 'x'.repeat(129) },
      { password: 'auth.error.passwordLong' },
    ],
    [{ confirmPassword: '' }, { confirmPassword: 'auth.error.confirmRequired' }],
    [{ confirmPassword: 'correct horsE' }, { confirmPassword: 'auth.error.confirmMismatch' }],
    [{ nickname: '   ' }, { nickname: 'auth.error.nicknameRequired' }],
    [{ nickname: '名'.repeat(33) }, { nickname: 'auth.error.nicknameLong' }],
    [{ code: '' }, { code: 'auth.error.captchaRequired' }],
  ])('register: %j → %j', (change, errors) => {
    expect(checkRegister({ ...good, ...change })).toEqual(errors);
  });

  test('register: 32 Chinese characters are a valid nickname; 8 of them a valid password', () => {
    expect(checkRegister({ ...good, nickname: '名'.repeat(32) })).toEqual({});
    const chinese = '我的密码很长很长';
    expect(checkRegister({ ...good, password: chinese, confirmPassword: chinese })).toEqual({});
  });

  test('recovery: a plausible email and the code', () => {
    expect(checkRecoverInitiate({ email: ' ann@example.com ', code: 'x' })).toEqual({});
    expect(checkRecoverInitiate({ email: '', code: '' })).toEqual({
      email: 'auth.error.emailRequired',
      code: 'auth.error.captchaRequired',
    });
    expect(checkRecoverInitiate({ email: 'ann@example', code: 'x' })).toEqual({
      email: 'auth.error.emailInvalid',
    });
  });

  test('new password: length and confirmation', () => {
    expect(checkNewPassword({ password: 'long enough', confirmPassword: 'long enough' })).toEqual(
      {},
    );
    expect(checkNewPassword({ password: '', confirmPassword: 'x' })).toEqual({
      password: 'auth.error.passwordRequired',
      confirmPassword: 'auth.error.confirmMismatch',
    });
  });
});
