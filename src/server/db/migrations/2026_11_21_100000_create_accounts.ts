import { sql, type Kysely } from 'kysely';

// Frozen in time: imports nothing from the app. Types and defaults that both SQLite and PostgreSQL
// accept; ids and timestamps (ISO-8601 text) come from the code.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('email', 'text')
    .addColumn('nickname', 'text', (c) => c.notNull())
    .addColumn('avatar', 'text')
    .addColumn('is_locked', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('github_id', 'text', (c) => c.unique())
    .addColumn('locale', 'text', (c) => c.notNull().defaultTo('zh-CN'))
    .addColumn('create_time', 'text', (c) => c.notNull())
    .addColumn('update_time', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('users_username_lower_key')
    .unique()
    .on('users')
    .expression(sql`lower(username)`)
    .execute();
  await db.schema
    .createIndex('users_email_lower_key')
    .unique()
    .on('users')
    .expression(sql`lower(email)`)
    .execute();

  await db.schema
    .createTable('roles')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('permissions')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .execute();
  await db.schema
    .createTable('role_permissions')
    .addColumn('role_name', 'text', (c) => c.notNull().references('roles.name').onDelete('cascade'))
    .addColumn('permission_name', 'text', (c) =>
      c.notNull().references('permissions.name').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('role_permissions_pkey', ['role_name', 'permission_name'])
    .execute();
  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role_name', 'text', (c) => c.notNull().references('roles.name').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_roles_pkey', ['user_id', 'role_name'])
    .execute();
  await db.schema
    .createIndex('user_roles_role_name_idx')
    .on('user_roles')
    .column('role_name')
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('previous_token_hash', 'text')
    .addColumn('previous_valid_until', 'text')
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('create_time', 'text', (c) => c.notNull())
    .addColumn('last_seen_time', 'text', (c) => c.notNull())
    .addColumn('expires_time', 'text', (c) => c.notNull())
    .addColumn('max_expires_time', 'text', (c) => c.notNull())
    .addColumn('revoked_time', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();
  await db.schema
    .createIndex('sessions_previous_token_hash_idx')
    .on('sessions')
    .column('previous_token_hash')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'sessions',
    'user_roles',
    'role_permissions',
    'permissions',
    'roles',
    'users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
