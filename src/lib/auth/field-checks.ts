/**
 * The sign-in forms' checks before sending (the server checks again and has the last word): each
 * gives the fields with a problem, as message keys; an empty object means "ready to send".
 */
import type { MessageKey } from '../i18n/index.ts';
import {
  EMAIL_SHAPE,
  NICKNAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_PATTERN,
  charCount,
} from '../shared/limits.ts';

export type FieldErrors<K extends string> = Partial<Record<K, MessageKey>>;

function passwordError(password: string): MessageKey | undefined {
  if (password === '') return 'auth.error.passwordRequired';
  const length = charCount(password);
  if (length < PASSWORD_MIN) return 'auth.error.passwordShort';
  if (length > PASSWORD_MAX) return 'auth.error.passwordLong';
  return undefined;
}

function confirmError(password: string, confirm: string): MessageKey | undefined {
  if (confirm === '') return 'auth.error.confirmRequired';
  return confirm === password ? undefined : 'auth.error.confirmMismatch';
}

function captchaError(code: string): MessageKey | undefined {
  return code.trim() === '' ? 'auth.error.captchaRequired' : undefined;
}

/** Drops the fields without an error, so an empty object means "ready to send". */
function only<K extends string>(errors: Record<K, MessageKey | undefined>): FieldErrors<K> {
  const result: FieldErrors<K> = {};
  for (const key of Object.keys(errors) as K[]) {
    const error = errors[key];
    if (error) result[key] = error;
  }
  return result;
}

export interface LoginFields {
  account: string;
  password: string;
  /** Only checked when the form shows a captcha. */
  code: string | null;
}

export function checkLogin(fields: LoginFields): FieldErrors<'account' | 'password' | 'code'> {
  return only({
    account: fields.account.trim() === '' ? 'auth.error.accountRequired' : undefined,
    password: fields.password === '' ? 'auth.error.passwordRequired' : undefined,
    code: fields.code === null ? undefined : captchaError(fields.code),
  });
}

export interface RegisterFields {
  username: string;
  password: string;
  confirmPassword: string;
  nickname: string;
  code: string;
}

export function checkRegister(fields: RegisterFields): FieldErrors<keyof RegisterFields> {
  const username = fields.username.trim();
  const nickname = fields.nickname.trim();
  return only({
    username:
      username === ''
        ? 'auth.error.usernameRequired'
        : USERNAME_PATTERN.test(username)
          ? undefined
          : 'auth.error.usernameInvalid',
    password: passwordError(fields.password),
    confirmPassword: confirmError(fields.password, fields.confirmPassword),
    nickname:
      nickname === ''
        ? 'auth.error.nicknameRequired'
        : charCount(nickname) > NICKNAME_MAX
          ? 'auth.error.nicknameLong'
          : undefined,
    code: captchaError(fields.code),
  });
}

export interface RecoverInitiateFields {
  email: string;
  code: string;
}

export function checkRecoverInitiate(
  fields: RecoverInitiateFields,
): FieldErrors<keyof RecoverInitiateFields> {
  const email = fields.email.trim();
  return only({
    email:
      email === ''
        ? 'auth.error.emailRequired'
        : EMAIL_SHAPE.test(email)
          ? undefined
          : 'auth.error.emailInvalid',
    code: captchaError(fields.code),
  });
}

export interface NewPasswordFields {
  password: string;
  confirmPassword: string;
}

export function checkNewPassword(fields: NewPasswordFields): FieldErrors<keyof NewPasswordFields> {
  return only({
    password: passwordError(fields.password),
    confirmPassword: confirmError(fields.password, fields.confirmPassword),
  });
}
