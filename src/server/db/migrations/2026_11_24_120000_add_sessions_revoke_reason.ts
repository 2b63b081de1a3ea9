import type { Kysely } from 'kysely';

// Frozen in time. Why a session was revoked ('locked', 'passwordChanged', 'revoked'), so that its
// token's -2 answer can say so; null for sessions revoked before this column existed.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('revoke_reason', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('revoke_reason').execute();
}
