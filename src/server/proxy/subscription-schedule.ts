/**
 * Syncs the subscriptions that are due, every minute, on every instance: the lease each sync
 * takes (subscription.repo.ts `takeLease`) makes sure only one instance syncs a subscription.
 */
import { findDueSubscriptionIds } from './subscription.repo.ts';
import { syncSubscription, type SyncContext } from './subscription-sync.ts';

const TICK_MS = 60_000;
/** Subscriptions synced one after another per tick: a slow upstream delays only the rest. */
const PER_TICK = 10;

export class SubscriptionSchedule {
  readonly #ctx: SyncContext;
  readonly #onError: (error: unknown) => void;
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<void> | null = null;
  #stopped = false;

  constructor(ctx: SyncContext, onError: (error: unknown) => void) {
    this.#ctx = ctx;
    this.#onError = onError;
  }

  start(): void {
    this.#timer = setInterval(() => void this.tick(), TICK_MS);
    this.#timer.unref();
    void this.tick();
  }

  /** Syncs what is due now (one tick at a time; a tick still running is not doubled). */
  tick(): Promise<void> {
    this.#running ??= this.#syncDue().finally(() => {
      this.#running = null;
    });
    return this.#running;
  }

  async #syncDue(): Promise<void> {
    try {
      const now = new Date(this.#ctx.now()).toISOString();
      for (const id of await findDueSubscriptionIds(this.#ctx.db.kysely, now, PER_TICK)) {
        if (this.#stopped) return;
        await syncSubscription(this.#ctx, id);
      }
    } catch (error) {
      this.#onError(error);
    }
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#running;
  }
}
