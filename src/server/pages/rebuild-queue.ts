/**
 * The rebuild queue: content changes ask for a rebuild; requests are debounced, one build runs at
 * a time (a request during a build queues exactly one more), and every state change is published
 * (queued, running, done, failed with the log's tail). A timer asks for a rebuild when the next
 * scheduled article reaches its time.
 */
import {
  IDLE_BUILD_STATUS,
  type SiteBuildState,
  type SiteBuildStatus,
} from '../../lib/shared/site-build.ts';

export interface RebuilderDeps {
  /** Builds and swaps in the new pages. */
  build(): Promise<void>;
  /** The publish time (ISO 8601) of the next scheduled article still in the future. */
  nextScheduled(): Promise<string | null>;
  publish(status: SiteBuildStatus): void;
  onError(error: unknown): void;
  now(): number;
  /** Quiet time after the last request before a build starts. */
  readonly debounceMs: number;
}

/** The longest delay setTimeout takes (about 24.8 days); later times are re-checked then. */
const MAX_TIMEOUT = 2 ** 31 - 1;
/** The tail of a failed build's log kept for the managers. */
const ERROR_TAIL = 2000;

export class Rebuilder {
  #status: SiteBuildStatus = IDLE_BUILD_STATUS;
  readonly #deps: RebuilderDeps;
  #debounce: NodeJS.Timeout | undefined;
  #scheduled: NodeJS.Timeout | undefined;
  #running: Promise<void> | null = null;
  #again = false;
  #closed = false;

  constructor(deps: RebuilderDeps, builtAt: string | null = null) {
    this.#deps = deps;
    this.#status = { ...this.#status, builtAt };
  }

  get status(): SiteBuildStatus {
    return this.#status;
  }

  /** Asks for a rebuild (debounced; during a build, one more follows it). */
  request(): void {
    if (this.#closed) return;
    if (this.#running) {
      this.#again = true;
      if (this.#status.queuedAt === null) this.#set('running', { queuedAt: this.#iso() });
      return;
    }
    clearTimeout(this.#debounce);
    if (this.#status.state !== 'queued') this.#set('queued', { queuedAt: this.#iso() });
    this.#debounce = setTimeout(() => this.#start(), this.#deps.debounceMs);
    this.#debounce.unref();
  }

  /** Arms the timer for the next scheduled article (call after start and after each build). */
  async watchSchedule(): Promise<void> {
    clearTimeout(this.#scheduled);
    if (this.#closed) return;
    const next = await this.#deps.nextScheduled();
    if (next === null || this.#closed) return;
    const wait = Math.max(0, Date.parse(next) - this.#deps.now());
    this.#scheduled = setTimeout(
      () =>
        wait > MAX_TIMEOUT ? void this.watchSchedule().catch(this.#deps.onError) : this.request(),
      // A little after the time, so the article is visible when the snapshot is taken.
      Math.min(wait + 1000, MAX_TIMEOUT),
    );
    this.#scheduled.unref();
  }

  /** Stops the timers and waits for a running build. */
  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#debounce);
    clearTimeout(this.#scheduled);
    await this.#running?.catch(() => undefined);
  }

  #start(): void {
    this.#running = this.#run().finally(() => {
      this.#running = null;
      if (this.#again && !this.#closed) {
        this.#again = false;
        this.request();
      }
    });
  }

  async #run(): Promise<void> {
    const started = this.#deps.now();
    this.#set('running', {
      startedAt: this.#iso(),
      finishedAt: null,
      ms: null,
      error: null,
      queuedAt: null,
    });
    try {
      await this.#deps.build();
      const finishedAt = this.#iso();
      this.#set('done', {
        finishedAt,
        ms: this.#deps.now() - started,
        builtAt: new Date(started).toISOString(),
      });
    } catch (error) {
      this.#deps.onError(error);
      const message = error instanceof Error ? error.message : String(error);
      this.#set('failed', {
        finishedAt: this.#iso(),
        ms: this.#deps.now() - started,
        error: message.slice(-ERROR_TAIL),
      });
    }
    await this.watchSchedule().catch(this.#deps.onError);
  }

  #iso(): string {
    return new Date(this.#deps.now()).toISOString();
  }

  #set(state: SiteBuildState, changes: Partial<SiteBuildStatus>): void {
    this.#status = { ...this.#status, ...changes, state };
    this.#deps.publish(this.#status);
  }
}
