/**
 * The server's side of the render workers (src/lib/build/render-worker.ts): forks them for a
 * compilation when a job comes — one per core, up to `workers`, each rendering its share of the
 * pages — sends them jobs one at a time, and lets them go after a quiet time, so the server holds
 * none of the compiled site or the data in its own memory at rest.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { availableParallelism, totalmem } from 'node:os';
import { join } from 'node:path';
import { RENDER_CACHE_ENV } from '../../lib/shared/blog-snapshot.ts';
import type {
  CompressReply,
  RenderJob,
  RenderReply,
  WorkerJob,
} from '../../lib/shared/render-protocol.ts';
import { childEnv } from './run-node.ts';

/** The render cache's folder under the page build's work folder. */

/**
 * Render workers by default: one per core up to two, but one where memory is short (a worker is
 * ≈ 0.5 GB resident during a build; docs/benchmarks.md, "Memory").
 */
function defaultWorkers(): number {
  return totalmem() < 2 * 1024 ** 3 ? 1 : Math.min(2, availableParallelism());
}

/** The old-space limit of a render worker (MB): its data and one page at a time fit well within. */
const WORKER_HEAP_MB = 320;
/**
 * The young generation's limit (MB per semi-space). V8's default on a machine with memory to spare
 * (64) gave each worker ≈ 130 MB of young generation that rendering never needed.
 */
const WORKER_SEMI_SPACE_MB = 16;
export const RENDER_CACHE_DIR = 'render-cache';

export interface RendererOptions {
  /** The project root (the worker's script is under it). */
  readonly root: string;
  /** Where rendered articles are kept between jobs (by a hash of their Markdown). */
  readonly renderCache: string;
  /** How long idle workers stay, ready for the next change. */
  readonly idleMs: number;
  /** Workers at most (default: the cores, up to 2; one on a machine under 2 GiB of memory). */
  readonly workers?: number;
}

export type RenderResult = Extract<RenderReply, { ok: true }> & {
  /** Page files of `previous` that no page produces any more. */
  readonly removed: string[];
};

interface Worker {
  readonly child: ChildProcess;
  readonly ready: Promise<void>;
}

/** Sends a job to one worker and waits for its answer. */
function ask<R extends { id: number }>(worker: Worker, job: WorkerJob): Promise<R> {
  const { child } = worker;
  return new Promise((resolve, reject) => {
    const onMessage = (message: R) => {
      if (message.id !== job.id) return;
      cleanup();
      resolve(message);
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`render worker exited (${code}) during a job`));
    };
    const cleanup = () => {
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    child.on('message', onMessage);
    child.on('exit', onExit);
    child.send(job);
  });
}

export class Renderer {
  readonly #options: RendererOptions;
  #pool: { compiledDir: string; workers: Worker[] } | null = null;
  #idle: NodeJS.Timeout | undefined;
  #jobs = 0;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(options: RendererOptions) {
    this.#options = options;
  }

  /**
   * Renders the pages of a job with a compilation, and writes their compressed copies; jobs run
   * one after another.
   */
  render(
    compiledDir: string,
    job: Omit<RenderJob, 'id' | 'shard' | 'kind'>,
  ): Promise<RenderResult> {
    return this.#enqueue(compiledDir, async (workers, id) => {
      const replies = await Promise.all(
        workers.map((worker, index) =>
          ask<RenderReply>(worker, {
            ...job,
            kind: 'render',
            id,
            shard: { index, count: workers.length },
          }),
        ),
      );
      const failed = replies.find((reply) => !reply.ok);
      if (failed && !failed.ok) throw new Error(`render failed: ${failed.message}`);
      const done = replies.filter((reply) => reply.ok);
      const [first] = done;
      if (!first) throw new Error('render: no worker answered');
      // In page order, whatever the sharding, so the build info is the same file either way.
      const merged = Object.assign({}, ...done.map((reply) => reply.digests)) as Record<
        string,
        string
      >;
      const digests = Object.fromEntries(
        Object.keys(merged)
          .sort()
          .map((file) => [file, merged[file] as string]),
      );
      return {
        ...first,
        digests,
        written: done.flatMap((reply) => reply.written),
        removed: Object.keys(job.previous ?? {}).filter((file) => !(file in digests)),
        ms: Math.max(...done.map((reply) => reply.ms)),
      };
    });
  }

  /** Writes the compressed copies of the files at `files` (site paths) under `dir`. */
  compress(compiledDir: string, dir: string, files: readonly string[]): Promise<void> {
    return this.#enqueue(compiledDir, async (workers, id) => {
      const replies = await Promise.all(
        workers.map((worker, index) =>
          ask<CompressReply>(worker, {
            kind: 'compress',
            id,
            dir,
            files: files.filter((_, i) => i % workers.length === index),
          }),
        ),
      );
      const failed = replies.find((reply) => !reply.ok);
      if (failed && !failed.ok) throw new Error(`compress failed: ${failed.message}`);
    });
  }

  #enqueue<T>(
    compiledDir: string,
    work: (workers: Worker[], id: number) => Promise<T>,
  ): Promise<T> {
    const next = this.#queue.catch(() => undefined).then(() => this.#run(compiledDir, work));
    this.#queue = next;
    return next;
  }

  /** Stops the workers (they are started again by the next job). */
  async close(): Promise<void> {
    clearTimeout(this.#idle);
    await this.#queue.catch(() => undefined);
    this.#stop();
  }

  #stop(): void {
    const pool = this.#pool;
    this.#pool = null;
    for (const { child } of pool?.workers ?? []) if (child.exitCode === null) child.kill();
  }

  #spawn(compiledDir: string): Worker {
    const script = join(this.#options.root, 'src', 'lib', 'build', 'render-worker.ts');
    const child = fork(script, [compiledDir], {
      cwd: this.#options.root,
      env: childEnv({ NODE_ENV: 'production', [RENDER_CACHE_ENV]: this.#options.renderCache }),
      // Not the server's flags (a test runner's, a profiler's): the worker is a plain Node, whose
      // heap is capped: unbounded, V8 let each worker grow to ~1 GB over one build of 1,000
      // articles with little of it live, which is what a small VPS cannot give.
      execArgv: [
        `--max-old-space-size=${WORKER_HEAP_MB}`,
        `--max-semi-space-size=${WORKER_SEMI_SPACE_MB}`,
        '--expose-gc',
      ],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const ready = new Promise<void>((resolve, reject) => {
      child.once('message', () => resolve());
      child.once('exit', (code) => reject(new Error(`render worker exited (${code}) at start`)));
      child.once('error', reject);
    });
    // A worker that dies leaves the pool, which is made anew for the next job.
    child.once('exit', () => {
      if (this.#pool?.workers.some((w) => w.child === child)) this.#stop();
    });
    return { child, ready };
  }

  #poolFor(compiledDir: string): Worker[] {
    if (this.#pool?.compiledDir !== compiledDir) {
      this.#stop();
      const count = Math.max(1, this.#options.workers ?? defaultWorkers());
      const workers = Array.from({ length: count }, () => this.#spawn(compiledDir));
      this.#pool = { compiledDir, workers };
    }
    return this.#pool.workers;
  }

  async #run<T>(
    compiledDir: string,
    work: (workers: Worker[], id: number) => Promise<T>,
  ): Promise<T> {
    clearTimeout(this.#idle);
    const workers = this.#poolFor(compiledDir);
    try {
      await Promise.all(workers.map((w) => w.ready));
      return await work(workers, ++this.#jobs);
    } catch (error) {
      this.#stop();
      throw error;
    } finally {
      this.#idle = setTimeout(() => this.#stop(), this.#options.idleMs);
      this.#idle.unref();
    }
  }
}
