import type { Kysely } from 'kysely';

// Frozen in time: imports nothing from the app. Password-recovery links (only a hash of each token
// is kept) and the login of a linked GitHub account.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('recovery_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('create_time', 'text', (c) => c.notNull())
    .addColumn('expires_time', 'text', (c) => c.notNull())
    .addColumn('used_time', 'text')
    .execute();
  await db.schema
    .createIndex('recovery_tokens_user_id_idx')
    .on('recovery_tokens')
    .column('user_id')
    .execute();
  await db.schema.alterTable('users').addColumn('github_login', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('github_login').execute();
  await db.schema.dropTable('recovery_tokens').execute();
}
