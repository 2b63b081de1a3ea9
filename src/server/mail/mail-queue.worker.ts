/**
 * The worker that sends the queued mail (enqueueMail in mail-queue.repo.ts), one per app instance,
 * made in buildApp (`ctx.mailQueue`): it runs from onReady to onClose, polls, and is kicked after a
 * transaction that enqueued a message commits. Several instances are safe: a worker claims a row
 * with an UPDATE that only matches while the row is due and moves its next attempt past a lease, so
 * no two workers send the same message. Failures back off exponentially (30 s doubling to 1 h);
 * after two days the message is given up, and its row kept with the last error.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import { claimMail, findDueMail, markMailFailed, markMailSent } from './mail-queue.repo.ts';
import type { MailQueueRow } from './mail-queue.table.ts';

export interface MailQueueOptions {
  /** How often a worker looks for due messages besides being kicked. */
  readonly pollMs?: number;
  /** How long a claimed message stays with its worker before another may retry it. */
  readonly leaseMs?: number;
  readonly firstRetryMs?: number;
  readonly maxRetryMs?: number;
  readonly giveUpAfterMs?: number;
  /** Rows looked at per round. */
  readonly batch?: number;
}

const DEFAULTS = {
  pollMs: 15_000,
  leaseMs: 120_000,
  firstRetryMs: 30_000,
  maxRetryMs: 3_600_000,
  giveUpAfterMs: 2 * 24 * 3_600_000,
  batch: 20,
};

/** The wait before the attempt after `attempts` failed ones: 30 s, 1 min, 2 min, … at most 1 h. */
export function retryDelay(attempts: number, first: number, max: number): number {
  return Math.min(max, first * 2 ** Math.max(0, Math.min(attempts - 1, 30)));
}

const iso = (ms: number) => new Date(ms).toISOString();

export class MailQueue {
  readonly #ctx: Pick<AppContext, 'db' | 'mailer' | 'now'>;
  readonly #log: FastifyBaseLogger;
  readonly #options: typeof DEFAULTS;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | null = null;
  #again = false;
  #stopped = true;

  constructor(
    ctx: Pick<AppContext, 'db' | 'mailer' | 'now'>,
    log: FastifyBaseLogger,
    options: MailQueueOptions = {},
  ) {
    this.#ctx = ctx;
    this.#log = log;
    this.#options = {
      pollMs: options.pollMs ?? DEFAULTS.pollMs,
      leaseMs: options.leaseMs ?? DEFAULTS.leaseMs,
      firstRetryMs: options.firstRetryMs ?? DEFAULTS.firstRetryMs,
      maxRetryMs: options.maxRetryMs ?? DEFAULTS.maxRetryMs,
      giveUpAfterMs: options.giveUpAfterMs ?? DEFAULTS.giveUpAfterMs,
      batch: options.batch ?? DEFAULTS.batch,
    };
  }

  /** Starts polling (and sends whatever is due now). */
  start(): void {
    if (!this.#stopped) return;
    this.#stopped = false;
    this.#timer = setInterval(() => void this.kick(), this.#options.pollMs);
    this.#timer.unref();
    void this.kick();
  }

  /** Stops polling and waits for the round in progress. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#timer);
    await this.#running;
  }

  /**
   * Sends what is due now, e.g. right after a transaction that enqueued a message committed.
   * Resolves when this instance has no round left to run; never rejects.
   */
  kick(): Promise<void> {
    if (this.#running) {
      this.#again = true;
      return this.#running;
    }
    const run = async () => {
      do {
        this.#again = false;
        try {
          await this.#round();
        } catch (error) {
          this.#log.warn({ err: error }, 'mail queue round failed');
        }
      } while (this.#again && !this.#stopped);
    };
    this.#running = run().finally(() => {
      this.#running = null;
    });
    return this.#running;
  }

  async #round(): Promise<void> {
    const db = this.#ctx.db.kysely;
    const due = await findDueMail(db, iso(this.#ctx.now()), this.#options.batch);
    for (const row of due) {
      const now = this.#ctx.now();
      if (await claimMail(db, row.id, iso(now), iso(now + this.#options.leaseMs))) {
        await this.#send(row);
      }
    }
    if (due.length === this.#options.batch) this.#again = true;
  }

  async #send(row: MailQueueRow): Promise<void> {
    const db = this.#ctx.db.kysely;
    const attempts = row.attempts + 1;
    try {
      await this.#ctx.mailer.send({
        to: row.to_address,
        subject: row.subject,
        text: row.text,
        ...(row.reply_to ? { replyTo: row.reply_to } : {}),
      });
    } catch (error) {
      const now = this.#ctx.now();
      const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const giveUp = now - Date.parse(row.create_time) >= this.#options.giveUpAfterMs;
      const { firstRetryMs, maxRetryMs } = this.#options;
      await markMailFailed(db, row.id, {
        lastError,
        retryIso: giveUp ? null : iso(now + retryDelay(attempts, firstRetryMs, maxRetryMs)),
        givenUpIso: giveUp ? iso(now) : null,
      });
      this.#log.warn(
        { mailId: row.id, attempts, err: error, givenUp: giveUp },
        giveUp ? 'mail given up' : 'mail failed, will retry',
      );
      return;
    }
    await markMailSent(db, row.id, iso(this.#ctx.now()));
  }
}
