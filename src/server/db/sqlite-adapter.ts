/**
 * Kysely has no dialect for Node's built-in `node:sqlite`; its SQLite dialect works over this small
 * adapter around `DatabaseSync`. node:sqlite binds no booleans or Dates, so they are converted here.
 */
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

function bindable(value: unknown): SQLInputValue {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  if (value === undefined) return null;
  return value as SQLInputValue;
}

function bind(parameters: ReadonlyArray<unknown>): SQLInputValue[] {
  return parameters.map(bindable);
}

class Statement implements SqliteStatement {
  readonly reader: boolean;
  readonly #statement: StatementSync;

  constructor(statement: StatementSync) {
    this.#statement = statement;
    this.reader = statement.columns().length > 0;
  }

  all(parameters: ReadonlyArray<unknown>): unknown[] {
    return this.#statement.all(...bind(parameters));
  }

  run(parameters: ReadonlyArray<unknown>) {
    const result = this.#statement.run(...bind(parameters));
    return { changes: result.changes, lastInsertRowid: result.lastInsertRowid };
  }

  iterate(parameters: ReadonlyArray<unknown>): IterableIterator<unknown> {
    return this.#statement.iterate(...bind(parameters));
  }
}

/** Opens a SQLite file in WAL mode with foreign keys on. */
export function openSqlite(file: string): SqliteDatabase {
  const db = new DatabaseSync(file);
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = NORMAL');
  db.exec('PRAGMA foreign_keys = ON');
  db.exec('PRAGMA busy_timeout = 5000');
  return {
    close: () => db.close(),
    prepare: (sql: string) => new Statement(db.prepare(sql)),
  };
}
