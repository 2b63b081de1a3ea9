/**
 * The outgoing mail queue. A message is stored with `enqueueMail` in the same transaction as the
 * row that causes it (a comment, a contact message), so a mail outage loses nothing; a worker in
 * every app instance sends due messages through the mailer. Several instances are safe: a worker
 * claims a row with an UPDATE that only matches while the row is due and moves its next attempt
 * past a lease, so no two workers send the same message. Failures back off exponentially (30 s
 * doubling to 1 h); after two days the message is given up, and its row kept with the last error.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/database.ts';
import type { Mailer, MailMessage } from './mailer.ts';

export interface MailQueueTable {
  id: string;
  to_address: string;
  reply_to: string | null;
  subject: string;
  text: string;
  attempts: number;
  /** Due at this time; null once sent or given up. While a worker holds the row, its lease end. */
  next_attempt_time: string | null;
  last_error: string | null;
  sent_time: string | null;
  given_up_time: string | null;
  create_time: string;
}

export type MailQueueRow = Selectable<MailQueueTable>;

export type MailStatus = 'pending' | 'sent' | 'failed';

export function mailStatusOf(row: Pick<MailQueueRow, 'sent_time' | 'given_up_time'>): MailStatus {
  if (row.sent_time) return 'sent';
  if (row.given_up_time) return 'failed';
  return 'pending';
}

/** Stores a message to be sent; call it with the transaction that stores its cause. Returns its id. */
export async function enqueueMail(
  db: Kysely<Database>,
  message: MailMessage,
  now: Date = new Date(),
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('mail_queue')
    .values({
      id,
      to_address: message.to,
      reply_to: message.replyTo ?? null,
      subject: message.subject,
      text: message.text,
      attempts: 0,
      next_attempt_time: now.toISOString(),
      last_error: null,
      sent_time: null,
      given_up_time: null,
      create_time: now.toISOString(),
    })
    .execute();
  return id;
}

export interface MailQueueOptions {
  readonly now?: () => number;
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

export class MailQueue {
  readonly #db: Kysely<Database>;
  readonly #mailer: Mailer;
  readonly #log: FastifyBaseLogger;
  readonly #now: () => number;
  readonly #options: typeof DEFAULTS;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | null = null;
  #again = false;
  #stopped = true;

  constructor(
    db: Kysely<Database>,
    mailer: Mailer,
    log: FastifyBaseLogger,
    options: MailQueueOptions = {},
  ) {
    this.#db = db;
    this.#mailer = mailer;
    this.#log = log;
    this.#now = options.now ?? Date.now;
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
    const nowIso = new Date(this.#now()).toISOString();
    const due = await this.#db
      .selectFrom('mail_queue')
      .selectAll()
      .where('next_attempt_time', '<=', nowIso)
      .orderBy('next_attempt_time')
      .limit(this.#options.batch)
      .execute();
    for (const row of due) {
      if (await this.#claim(row.id)) await this.#send(row);
    }
    if (due.length === this.#options.batch) this.#again = true;
  }

  /** Takes the row for this worker if it is still due; false when another worker got it first. */
  async #claim(id: string): Promise<boolean> {
    const now = this.#now();
    const result = await this.#db
      .updateTable('mail_queue')
      .set((eb) => ({
        attempts: eb('attempts', '+', 1),
        next_attempt_time: new Date(now + this.#options.leaseMs).toISOString(),
      }))
      .where('id', '=', id)
      .where('next_attempt_time', '<=', new Date(now).toISOString())
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  async #send(row: MailQueueRow): Promise<void> {
    const attempts = row.attempts + 1;
    try {
      await this.#mailer.send({
        to: row.to_address,
        subject: row.subject,
        text: row.text,
        ...(row.reply_to ? { replyTo: row.reply_to } : {}),
      });
    } catch (error) {
      const now = this.#now();
      const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const giveUp = now - Date.parse(row.create_time) >= this.#options.giveUpAfterMs;
      const { firstRetryMs, maxRetryMs } = this.#options;
      await this.#db
        .updateTable('mail_queue')
        .set({
          last_error: lastError,
          next_attempt_time: giveUp
            ? null
            : new Date(now + retryDelay(attempts, firstRetryMs, maxRetryMs)).toISOString(),
          given_up_time: giveUp ? new Date(now).toISOString() : null,
        })
        .where('id', '=', row.id)
        .execute();
      this.#log.warn(
        { mailId: row.id, attempts, err: error, givenUp: giveUp },
        giveUp ? 'mail given up' : 'mail failed, will retry',
      );
      return;
    }
    await this.#db
      .updateTable('mail_queue')
      .set({ sent_time: new Date(this.#now()).toISOString(), next_attempt_time: null })
      .where('id', '=', row.id)
      .execute();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The outgoing mail queue of this instance; `kick()` after enqueueing sends at once. */
    mailQueue: MailQueue;
  }
}

/** Decorates `app.mailQueue`; the worker runs from onReady to onClose. */
export const mailQueuePlugin = fp<MailQueueOptions>(
  async (app: FastifyInstance, options) => {
    const queue = new MailQueue(app.ctx.db.kysely, app.ctx.mailer, app.log, options);
    app.decorate('mailQueue', queue);
    app.addHook('onReady', async () => queue.start());
    app.addHook('onClose', async () => queue.stop());
  },
  { name: 'mail-queue' },
);
