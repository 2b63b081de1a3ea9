import { readdirSync } from 'node:fs';
import { sql } from 'kysely';
import { afterEach, describe, expect, test } from 'vitest';
import { createEmptyDb, DIALECTS, type TestDb } from '../../../tests/helpers/test-db.ts';
import { migrateDownAll, migrateToLatest } from './migrate.ts';
import { migrations } from './migrations/index.ts';

test('the static migration list names every migration file, in order', () => {
  const files = readdirSync(new URL('./migrations/', import.meta.url))
    .filter((f) => /^\d{4}_\d{2}_\d{2}_\d{6}_.+\.ts$/.test(f) && !f.endsWith('.test.ts'))
    .map((f) => f.replace(/\.ts$/, ''))
    .sort();
  expect(Object.keys(migrations)).toEqual(files);
});

describe.each(DIALECTS)('migrations on %s', (dialect) => {
  let testDb: TestDb | undefined;
  afterEach(async () => testDb?.cleanup());

  test('run up, down and up again', async () => {
    testDb = await createEmptyDb(dialect);
    const db = testDb.db.kysely;
    expect(await migrateToLatest(db)).toEqual(Object.keys(migrations));
    expect(await migrateToLatest(db)).toEqual([]);
    await db.insertInto('roles').values({ name: 'r', title: 'R' }).execute();
    await migrateDownAll(db);
    await expect(sql`select count(*) from roles`.execute(db)).rejects.toThrow();
    await migrateToLatest(db);
    const row = await db
      .selectFrom('roles')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(Number(row?.n)).toBe(0);
  });

  test('usernames are unique regardless of case', async () => {
    testDb = await createEmptyDb(dialect);
    const db = testDb.db.kysely;
    await migrateToLatest(db);
    const base = {
      password_hash: null,
      email: null,
      nickname: 'n',
      avatar: null,
      github_id: null,
      create_time: 't',
      update_time: 't',
    };
    await db
      .insertInto('users')
      .values({ ...base, id: '1', username: 'Alice' })
      .execute();
    await expect(
      db
        .insertInto('users')
        .values({ ...base, id: '2', username: 'alice' })
        .execute(),
    ).rejects.toThrow();
  });
});
