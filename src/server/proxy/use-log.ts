/**
 * The uses of client links, buffered: each answered request adds a log row (and, for a token
 * without a daily limit, one to its count) in memory; they are written every second and when
 * the app closes, in one transaction — not two writes per request. A token with a daily limit
 * is counted in the database at once (token.repo.ts `countUse`), so the limit holds across
 * instances; only its log row waits here.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { ProxyTokenUseTable } from './proxy.table.ts';
import { addUses, insertUses } from './token.repo.ts';

export const USE_FLUSH_MS = 1_000;
/** Log rows kept while the database refuses them; the oldest go first beyond this. */
const MAX_BUFFERED = 100_000;

/** Uses of one token on one day that are not in its count yet. */
export interface UseCount {
  readonly tokenId: string;
  readonly day: string;
  n: number;
  lastTime: string;
}

export class UseLog {
  #rows: ProxyTokenUseTable[] = [];
  #counts = new Map<string, UseCount>();
  #timer: NodeJS.Timeout | null = null;
  #flushing: Promise<void> = Promise.resolve();
  readonly #db: () => Kysely<Database>;
  readonly #onError: (error: unknown) => void;

  constructor(db: () => Kysely<Database>, onError: (error: unknown) => void) {
    this.#db = db;
    this.#onError = onError;
  }

  /** A use to log; `counted` when the daily limit already counted it in the database. */
  add(row: ProxyTokenUseTable, day: string, counted: boolean): void {
    this.#rows.push(row);
    if (counted || row.outcome !== 'ok') return;
    const key = `${row.token_id}\n${day}`;
    const count = this.#counts.get(key);
    if (count) {
      count.n += 1;
      count.lastTime = row.time;
    } else this.#counts.set(key, { tokenId: row.token_id, day, n: 1, lastTime: row.time });
  }

  start(everyMs = USE_FLUSH_MS): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => void this.flush(), everyMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.flush();
  }

  /** Writes what is buffered in one transaction; on failure it stays buffered. */
  flush(): Promise<void> {
    this.#flushing = this.#flushing.then(async () => {
      if (this.#rows.length === 0 && this.#counts.size === 0) return;
      const rows = this.#rows;
      const counts = this.#counts;
      this.#rows = [];
      this.#counts = new Map();
      try {
        await this.#db()
          .transaction()
          .execute(async (trx) => {
            await insertUses(trx, rows);
            await addUses(trx, [...counts.values()]);
          });
      } catch (error) {
        this.#rows = [...rows, ...this.#rows].slice(-MAX_BUFFERED);
        for (const [key, count] of counts) {
          const newer = this.#counts.get(key);
          this.#counts.set(
            key,
            newer ? { ...count, n: count.n + newer.n, lastTime: newer.lastTime } : count,
          );
        }
        this.#onError(error);
      }
    });
    return this.#flushing;
  }
}
