import type { Kysely } from 'kysely';

// Frozen in time. One-off facts about the site, e.g. that the first-run content was seeded.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('site_state')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('update_time', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('site_state').execute();
}
