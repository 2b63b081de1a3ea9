/** Roles and permissions of design.md §4, inserted when missing at every start. */
import type { Kysely } from 'kysely';
import { ROLE_NAMES, ROLE_PERMISSIONS, Permission, Role } from '../../lib/shared/permissions.ts';
import type { Database } from '../db/database.ts';

const ROLE_TITLES: Record<string, string> = {
  [Role.SUPER_ADMIN]: '超级管理员 / Super admin',
  [Role.BLOG_ADMIN]: '博客管理员 / Blog admin',
  [Role.PROXY_ADMIN]: '代理管理员 / Proxy admin',
};

export async function seedRolesAndPermissions(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('permissions')
      .values(Object.values(Permission).map((name) => ({ name })))
      .onConflict((oc) => oc.doNothing())
      .execute();
    await trx
      .insertInto('roles')
      .values(ROLE_NAMES.map((name) => ({ name, title: ROLE_TITLES[name] ?? name })))
      .onConflict((oc) => oc.doNothing())
      .execute();
    await trx
      .insertInto('role_permissions')
      .values(
        ROLE_NAMES.flatMap((role) =>
          ROLE_PERMISSIONS[role].map((permission) => ({
            role_name: role,
            permission_name: permission,
          })),
        ),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
  });
}
