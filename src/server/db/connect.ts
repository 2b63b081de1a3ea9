/** Opens the database the configuration names: PostgreSQL with DATABASE_URL, else SQLite. */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database, DbDialect } from './database.ts';
import { openSqlite } from './sqlite-adapter.ts';

export interface Db {
  readonly kysely: Kysely<Database>;
  readonly dialect: DbDialect;
  close(): Promise<void>;
}

export interface DbOptions {
  readonly databaseUrl: string | null;
  readonly sqlitePath: string;
}

export function connectDb(options: DbOptions): Db {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle client losing its connection must not crash the process.
    pool.on('error', () => undefined);
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, dialect: 'postgres', close: () => kysely.destroy() };
  }
  if (options.sqlitePath !== ':memory:') {
    mkdirSync(path.dirname(options.sqlitePath), { recursive: true });
  }
  const kysely = new Kysely<Database>({
    dialect: new SqliteDialect({ database: openSqlite(options.sqlitePath) }),
  });
  return { kysely, dialect: 'sqlite', close: () => kysely.destroy() };
}
