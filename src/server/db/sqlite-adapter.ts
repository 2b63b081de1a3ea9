/**
 * Kysely has no dialect for Node's built-in `node:sqlite`; its SQLite dialect works over this small
 * adapter around `DatabaseSync`. node:sqlite binds no booleans or Dates, so they are converted here.
 * Prepared statements are kept per SQL text (preparing was ~15% of a busy list API's CPU); SQLite
 * re-prepares a kept statement itself when the schema changes.
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

/** Statements kept at most; past it the cache starts afresh. */
const STATEMENTS_MAX = 500;

class Statement implements SqliteStatement {
  readonly reader: boolean;
  readonly #statement: StatementSync;
  readonly #db: DatabaseSync;
  readonly #sql: string;

  constructor(db: DatabaseSync, sql: string) {
    this.#db = db;
    this.#sql = sql;
    this.#statement = db.prepare(sql);
    this.reader = this.#statement.columns().length > 0;
  }

  all(parameters: ReadonlyArray<unknown>): unknown[] {
    return this.#statement.all(...bind(parameters));
  }

  run(parameters: ReadonlyArray<unknown>) {
    const result = this.#statement.run(...bind(parameters));
    return { changes: result.changes, lastInsertRowid: result.lastInsertRowid };
  }

  iterate(parameters: ReadonlyArray<unknown>): IterableIterator<unknown> {
    // A stream outlives the call: its own statement, so a kept one is never reset under it.
    return this.#db.prepare(this.#sql).iterate(...bind(parameters));
  }
}

/**
 * `rollback` when SQLite has already rolled the transaction back itself (it does on a full disk
 * and some I/O errors): a no-op instead of "cannot rollback - no transaction is active", which
 * would replace the error that explains what happened.
 */
class Rollback implements SqliteStatement {
  readonly reader = false;
  readonly #db: DatabaseSync;

  constructor(db: DatabaseSync) {
    this.#db = db;
  }

  all(): unknown[] {
    this.run();
    return [];
  }

  run() {
    if (this.#db.isTransaction) this.#db.exec('rollback');
    return { changes: 0, lastInsertRowid: 0 };
  }

  iterate(): IterableIterator<unknown> {
    return this.all()[Symbol.iterator]();
  }
}

/** Opens a SQLite file in WAL mode with foreign keys on. */
export function openSqlite(file: string): SqliteDatabase {
  const db = new DatabaseSync(file);
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = NORMAL');
  db.exec('PRAGMA foreign_keys = ON');
  db.exec('PRAGMA busy_timeout = 5000');
  const statements = new Map<string, SqliteStatement>([['rollback', new Rollback(db)]]);
  return {
    close: () => {
      statements.clear();
      db.close();
    },
    prepare: (sql: string) => {
      let statement = statements.get(sql);
      if (statement === undefined) {
        if (statements.size >= STATEMENTS_MAX) {
          statements.clear();
          statements.set('rollback', new Rollback(db));
        }
        statement = new Statement(db, sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}
