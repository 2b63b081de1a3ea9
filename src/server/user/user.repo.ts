/** Queries on users and their roles. Plain functions; the executor comes first. */
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { anyContains } from '../db/like.ts';
import type { NewUserRow, UserRow, UserUpdate } from './user.table.ts';

type Executor = Kysely<Database>;

export async function insertUser(db: Executor, user: NewUserRow): Promise<void> {
  await db.insertInto('users').values(user).execute();
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Usernames are unique regardless of case. */
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

/** Email addresses are unique regardless of case; surrounding spaces are not part of one. */
export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

/** The user an account name means (sign-in): an email address when it holds an `@`, else a username. */
export async function findUserByAccount(
  db: Executor,
  account: string,
): Promise<UserRow | undefined> {
  const value = account.trim();
  return value.includes('@') ? findUserByEmail(db, value) : findUserByUsername(db, value);
}

export async function findUserByGithubId(
  db: Executor,
  githubId: string,
): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('github_id', '=', githubId).executeTakeFirst();
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

export async function updateUser(db: Executor, id: string, changes: UserUpdate): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}

/** The authorities of several users at once (see findAuthorities), by user id. */
export async function findAuthoritiesOf(
  db: Executor,
  userIds: readonly string[],
): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return result;
  const rows = await db
    .selectFrom('user_roles')
    .leftJoin('role_permissions', 'role_permissions.role_name', 'user_roles.role_name')
    .select([
      'user_roles.user_id as userId',
      'user_roles.role_name as role',
      'role_permissions.permission_name as permission',
    ])
    .where('user_roles.user_id', 'in', userIds)
    .execute();
  const sets = new Map<string, Set<string>>();
  for (const { userId, role, permission } of rows) {
    let set = sets.get(userId);
    if (!set) sets.set(userId, (set = new Set()));
    set.add(`ROLE_${role}`);
    if (permission) set.add(permission);
  }
  for (const [userId, set] of sets) result.set(userId, [...set].sort());
  return result;
}

export interface UserPageFilter {
  /** Matched case-insensitively against username, nickname and email. */
  readonly search?: string;
  readonly locked?: boolean;
  readonly role?: string;
  readonly sort: 'createTime' | 'username' | 'updateTime';
  readonly order: 'asc' | 'desc';
  readonly limit: number;
  readonly offset: number;
}

/** One page of users and the number of all that match. */
export async function findUserPage(
  db: Executor,
  filter: UserPageFilter,
): Promise<{ rows: UserRow[]; total: number }> {
  let query = db.selectFrom('users');
  const search = filter.search?.trim();
  if (search) {
    query = query.where(anyContains(['username', 'nickname', 'email'], search));
  }
  if (filter.locked !== undefined) query = query.where('is_locked', '=', filter.locked);
  if (filter.role !== undefined) {
    const role = filter.role;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_roles')
          .select('user_roles.user_id')
          .whereRef('user_roles.user_id', '=', 'users.id')
          .where('user_roles.role_name', '=', role),
      ),
    );
  }
  const counted = await query
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  const sortColumn = {
    createTime: sql`create_time`,
    username: sql`lower(username)`,
    updateTime: sql`update_time`,
  }[filter.sort];
  const rows = await query
    .selectAll()
    .orderBy(sortColumn, filter.order)
    .orderBy('id', filter.order)
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
  return { rows, total: Number(counted.n) };
}

/** Every role with its title and permissions, by name. */
export async function findRoles(
  db: Executor,
): Promise<{ name: string; title: string; permissions: string[] }[]> {
  const rows = await db
    .selectFrom('roles')
    .leftJoin('role_permissions', 'role_permissions.role_name', 'roles.name')
    .select(['roles.name as name', 'roles.title as title', 'role_permissions.permission_name'])
    .orderBy('roles.name')
    .orderBy('role_permissions.permission_name')
    .execute();
  const roles = new Map<string, { name: string; title: string; permissions: string[] }>();
  for (const row of rows) {
    let role = roles.get(row.name);
    if (!role) roles.set(row.name, (role = { name: row.name, title: row.title, permissions: [] }));
    if (row.permission_name) role.permissions.push(row.permission_name);
  }
  return [...roles.values()];
}

export async function findUserRoleNames(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('user_roles')
    .select('role_name')
    .where('user_id', '=', userId)
    .orderBy('role_name')
    .execute();
  return rows.map((row) => row.role_name);
}

export async function replaceUserRoles(
  db: Executor,
  userId: string,
  roles: readonly string[],
): Promise<void> {
  await db.deleteFrom('user_roles').where('user_id', '=', userId).execute();
  await addUserRoles(db, userId, roles);
}

/**
 * The ids of the unlocked users holding a role. On PostgreSQL their rows stay locked until the
 * transaction ends, so two owners cannot each remove "the other" last super admin at once; SQLite
 * runs one write transaction at a time anyway.
 */
export async function lockActiveRoleHolders(db: Executor, role: string): Promise<string[]> {
  let query = db
    .selectFrom('users')
    .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
    .select('users.id')
    .where('user_roles.role_name', '=', role)
    .where('users.is_locked', '=', false)
    .orderBy('users.id');
  if (db.getExecutor().adapter instanceof PostgresAdapter) query = query.forUpdate();
  const rows = await query.execute();
  return rows.map((row) => row.id);
}
