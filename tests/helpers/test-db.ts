/**
 * A fresh, migrated database per test file: SQLite always, PostgreSQL too when DATABASE_URL is set.
 * Each PostgreSQL run creates its own database and drops it afterwards.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { seedRolesAndPermissions } from '../../src/server/auth/seed.ts';
import { connectDb, migrateToLatest, type Db, type DbDialect } from '../../src/server/db/index.ts';

export interface TestDb {
  readonly db: Db;
  /** The URL (PostgreSQL) or file (SQLite) the database lives at. */
  readonly location: { databaseUrl: string | null; sqlitePath: string };
  cleanup(): Promise<void>;
}

export const DIALECTS: readonly DbDialect[] = process.env['DATABASE_URL']
  ? ['sqlite', 'postgres']
  : ['sqlite'];

async function adminQuery(statement: string) {
  const client = new pg.Client({ connectionString: process.env['DATABASE_URL'] });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** An empty database (no migrations applied). */
export async function createEmptyDb(dialect: DbDialect): Promise<TestDb> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'atrium-test-'));
    const location = { databaseUrl: null, sqlitePath: path.join(dir, 'test.db') };
    const db = connectDb(location);
    return {
      db,
      location,
      async cleanup() {
        await db.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `atrium_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(process.env['DATABASE_URL'] ?? '');
  url.pathname = `/${name}`;
  const location = { databaseUrl: url.toString(), sqlitePath: '' };
  const db = connectDb(location);
  return {
    db,
    location,
    async cleanup() {
      await db.close();
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** A migrated database with the roles and permissions seeded. */
export async function createTestDb(dialect: DbDialect): Promise<TestDb> {
  const testDb = await createEmptyDb(dialect);
  await migrateToLatest(testDb.db.kysely);
  await seedRolesAndPermissions(testDb.db.kysely);
  return testDb;
}

/** Redis-backed tests run once per configured URL: none without REDIS_URL, so nothing is skipped. */
export const REDIS_URLS: readonly string[] = process.env['REDIS_URL']
  ? [process.env['REDIS_URL']]
  : [];
