import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { openSqlite } from './sqlite-adapter.ts';

let dir = '';
afterEach(() => rm(dir, { recursive: true, force: true }));

test('a kept statement runs again with new parameters, and a stream is not reset by it', async () => {
  dir = await mkdtemp(join(tmpdir(), 'atrium-sqlite-'));
  const db = openSqlite(join(dir, 'a.db'));
  db.prepare('CREATE TABLE t (id INTEGER PRIMARY KEY, flag INTEGER, at TEXT)').run([]);
  const insert = 'INSERT INTO t (id, flag, at) VALUES (?, ?, ?)';
  for (let id = 1; id <= 3; id += 1) db.prepare(insert).run([id, id % 2 === 0, new Date(0)]);
  const select = 'SELECT id, flag, at FROM t WHERE id >= ? ORDER BY id';
  expect(db.prepare(select).all([2])).toEqual([
    { id: 2, flag: 1, at: '1970-01-01T00:00:00.000Z' },
    { id: 3, flag: 0, at: '1970-01-01T00:00:00.000Z' },
  ]);
  const stream = db.prepare(select).iterate([1]);
  expect(stream.next().value).toMatchObject({ id: 1 });
  expect(db.prepare(select).all([3])).toEqual([{ id: 3, flag: 0, at: expect.any(String) }]);
  expect([...stream].map((row) => (row as { id: number }).id)).toEqual([2, 3]);
  // The schema changes under a kept statement: SQLite prepares it again.
  db.prepare('ALTER TABLE t ADD COLUMN note TEXT').run([]);
  expect(db.prepare('SELECT * FROM t WHERE id = ?').all([1])).toEqual([
    { id: 1, flag: 0, at: expect.any(String), note: null },
  ]);
  db.close();
});
