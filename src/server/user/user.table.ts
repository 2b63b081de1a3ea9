import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface UserTable {
  id: string;
  username: string;
  password_hash: string | null;
  email: string | null;
  nickname: string;
  avatar: string | null;
  /** PostgreSQL gives a boolean, SQLite 0/1. */
  is_locked: Generated<boolean | number>;
  github_id: string | null;
  /** The linked GitHub account's login (added by the GitHub sign-in migration). */
  github_login: string | null;
  locale: Generated<string>;
  create_time: string;
  update_time: string;
}

export type UserRow = Selectable<UserTable>;
export type NewUserRow = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;

export interface RoleTable {
  name: string;
  title: string;
}

export interface PermissionTable {
  name: string;
}

export interface RolePermissionTable {
  role_name: string;
  permission_name: string;
}

export interface UserRoleTable {
  user_id: string;
  role_name: string;
}
