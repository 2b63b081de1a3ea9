/** Applies the migrations (the same set on SQLite and PostgreSQL). */
import type { Kysely } from 'kysely';
import { Migrator, NO_MIGRATIONS, type MigrationResultSet } from 'kysely/migration';
import { migrations } from './migrations/index.ts';

function migrator(db: Kysely<any>) {
  return new Migrator({ db, provider: { getMigrations: async () => migrations } });
}

function check({ error, results }: MigrationResultSet): string[] {
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`migration ${failed} failed: ${String(error)}`, { cause: error });
  }
  return (results ?? []).map((r) => r.migrationName);
}

/** Migrates to the newest version; returns the names applied now. */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  return check(await migrator(db).migrateToLatest());
}

/** Undoes every migration (tests use it to prove `down` works). */
export async function migrateDownAll(db: Kysely<any>): Promise<string[]> {
  return check(await migrator(db).migrateTo(NO_MIGRATIONS));
}
