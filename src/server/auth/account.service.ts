/**
 * Registration and sign-in with a password. Sign-in answers the same for an unknown account and a
 * wrong password (same code, status, message, data, and the same password-hashing work), and runs
 * through the login throttle (login-throttle.ts).
 */
import { Code } from '../../lib/shared/codes.ts';
import { AppError } from '../common/app-error.ts';
import type { AppContext } from '../context.ts';
import type { MailLocale } from '../mail/index.ts';
import { addressKey } from '../common/rate-limit.ts';
import {
  createUser,
  getUser,
  hashPassword,
  passwordProblem,
  verifyPassword,
} from '../user/index.ts';
import { findUserByAccount, findUserByUsername, updateUser } from '../user/user.repo.ts';
import type { UserRow } from '../user/user.table.ts';
import type { AuthResult, LoginBody, RegisterBody } from './auth.schema.ts';
import {
  checkThrottle,
  clearFailures,
  countFailure,
  takeTurn,
  type LoginSubject,
} from './login-throttle.ts';

/** Who is asking: the device a new session is recorded with, and the language of their mail. */
export interface Client {
  readonly ip: string;
  readonly userAgent: string;
  readonly locale: MailLocale;
}

export const WRONG_CREDENTIALS = '账号或密码错误 / Wrong account or password';
export const ACCOUNT_LOCKED = '账号已锁定 / Account locked';

/** A hash to check unknown accounts against, so they cost the same time as known ones. */
let dummyHash: Promise<string> | undefined;
function timingDummy(): Promise<string> {
  dummyHash ??= hashPassword('an account that does not exist');
  return dummyHash;
}

/** The throttle subject of an account: its id when it exists, else the name as typed. */
export function loginSubject(row: UserRow | undefined, account: string, ip: string): LoginSubject {
  const name = row ? `user:${row.id}` : `name:${account.trim().toLowerCase()}`;
  return { account: name, ip: addressKey(ip) };
}

/** Opens a session for the user on this device. */
export async function signIn(
  ctx: Pick<AppContext, 'db' | 'sessions'>,
  userId: string,
  client: Client,
): Promise<AuthResult> {
  const token = await ctx.sessions.create(userId, { userAgent: client.userAgent, ip: client.ip });
  return { token, user: await getUser(ctx, userId) };
}

export async function register(
  ctx: Pick<AppContext, 'db' | 'sessions' | 'captcha' | 'now'>,
  body: RegisterBody,
  client: Client,
): Promise<AuthResult> {
  await ctx.captcha.verifyImage(body.sessionId, body.code);
  if (body.confirmPassword !== body.password) {
    throw AppError.badRequest('confirmPassword: 两次输入的密码不一致 / the passwords differ');
  }
  const problem = await passwordProblem(body.password, body.username);
  if (problem) throw AppError.badRequest(`password: ${problem}`);
  if (await findUserByUsername(ctx.db.kysely, body.username)) {
    throw AppError.refused('用户名已被占用 / This username is taken');
  }
  const user = await createUser(ctx, {
    username: body.username,
    password: body.password,
    nickname: body.nickname.trim(),
  });
  await updateUser(ctx.db.kysely, user.id, { locale: client.locale });
  return signIn(ctx, user.id, client);
}

function captchaRequired(error: AppError): AppError {
  return new AppError(error.code, error.status, error.message, { captchaRequired: true });
}

async function checkCaptcha(ctx: Pick<AppContext, 'captcha'>, body: LoginBody): Promise<void> {
  if (!body.sessionId || !body.code) {
    throw captchaRequired(
      new AppError(Code.CAPTCHA_EXPIRED, 400, '请填写图形验证码 / Solve the image captcha first'),
    );
  }
  try {
    await ctx.captcha.verifyImage(body.sessionId, body.code);
  } catch (error) {
    throw error instanceof AppError ? captchaRequired(error) : error;
  }
}

export async function login(
  ctx: Pick<AppContext, 'db' | 'sessions' | 'captcha' | 'kv' | 'now'>,
  body: LoginBody,
  client: Client,
): Promise<AuthResult> {
  const row = await findUserByAccount(ctx.db.kysely, body.account);
  const subject = loginSubject(row, body.account, client.ip);
  const release = await takeTurn(ctx, subject);
  try {
    if ((await checkThrottle(ctx, subject)).captchaRequired) await checkCaptcha(ctx, body);
    const stored = row?.password_hash ?? null;
    const valid = await verifyPassword(body.password, stored ?? (await timingDummy()));
    if (!row || stored === null || !valid) {
      throw new AppError(Code.REFUSED, 401, WRONG_CREDENTIALS, await countFailure(ctx, subject));
    }
    // Said only to someone who knows the password.
    if (row.is_locked) throw AppError.refused(ACCOUNT_LOCKED, 403);
    await clearFailures(ctx, subject);
  } finally {
    await release();
  }
  return signIn(ctx, row.id, client);
}
