/** Rules about users, and the one mapper from a row to the API's User (where secrets are dropped). */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { AppError } from '../common/app-error.ts';
import type { Database } from '../db/database.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { hashPassword } from './password.ts';
import { passwordProblem } from './password-policy.ts';
import { addUserRoles, findAuthorities, findUserById, insertUser } from './user.repo.ts';
import type { User } from './user.schema.ts';
import type { UserRow } from './user.table.ts';

export const USERNAME_PATTERN = /^[A-Za-z0-9_-]{3,32}$/;

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

export async function getUser(db: Kysely<Database>, id: string): Promise<User> {
  const row = await findUserById(db, id);
  if (!row) throw AppError.notFound('用户不存在 / No such user');
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
export async function createUser(db: Kysely<Database>, input: NewUser): Promise<User> {
  if (!USERNAME_PATTERN.test(input.username)) {
    throw AppError.badRequest(
      '用户名须为 3–32 个字母、数字、_ 或 - / username: 3–32 letters, digits, _ or -',
    );
  }
  const problem = passwordProblem(input.password, input.username);
  if (problem) throw AppError.badRequest(`password: ${problem}`);
  const now = new Date().toISOString();
  const id = randomUUID();
  const passwordHash = await hashPassword(input.password);
  try {
    await db.transaction().execute(async (trx) => {
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
  return getUser(db, id);
}
