import { readdirSync } from 'node:fs';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
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

  test('a session keeps why it was revoked; down drops only that column', async () => {
    testDb = await createEmptyDb(dialect);
    const db = testDb.db.kysely;
    await migrateToLatest(db);
    const time = '2026-11-28T10:00:00.000Z';
    await db
      .insertInto('users')
      .values({
        id: 'u1',
        username: 'u1',
        password_hash: null,
        email: null,
        nickname: 'n',
        avatar: null,
        github_id: null,
        create_time: time,
        update_time: time,
      })
      .execute();
    const session = {
      user_id: 'u1',
      previous_token_hash: null,
      previous_valid_until: null,
      user_agent: 'ua',
      ip: '::1',
      create_time: time,
      last_seen_time: time,
      expires_time: time,
      max_expires_time: time,
    };
    await db
      .insertInto('sessions')
      .values({
        ...session,
        id: 's1',
        token_hash: 'h1',
        revoked_time: time,
        revoke_reason: 'locked',
      })
      .execute();
    const reason = () =>
      db.selectFrom('sessions').select('revoke_reason').where('id', '=', 's1').executeTakeFirst();
    expect(await reason()).toEqual({ revoke_reason: 'locked' });

    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const { error } = await migrator.migrateTo('2026_11_21_140000_create_site_state');
    expect(error).toBeUndefined();
    await expect(reason()).rejects.toThrow();
    const kept = await db.selectFrom('sessions').select(['id', 'revoked_time']).execute();
    expect(kept).toEqual([{ id: 's1', revoked_time: time }]);

    await migrateToLatest(db);
    expect(await reason()).toEqual({ revoke_reason: null });
  });
});
