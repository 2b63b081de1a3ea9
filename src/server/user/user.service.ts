/** Rules about users, and the one mapper from a row to the API's User (where secrets are dropped). */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { AppError } from '../common/app-error.ts';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/database.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { claimUploadedAvatar, removeAvatar } from '../upload/index.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { passwordProblem } from './password-policy.ts';
import {
  addUserRoles,
  findAuthorities,
  findUserByEmail,
  findUserById,
  insertUser,
  updateUser,
} from './user.repo.ts';
import type { EmailChangeBody, PasswordChangeBody, User, UserExtra } from './user.schema.ts';
import type { UserRow } from './user.table.ts';
import { NICKNAME_MAX, USERNAME_PATTERN, charCount } from '../../lib/shared/limits.ts';

export function toUserDto(row: UserRow, permissions: string[]): User {
  return {
    id: row.id,
    username: row.username,
    isLocked: Boolean(row.is_locked),
    email: row.email,
    permissions,
    nickname: row.nickname,
    avatar: row.avatar,
    createTime: row.create_time,
    updateTime: row.update_time,
  };
}

/** The user's row, else -404. Takes the executor, so it also runs inside a transaction. */
export async function existingUser(db: Kysely<Database>, id: string): Promise<UserRow> {
  const row = await findUserById(db, id);
  if (!row) throw AppError.notFound('用户不存在 / No such user');
  return row;
}

export async function getUser(ctx: Pick<AppContext, 'db'>, id: string): Promise<User> {
  const db = ctx.db.kysely;
  const row = await existingUser(db, id);
  return toUserDto(row, await findAuthorities(db, id));
}

export interface NewUser {
  username: string;
  password: string;
  nickname?: string;
  email?: string | null;
  roles?: readonly string[];
}

/** Creates a user with a policy-checked password; refuses taken usernames and emails. */
export async function createUser(
  ctx: Pick<AppContext, 'db' | 'now'>,
  input: NewUser,
): Promise<User> {
  if (!USERNAME_PATTERN.test(input.username)) {
    throw AppError.badRequest(
      '用户名须为 3–32 个字母、数字、_ 或 - / username: 3–32 letters, digits, _ or -',
    );
  }
  const problem = await passwordProblem(input.password, input.username);
  if (problem) throw AppError.badRequest(`password: ${problem}`);
  const now = new Date(ctx.now()).toISOString();
  const id = randomUUID();
  const passwordHash = await hashPassword(input.password);
  try {
    await ctx.db.kysely.transaction().execute(async (trx) => {
      await insertUser(trx, {
        id,
        username: input.username,
        password_hash: passwordHash,
        email: input.email ?? null,
        nickname: input.nickname ?? input.username,
        avatar: null,
        github_id: null,
        create_time: now,
        update_time: now,
      });
      await addUserRoles(trx, id, input.roles ?? []);
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw AppError.refused('用户名或邮箱已存在 / username or email taken');
    throw error;
  }
  return getUser(ctx, id);
}

const isoOf = (ctx: Pick<AppContext, 'now'>) => new Date(ctx.now()).toISOString();

export async function changeNickname(
  ctx: Pick<AppContext, 'db' | 'now'>,
  userId: string,
  nickname: string,
): Promise<User> {
  const trimmed = nickname.trim();
  if (trimmed.length === 0 || charCount(trimmed) > NICKNAME_MAX) {
    throw AppError.badRequest('body.nickname: 昵称须为 1–32 个字符 / 1–32 characters');
  }
  await updateUser(ctx.db.kysely, userId, { nickname: trimmed, update_time: isoOf(ctx) });
  return getUser(ctx, userId);
}

/**
 * Sets a new password. The current one is required when the account has one (GitHub-created
 * accounts have none); every other session of the user ends, the one that asked keeps working.
 */
export async function changePassword(
  ctx: Pick<AppContext, 'db' | 'sessions' | 'now'>,
  auth: { userId: string; sessionId: string },
  body: PasswordChangeBody,
): Promise<void> {
  const db = ctx.db.kysely;
  const row = await existingUser(db, auth.userId);
  if (body.newPassword !== body.confirmPassword) {
    throw AppError.badRequest('body.confirmPassword: 两次输入的密码不一致 / does not match');
  }
  const problem = await passwordProblem(body.newPassword, row.username);
  if (problem) throw AppError.badRequest(`body.newPassword: ${problem}`);
  if (row.password_hash !== null) {
    if (body.currentPassword === undefined) {
      throw AppError.badRequest(
        'body.currentPassword: 请输入当前密码 / the current password is required',
      );
    }
    if (!(await verifyPassword(body.currentPassword, row.password_hash))) {
      throw AppError.refused('当前密码错误 / The current password is wrong', 403);
    }
  }
  await updateUser(db, row.id, {
    password_hash: await hashPassword(body.newPassword),
    update_time: isoOf(ctx),
  });
  await ctx.sessions.revokeAllOf(row.id, 'passwordChanged', auth.sessionId);
}

function emailTaken(): AppError {
  return AppError.refused('该邮箱已被使用 / This email address is already in use');
}

/** Sets the address after checking the code that was mailed to it; a taken address is refused. */
export async function changeEmail(
  ctx: Pick<AppContext, 'db' | 'captcha' | 'now'>,
  userId: string,
  body: EmailChangeBody,
): Promise<User> {
  const db = ctx.db.kysely;
  const email = body.email.trim();
  await ctx.captcha.verifyEmailCode(email, body.code);
  const holder = await findUserByEmail(db, email);
  if (holder && holder.id !== userId) throw emailTaken();
  try {
    await updateUser(db, userId, { email, update_time: isoOf(ctx) });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  return getUser(ctx, userId);
}

/** Sets an avatar this user uploaded; the previous picture is deleted. */
export async function changeAvatar(
  ctx: Pick<AppContext, 'db' | 'config' | 'kv' | 'now'>,
  userId: string,
  key: string,
): Promise<User> {
  const db = ctx.db.kysely;
  const row = await existingUser(db, userId);
  if (row.avatar !== key) {
    if (!(await claimUploadedAvatar(ctx, userId, key))) {
      throw AppError.forbidden('只能使用自己上传的头像 / Use an avatar you uploaded');
    }
    await updateUser(db, userId, { avatar: key, update_time: isoOf(ctx) });
    // The old picture is nobody's any more; a failure to delete it only leaves a file behind.
    if (row.avatar) await removeAvatar(ctx, row.avatar).catch(() => undefined);
  }
  return getUser(ctx, userId);
}

export async function getUserExtra(
  ctx: Pick<AppContext, 'db'>,
  userId: string,
): Promise<UserExtra> {
  const row = await existingUser(ctx.db.kysely, userId);
  return {
    hasPassword: row.password_hash !== null,
    githubLinked: row.github_id !== null,
    githubLogin: row.github_id !== null ? (row.github_login ?? null) : null,
  };
}
