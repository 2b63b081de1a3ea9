/** One-off facts about the site, kept in the database (e.g. that the first-run content was seeded). */
import type { Kysely } from 'kysely';
import type { Database } from './database.ts';

export interface SiteStateTable {
  key: string;
  value: string;
  update_time: string;
}

export async function readSiteState(db: Kysely<Database>, key: string): Promise<string | null> {
  const row = await db
    .selectFrom('site_state')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.value ?? null;
}

export async function writeSiteState(
  db: Kysely<Database>,
  key: string,
  value: string,
  now: string,
) {
  await db
    .insertInto('site_state')
    .values({ key, value, update_time: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, update_time: now }))
    .execute();
}
