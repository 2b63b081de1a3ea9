/**
 * Password recovery by a mailed link: 256 random bits, only the SHA-256 stored, 30 minutes, one use.
 * Asking for a link answers the same whether or not the address is known; the lookup, the link and
 * the mail happen after the answer, so neither the reply nor its timing tells them apart.
 */
import type { FastifyBaseLogger } from 'fastify';
import { paths } from '../../lib/shared/paths.ts';
import { Code } from '../../lib/shared/codes.ts';
import { AppError } from '../common/app-error.ts';
import type { AppContext } from '../context.ts';
import { localeOf, recoveryMail, type MailMessage } from '../mail/index.ts';
import { existingUser, hashPassword, passwordProblem } from '../user/index.ts';
import { findUserByEmail, findUserById, updateUser } from '../user/user.repo.ts';
import type { UserRow } from '../user/user.table.ts';
import { ACCOUNT_LOCKED, loginSubject, signIn, type Client } from './account.service.ts';
import type {
  AuthResult,
  RecoverCompleteBody,
  RecoverInitiateBody,
  RecoveryCheck,
} from './auth.schema.ts';
import { clearFailures } from './login-throttle.ts';
import {
  deleteEndedRecoveryTokens,
  findUsableRecoveryToken,
  insertRecoveryToken,
  useRecoveryToken,
  useRecoveryTokensOf,
} from './recovery.repo.ts';
import { hashToken, newToken } from './token.ts';

export const RECOVERY_TTL_MS = 30 * 60_000;
/** At most one link per account this often, so nobody can flood someone's mailbox. */
export const RECOVERY_COOLDOWN_MS = 60_000;
/** The page the mailed link opens (src/pages/auth/recover/complete). */

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

function linkGone(): AppError {
  return new AppError(
    Code.CAPTCHA_EXPIRED,
    400,
    '链接已失效（已过期或已使用），请重新申请 / This link has expired or was used, ask for a new one',
  );
}

/** Stores a new link for the user and returns the mail that carries it. */
async function issueLink(
  ctx: Pick<AppContext, 'db' | 'config' | 'now'>,
  user: UserRow & { email: string },
): Promise<MailMessage> {
  const now = ctx.now();
  const token = newToken();
  const db = ctx.db.kysely;
  await deleteEndedRecoveryTokens(db, iso(now - 86_400_000));
  await insertRecoveryToken(db, {
    token_hash: hashToken(token),
    user_id: user.id,
    create_time: iso(now),
    expires_time: iso(now + RECOVERY_TTL_MS),
    used_time: null,
  });
  const link = `${ctx.config.siteUrl}${paths.recoverComplete(token)}`;
  return { to: user.email, ...recoveryMail(localeOf(user.locale), link, RECOVERY_TTL_MS / 60_000) };
}

function withEmail(row: UserRow): row is UserRow & { email: string } {
  return row.email !== null && row.email !== '';
}

/**
 * Mails a recovery link to the user's own address (the admin's "send recovery link").
 * Throws -404 for an unknown user and code 0 (409) when the user has no address.
 */
export async function sendRecoveryLink(
  ctx: Pick<AppContext, 'db' | 'config' | 'mailer' | 'now'>,
  userId: string,
): Promise<void> {
  const row = await existingUser(ctx.db.kysely, userId);
  if (!withEmail(row))
    throw AppError.refused('该用户没有邮箱地址 / This user has no email address');
  await ctx.mailer.send(await issueLink(ctx, row));
}

/** Checks the captcha, then answers at once; the link is looked up and mailed afterwards. */
export async function initiateRecovery(
  ctx: Pick<AppContext, 'db' | 'config' | 'mailer' | 'kv' | 'captcha' | 'now'>,
  body: RecoverInitiateBody,
  log: FastifyBaseLogger,
): Promise<void> {
  await ctx.captcha.verifyImage(body.sessionId, body.code);
  void mailLinkIfKnown(ctx, body.email).catch((error: unknown) =>
    log.error({ err: error }, 'recovery mail failed'),
  );
}

async function mailLinkIfKnown(
  ctx: Pick<AppContext, 'db' | 'config' | 'mailer' | 'kv' | 'now'>,
  email: string,
): Promise<void> {
  const row = await findUserByEmail(ctx.db.kysely, email);
  if (!row || row.is_locked || !withEmail(row)) return;
  const fresh = await ctx.kv.setIfAbsent(`recover:cooldown:${row.id}`, '1', RECOVERY_COOLDOWN_MS);
  if (!fresh) return;
  await ctx.mailer.send(await issueLink(ctx, row));
}

async function usableLink(ctx: Pick<AppContext, 'db' | 'now'>, token: string): Promise<UserRow> {
  const db = ctx.db.kysely;
  const link = await findUsableRecoveryToken(db, hashToken(token), iso(ctx.now()));
  const row = link && (await findUserById(db, link.user_id));
  if (!row) throw linkGone();
  return row;
}

/** Whose password a link resets; -4 when it is expired, used or unknown. */
export async function checkRecovery(
  ctx: Pick<AppContext, 'db' | 'now'>,
  token: string,
): Promise<RecoveryCheck> {
  return { username: (await usableLink(ctx, token)).username };
}

/** Sets the new password, uses up the link, ends every other session and signs in. */
export async function completeRecovery(
  ctx: Pick<AppContext, 'db' | 'sessions' | 'kv' | 'now'>,
  body: RecoverCompleteBody,
  client: Client,
): Promise<AuthResult> {
  const row = await usableLink(ctx, body.token);
  if (row.is_locked) throw AppError.refused(ACCOUNT_LOCKED, 403);
  if (body.confirmPassword !== body.password) {
    throw AppError.badRequest('confirmPassword: 两次输入的密码不一致 / the passwords differ');
  }
  const problem = await passwordProblem(body.password, row.username);
  if (problem) throw AppError.badRequest(`password: ${problem}`);
  const passwordHash = await hashPassword(body.password);
  const now = iso(ctx.now());
  await ctx.db.kysely.transaction().execute(async (trx) => {
    if (!(await useRecoveryToken(trx, hashToken(body.token), now))) throw linkGone();
    await useRecoveryTokensOf(trx, row.id, now);
    await updateUser(trx, row.id, { password_hash: passwordHash, update_time: now });
  });
  await ctx.sessions.revokeAllOf(row.id, 'passwordChanged');
  await clearFailures(ctx, loginSubject(row, row.username, client.ip));
  return signIn(ctx, row.id, client);
}
