/**
 * A database that cannot write (a full disk, a read-only file or server): requests that write
 * answer a clear -500 and the real cause reaches the log, reads go on, and /api/health says so.
 */
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, test } from 'vitest';
import { Role } from '../../lib/shared/permissions.ts';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import { DIALECTS } from '../../../tests/helpers/test-db.ts';

let t: TestApp;
afterEach(() => t.close());

/** The app with a blog manager, the errors that reached the error handler, and a request helper. */
async function start(dialect: 'sqlite' | 'postgres') {
  t = await createTestApp(dialect);
  const errors: Error[] = [];
  t.app.addHook('onError', async (_request, _reply, error) => {
    errors.push(error);
  });
  const { token } = await t.signUp({ roles: [Role.BLOG_ADMIN] });
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload });
  const category = (await call('POST', '/api/blog/category', { name: 'Before' })).json();
  expect(category.code).toBe(1);
  return { errors, call, categoryId: category.data.id as number };
}

/** Makes the PostgreSQL test database read-only for every new connection, and drops the old ones. */
async function readOnlyPostgres() {
  const url = t.testDb.location.databaseUrl ?? '';
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: process.env['DATABASE_URL'] });
  await admin.connect();
  try {
    await admin.query(`ALTER DATABASE ${name} SET default_transaction_read_only = on`);
    await admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [name],
    );
  } finally {
    await admin.end();
  }
  // Let the pool notice its connections are gone.
  await new Promise((resolve) => setTimeout(resolve, 200));
}

test('SQLite on a full disk: the write answers a clear -500, the real error is what gets logged', async () => {
  const { errors, call, categoryId } = await start('sqlite');
  const db = t.testDb.db.kysely;
  const { rows } = await sql<{ page_count: number }>`PRAGMA page_count`.execute(db);
  await sql.raw(`PRAGMA max_page_count = ${rows[0]?.page_count ?? 1}`).execute(db);

  const res = await call('POST', '/api/blog/article', {
    title: 'Big',
    content: 'x'.repeat(150_000),
    categoryId,
    status: 'published',
  });
  expect(res.statusCode).toBe(500);
  const body = res.json();
  expect(body).toMatchObject({ code: -500, data: null });
  expect(body.message).toContain('disk is full or read-only');
  expect(body.message).not.toMatch(/rollback|SQLITE|sqlite/);
  expect(errors.map((e) => e.message)).toEqual(['database or disk is full']);

  // Nothing half-written, and reads still work.
  const list = await call('GET', '/api/blog/article/manage');
  expect(list.json()).toMatchObject({ code: 1, data: { totalRecordNum: 0 } });
});

describe.each(DIALECTS)('a database that cannot write (%s)', (dialect) => {
  test('health reports it, with 503, while reads still answer', async () => {
    const { call } = await start(dialect);
    const healthy = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(healthy.json()).toMatchObject({
      code: 1,
      data: { database: { ok: true, writable: true } },
    });

    if (dialect === 'sqlite') await sql`PRAGMA query_only = 1`.execute(t.testDb.db.kysely);
    else await readOnlyPostgres();

    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ data: { database: { ok: false, writable: false } } });

    const write = await call('POST', '/api/blog/category', { name: 'After' });
    expect(write.statusCode).toBe(500);
    expect(write.json().message).toContain('disk is full or read-only');
    expect((await call('GET', '/api/blog/category')).json().code).toBe(1);
  });
});
