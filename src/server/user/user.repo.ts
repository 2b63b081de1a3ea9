/** Queries on users and their roles. Plain functions; the executor comes first. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { NewUserRow, UserRow } from './user.table.ts';

type Executor = Kysely<Database>;

export async function insertUser(db: Executor, user: NewUserRow): Promise<void> {
  await db.insertInto('users').values(user).execute();
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findUserByUsername(
  db: Executor,
  username: string,
): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
}

/** The user's authorities: the permissions of every role plus `ROLE_<name>` for each role. */
export async function findAuthorities(db: Executor, userId: string): Promise<string[]> {
  const roles = await db
    .selectFrom('user_roles')
    .leftJoin('role_permissions', 'role_permissions.role_name', 'user_roles.role_name')
    .select(['user_roles.role_name as role', 'role_permissions.permission_name as permission'])
    .where('user_roles.user_id', '=', userId)
    .execute();
  const authorities = new Set<string>();
  for (const { role, permission } of roles) {
    authorities.add(`ROLE_${role}`);
    if (permission) authorities.add(permission);
  }
  return [...authorities].sort();
}

export async function addUserRoles(
  db: Executor,
  userId: string,
  roles: readonly string[],
): Promise<void> {
  if (roles.length === 0) return;
  await db
    .insertInto('user_roles')
    .values(roles.map((role_name) => ({ user_id: userId, role_name })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function countUsersWithRole(db: Executor, role: string): Promise<number> {
  const row = await db
    .selectFrom('user_roles')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('role_name', '=', role)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
