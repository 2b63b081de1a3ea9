/**
 * The logic of the sign-in pages as plain functions (issue 3): reading a refused call, checking
 * fields before they are sent, the password hint, the retry countdown, finding a nickname near the
 * visitor and reading GitHub's callback. The islands in src/islands/auth only render and wire these.
 */
import type { IpLocation as Coordinates } from '../server/location/location.schema.ts';
import { localMessage, retryAfterSeconds as retryAfterOf } from './api/errors.ts';
import { ApiError } from './http.ts';
import type { MessageKey, MessageVars } from './i18n/index.ts';
import { Code } from './shared/codes.ts';

// ——— What went wrong, in words the page can show ———

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

/** A refused call as the forms see it. */
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

/** Reads any rejection of an API call (ApiError or not) into what the forms need. */
export function readFailure(error: unknown): Failure {
  if (!(error instanceof ApiError) || error.transport) {
    const transport = error instanceof ApiError;
    return {
      code: transport ? error.code : Code.INTERNAL,
      notice: { key: transport ? 'auth.error.network' : 'auth.error.unknown' },
      captchaRejected: false,
      captchaRequired: null,
      retryAfterSeconds: null,
    };
  }
  const captchaRejected = error.code === Code.CAPTCHA_EXPIRED || error.code === Code.CAPTCHA_WRONG;
  const required = field(error.data, 'captchaRequired');
  const retryAfterSeconds = error.code === Code.TOO_MANY_REQUESTS ? retryAfterOf(error) : null;
  const message = error.message.trim();
  return {
    code: error.code,
    notice:
      retryAfterSeconds !== null
        ? { key: 'auth.error.throttled', vars: { time: formatWait(retryAfterSeconds) } }
        : message === ''
          ? { key: 'auth.error.unknown' }
          : { text: splitBilingual(message) },
    captchaRejected,
    captchaRequired: typeof required === 'boolean' ? required : captchaRejected ? true : null,
    retryAfterSeconds,
  };
}

/** "0:45", "14:59" — a wait as minutes and seconds. */
export function formatWait(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  const minutes = Math.floor(whole / 60);
  return `${minutes}:${String(whole % 60).padStart(2, '0')}`;
}

// ——— Checks before sending (the server checks again and has the last word) ———

/** Limits of the accounts API (issue 3), repeated here so that the form can say so before sending. */
export const USERNAME_RULE = /^[A-Za-z0-9_-]{3,32}$/;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const NICKNAME_MAX = 32;
const EMAIL_RULE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type FieldErrors<K extends string> = Partial<Record<K, MessageKey>>;

/** The number of characters as a person counts them (code points, so 密码 is 2). */
export function charCount(text: string): number {
  return [...text].length;
}

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
        : USERNAME_RULE.test(username)
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
        : EMAIL_RULE.test(email)
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

// ——— The password hint ———

export type PasswordStrength = 'empty' | 'short' | 'long' | 'weak' | 'fair' | 'strong';

const SEQUENCES = ['abcdefghijklmnopqrstuvwxyz', '0123456789', 'qwertyuiopasdfghjklzxcvbnm'];

function isStep(previous: string, current: string): boolean {
  const pair = (previous + current).toLowerCase();
  return SEQUENCES.some((sequence) => sequence.includes(pair));
}

/**
 * A rough guess of how hard a password is to guess, for the hint under the field: its length
 * outside the 8–128 limits, else weak / fair / strong from an entropy estimate in which repeated
 * characters and runs such as "abc", "123" or "qwerty" count little. No composition rules: a long
 * phrase of lower-case words is strong. The server alone decides (it also refuses common passwords).
 */
export function passwordStrength(password: string): PasswordStrength {
  if (password === '') return 'empty';
  const chars = [...password];
  if (chars.length < PASSWORD_MIN) return 'short';
  if (chars.length > PASSWORD_MAX) return 'long';
  let pool = 0;
  if (/[a-z]/.test(password)) pool += 26;
  if (/[A-Z]/.test(password)) pool += 26;
  if (/[0-9]/.test(password)) pool += 10;
  if (/[^A-Za-z0-9]/.test(password)) pool += 33;
  let effective = 0;
  chars.forEach((char, index) => {
    const previous = chars[index - 1];
    if (previous === undefined) effective += 1;
    else if (previous.toLowerCase() === char.toLowerCase()) effective += 0.1;
    else if (isStep(previous, char)) effective += 0.25;
    else effective += 1;
  });
  const bits = effective * Math.log2(pool);
  if (bits < 40) return 'weak';
  if (bits < 64) return 'fair';
  return 'strong';
}

// ——— A nickname near the visitor ———

/** Rounds to 3 decimals (about 100 m): all a place name needs, and no more is sent. */
export function roughly(position: Coordinates): Coordinates {
  const round = (value: number) => Math.round(value * 1000) / 1000;
  return { latitude: round(position.latitude), longitude: round(position.longitude) };
}

export interface NicknameSources {
  /** The browser's position; rejects when refused, unavailable or too slow. */
  device: () => Promise<Coordinates>;
  /** The position of the visitor's IP; rejects (code 0) when the server has no maps service. */
  ip: () => Promise<Coordinates>;
  nickname: (near?: Coordinates) => Promise<string>;
}

export type NicknameOrigin = 'device' | 'ip' | 'random';

/**
 * A nickname from the nearest place: the browser's position first, else the IP's, else a random
 * place. Rejects only when the nickname itself cannot be had.
 */
export async function nicknameNearby(
  sources: NicknameSources,
): Promise<{ nickname: string; origin: NicknameOrigin }> {
  let near: Coordinates | undefined;
  let origin: NicknameOrigin = 'random';
  try {
    near = await sources.device();
    origin = 'device';
  } catch {
    try {
      near = await sources.ip();
      origin = 'ip';
    } catch {
      near = undefined;
    }
  }
  const nickname = await sources.nickname(near ? roughly(near) : undefined);
  return { nickname, origin };
}

/** The browser's position as a promise (rejects when geolocation is missing, refused or slow). */
export function devicePosition(
  geolocation: Geolocation | undefined = globalThis.navigator?.geolocation,
  timeoutMs = 10_000,
): Promise<Coordinates> {
  return new Promise((resolve, reject) => {
    if (!geolocation) {
      reject(new Error('geolocation unavailable'));
      return;
    }
    geolocation.getCurrentPosition(
      ({ coords }) => resolve({ latitude: coords.latitude, longitude: coords.longitude }),
      (error) => reject(new Error(error.message || 'geolocation failed')),
      { enableHighAccuracy: false, timeout: timeoutMs, maximumAge: 10 * 60_000 },
    );
  });
}

// ——— URLs the sign-in pages are opened with ———

export type GithubReturn =
  { kind: 'code'; code: string; state: string } | { kind: 'denied' } | { kind: 'missing' };

/** What GitHub sent back to /auth/oauth2/github: a code and state, a refusal, or nothing usable. */
export function readGithubReturn(search: string): GithubReturn {
  const params = new URLSearchParams(search);
  const code = params.get('code')?.trim() ?? '';
  const state = params.get('state')?.trim() ?? '';
  if (code !== '' && state !== '') return { kind: 'code', code, state };
  if (params.has('error')) return { kind: 'denied' };
  return { kind: 'missing' };
}

/** The recovery token of /auth/recover/complete?token=…, or null. */
export function readRecoveryToken(search: string): string | null {
  const token = new URLSearchParams(search).get('token')?.trim() ?? '';
  return token === '' ? null : token;
}
