/**
 * User management by the owner (permission sys:user:manage): the paged list, locking and roles
 * (recovery links are the auth domain's sendRecoveryLink). The last unlocked super admin can be
 * neither locked nor demoted.
 */
import type { Kysely } from 'kysely';
import type { Page } from '../../lib/shared/codes.ts';
import { Role } from '../../lib/shared/permissions.ts';
import { page } from '../common/envelope.ts';
import { AppError } from '../common/app-error.ts';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/database.ts';
import {
  findAuthoritiesOf,
  findRoles,
  findUserPage,
  lockActiveRoleHolders,
  replaceUserRoles,
  updateUser,
} from '../user/user.repo.ts';
import type { ManagedUser, ManagedUserQuery, RoleInfo } from '../user/user.schema.ts';
import { existingUser, toUserDto } from '../user/index.ts';
import type { UserRow } from '../user/user.table.ts';

type ManageContext = Pick<AppContext, 'db' | 'presence' | 'sessions' | 'now'>;

async function toManagedUsers(ctx: ManageContext, rows: UserRow[]): Promise<ManagedUser[]> {
  const authorities = await findAuthoritiesOf(
    ctx.db.kysely,
    rows.map((row) => row.id),
  );
  return Promise.all(
    rows.map(async (row) => ({
      ...toUserDto(row, authorities.get(row.id) ?? []),
      isOnline: await ctx.presence.isOnline(row.id),
      hasPassword: row.password_hash !== null,
      githubLinked: row.github_id !== null,
    })),
  );
}

export async function listManagedUsers(
  ctx: ManageContext,
  query: ManagedUserQuery,
): Promise<Page<ManagedUser>> {
  const { rows, total } = await findUserPage(ctx.db.kysely, {
    search: query.search,
    locked: query.locked,
    role: query.role,
    sort: query.sort,
    order: query.order,
    limit: query.pageSize,
    offset: (query.pageNum - 1) * query.pageSize,
  });
  return page(await toManagedUsers(ctx, rows), total, query.pageNum, query.pageSize);
}

export async function getManagedUser(ctx: ManageContext, id: string): Promise<ManagedUser> {
  const [user] = await toManagedUsers(ctx, [await existingUser(ctx.db.kysely, id)]);
  return user as ManagedUser;
}

/** Refuses when `userId` is the only unlocked super admin (call inside the transaction). */
async function keepOneSuperAdmin(trx: Kysely<Database>, userId: string, message: string) {
  const holders = await lockActiveRoleHolders(trx, Role.SUPER_ADMIN);
  if (holders.length === 1 && holders[0] === userId) throw AppError.refused(message);
}

/** Locks or unlocks an account; locking ends every session of the user at once. */
export async function setLocked(
  ctx: ManageContext,
  id: string,
  isLocked: boolean,
): Promise<ManagedUser> {
  await ctx.db.kysely.transaction().execute(async (trx) => {
    const row = await existingUser(trx, id);
    if (isLocked && !row.is_locked) {
      await keepOneSuperAdmin(
        trx,
        id,
        '不能锁定最后一位超级管理员 / The last super admin cannot be locked',
      );
    }
    await updateUser(trx, id, {
      is_locked: isLocked,
      update_time: new Date(ctx.now()).toISOString(),
    });
  });
  if (isLocked) await ctx.sessions.revokeAllOf(id, 'locked');
  return getManagedUser(ctx, id);
}

export async function listRoles(ctx: Pick<AppContext, 'db'>): Promise<RoleInfo[]> {
  return findRoles(ctx.db.kysely);
}

/** Gives a user exactly these roles; effective at the user's next request. */
export async function setRoles(
  ctx: ManageContext,
  userId: string,
  roles: readonly string[],
): Promise<ManagedUser> {
  const known = new Set((await findRoles(ctx.db.kysely)).map((role) => role.name));
  const unknown = roles.filter((role) => !known.has(role));
  if (unknown.length > 0) {
    throw AppError.badRequest(`body.roles: 角色不存在 / unknown role: ${unknown.join(', ')}`);
  }
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await existingUser(trx, userId);
    if (!roles.includes(Role.SUPER_ADMIN)) {
      await keepOneSuperAdmin(
        trx,
        userId,
        '不能撤销最后一位超级管理员的角色 / The last super admin cannot lose the role',
      );
    }
    await replaceUserRoles(trx, userId, roles);
    await updateUser(trx, userId, { update_time: new Date(ctx.now()).toISOString() });
  });
  return getManagedUser(ctx, userId);
}
