/**
 * Article views, buffered: each read adds to a counter in memory, and the counters are added to
 * the database every few seconds and when the app closes — never one write per view. Counts are
 * additive, so every instance can keep its own buffer.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { addViews } from './article.repo.ts';

export const VIEW_FLUSH_MS = 5_000;

export class ViewBuffer {
  #pending = new Map<string, number>();
  #timer: NodeJS.Timeout | null = null;
  #flushing: Promise<void> = Promise.resolve();
  readonly #db: Kysely<Database>;
  readonly #onError: (error: unknown) => void;
  readonly #onFlushed: (batch: ReadonlyMap<string, number>) => void;

  constructor(
    db: Kysely<Database>,
    onError: (error: unknown) => void,
    onFlushed: (batch: ReadonlyMap<string, number>) => void = () => undefined,
  ) {
    this.#db = db;
    this.#onError = onError;
    this.#onFlushed = onFlushed;
  }

  add(id: string): void {
    this.#pending.set(id, (this.#pending.get(id) ?? 0) + 1);
  }

  /** Views counted but not yet written. */
  pendingOf(id: string): number {
    return this.#pending.get(id) ?? 0;
  }

  start(everyMs = VIEW_FLUSH_MS): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => void this.flush(), everyMs);
    this.#timer.unref();
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
  }

  /** Writes the buffered counts in one transaction; on failure they stay buffered. */
  flush(): Promise<void> {
    this.#flushing = this.#flushing.then(async () => {
      if (this.#pending.size === 0) return;
      const batch = this.#pending;
      this.#pending = new Map();
      try {
        await this.#db.transaction().execute((trx) => addViews(trx, batch));
        this.#onFlushed(batch);
      } catch (error) {
        for (const [id, n] of batch) this.#pending.set(id, (this.#pending.get(id) ?? 0) + n);
        this.#onError(error);
      }
    });
    return this.#flushing;
  }
}
