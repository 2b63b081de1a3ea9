/** The database interface: every table of every domain, combined (style.md point 11). */
import type { RecoveryTokenTable } from '../auth/recovery.table.ts';
import type { SessionTable } from '../auth/session.table.ts';
import type {
  PermissionTable,
  RolePermissionTable,
  RoleTable,
  UserRoleTable,
  UserTable,
} from '../user/user.table.ts';

export interface Database {
  users: UserTable;
  roles: RoleTable;
  permissions: PermissionTable;
  role_permissions: RolePermissionTable;
  user_roles: UserRoleTable;
  sessions: SessionTable;
  recovery_tokens: RecoveryTokenTable;
}

export type DbDialect = 'sqlite' | 'postgres';
