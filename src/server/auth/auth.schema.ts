/**
 * The shapes of the sign-in endpoints (/api/user/auth/*): register, login, recovery, GitHub, devices.
 * The islands import these types with `import type`.
 */
import { Type, type Static, type TSchema } from 'typebox';
import { CaptchaAnswer, EmailSchema } from '../captcha/captcha.schema.ts';
import { UserSchema } from '../user/user.schema.ts';
import {
  NICKNAME_MAX,
  USERNAME_CHARS,
  USERNAME_MAX,
  USERNAME_MIN,
} from '../../lib/shared/limits.ts';

const Password = Type.String({ minLength: 1, maxLength: 1024, description: '8–128 characters' });

export const RegisterBodySchema = Type.Object(
  {
    username: Type.String({
      minLength: USERNAME_MIN,
      maxLength: USERNAME_MAX,
      pattern: USERNAME_CHARS,
      description: '3–32 letters, digits, _ or -; unique regardless of case',
    }),
    password: Password,
    confirmPassword: Type.String({ minLength: 1, maxLength: 1024 }),
    nickname: Type.String({
      minLength: 1,
      maxLength: NICKNAME_MAX,
      pattern: '\\S',
      description: '1–32 characters, trimmed',
    }),
    ...CaptchaAnswer,
  },
  { additionalProperties: false },
);
export type RegisterBody = Static<typeof RegisterBodySchema>;

export const LoginBodySchema = Type.Object(
  {
    account: Type.String({ minLength: 1, maxLength: 254, description: 'Username or email' }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
    sessionId: Type.Optional(CaptchaAnswer.sessionId),
    code: Type.Optional(CaptchaAnswer.code),
  },
  { additionalProperties: false },
);
export type LoginBody = Static<typeof LoginBodySchema>;

/** What register, login, recovery and GitHub sign-in answer: a session token and its user. */
export const AuthResultSchema = Type.Object(
  { token: Type.String({ description: 'An opaque session token' }), user: UserSchema },
  { $id: 'AuthResult', additionalProperties: false },
);
export type AuthResult = Static<typeof AuthResultSchema>;

/** `data` of a refused sign-in: whether the next attempt must carry an image captcha. */
export const CaptchaStateSchema = Type.Object(
  { captchaRequired: Type.Boolean() },
  { additionalProperties: false },
);

/** `data` of a -429: when to try again. */
export const RetryAfterSchema = Type.Object(
  { retryAfterSeconds: Type.Integer({ minimum: 1 }) },
  { additionalProperties: false },
);

export const RecoverInitiateBodySchema = Type.Object(
  { email: EmailSchema, ...CaptchaAnswer },
  { additionalProperties: false },
);
export type RecoverInitiateBody = Static<typeof RecoverInitiateBodySchema>;

const RecoveryToken = Type.String({
  minLength: 1,
  maxLength: 128,
  description: 'The token of the mailed link',
});

export const RecoverCheckBodySchema = Type.Object(
  { token: RecoveryToken },
  { additionalProperties: false },
);
export type RecoverCheckBody = Static<typeof RecoverCheckBodySchema>;

/** Whose password the link resets. */
export const RecoveryCheckSchema = Type.Object(
  { username: Type.String() },
  { $id: 'RecoveryCheck', additionalProperties: false },
);
export type RecoveryCheck = Static<typeof RecoveryCheckSchema>;

export const RecoverCompleteBodySchema = Type.Object(
  { token: RecoveryToken, password: Password, confirmPassword: Type.String({ maxLength: 1024 }) },
  { additionalProperties: false },
);
export type RecoverCompleteBody = Static<typeof RecoverCompleteBodySchema>;

export const GithubAuthorizeQuerySchema = Type.Object(
  {
    mode: Type.Union([Type.Literal('signin'), Type.Literal('link')], {
      default: 'signin',
      description: 'signin: sign in or create an account; link: link to the signed-in user',
    }),
  },
  { additionalProperties: false },
);
export type GithubMode = Static<typeof GithubAuthorizeQuerySchema>['mode'];

/** Where to send the browser. */
export const GithubAuthorizeSchema = Type.Object(
  { url: Type.String() },
  { $id: 'GithubAuthorize', additionalProperties: false },
);
export type GithubAuthorize = Static<typeof GithubAuthorizeSchema>;

export const GithubCallbackQuerySchema = Type.Object(
  {
    code: Type.String({ minLength: 1, maxLength: 512 }),
    state: Type.String({ minLength: 1, maxLength: 128 }),
  },
  { additionalProperties: false },
);
export type GithubCallbackQuery = Static<typeof GithubCallbackQuerySchema>;

export const GithubSignInResultSchema = Type.Object(
  {
    token: Type.Union([Type.String(), Type.Null()], {
      description: 'A new session; null in link mode (the signed-in session goes on)',
    }),
    user: UserSchema,
    linked: Type.Boolean({
      description: 'true when this call linked GitHub to an account that existed before',
    }),
  },
  { $id: 'GithubSignInResult', additionalProperties: false },
);
export type GithubSignInResult = Static<typeof GithubSignInResultSchema>;

/** A signed-in device as its owner sees it. */
export const DeviceSessionSchema = Type.Object(
  {
    id: Type.String(),
    userAgent: Type.String(),
    ip: Type.String(),
    createTime: Type.String({ format: 'date-time' }),
    lastSeenTime: Type.String({ format: 'date-time' }),
    current: Type.Boolean({ description: 'The session of this request' }),
  },
  { $id: 'DeviceSession', additionalProperties: false },
);

export const SessionIdParamsSchema = Type.Object(
  { id: Type.String({ minLength: 1, maxLength: 64 }) },
  { additionalProperties: false },
);

/** The envelope of an error answer whose `data` is null or, for some codes, the given shape. */
export function Failure<T extends TSchema>(data?: T) {
  return Type.Object({
    code: Type.Integer(),
    message: Type.String(),
    data: data ? Type.Union([Type.Null(), data]) : Type.Null(),
  });
}
