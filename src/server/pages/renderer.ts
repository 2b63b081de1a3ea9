/**
 * The server's side of the render worker (src/lib/build/render-worker.ts): forks it for a
 * compilation when a job comes, sends it jobs one at a time, and lets it go after a quiet time,
 * so the server holds none of the compiled site or the data in its own memory at rest.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { RENDER_CACHE_ENV } from '../../lib/shared/blog-snapshot.ts';
import type { RenderJob, RenderReply } from '../../lib/shared/render-protocol.ts';
import { childEnv } from './run-node.ts';

/** The render cache's folder under the page build's work folder. */
export const RENDER_CACHE_DIR = 'render-cache';

export interface RendererOptions {
  /** The project root (the worker's script is under it). */
  readonly root: string;
  /** Where rendered articles are kept between jobs (by a hash of their Markdown). */
  readonly renderCache: string;
  /** How long an idle worker stays, ready for the next change. */
  readonly idleMs: number;
}

export type RenderResult = Extract<RenderReply, { ok: true }>;

interface Worker {
  readonly compiledDir: string;
  readonly child: ChildProcess;
  readonly ready: Promise<void>;
}

export class Renderer {
  readonly #options: RendererOptions;
  #worker: Worker | null = null;
  #idle: NodeJS.Timeout | undefined;
  #jobs = 0;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(options: RendererOptions) {
    this.#options = options;
  }

  /** Renders the pages of a job with a compilation; jobs run one after another. */
  render(compiledDir: string, job: Omit<RenderJob, 'id'>): Promise<RenderResult> {
    const next = this.#queue.catch(() => undefined).then(() => this.#run(compiledDir, job));
    this.#queue = next;
    return next;
  }

  /** Stops the worker (it is started again by the next job). */
  async close(): Promise<void> {
    clearTimeout(this.#idle);
    await this.#queue.catch(() => undefined);
    this.#stop();
  }

  #stop(): void {
    const worker = this.#worker;
    this.#worker = null;
    if (worker && worker.child.exitCode === null) worker.child.kill();
  }

  #start(compiledDir: string): Worker {
    const script = join(this.#options.root, 'src', 'lib', 'build', 'render-worker.ts');
    const child = fork(script, [compiledDir], {
      cwd: this.#options.root,
      env: childEnv({ NODE_ENV: 'production', [RENDER_CACHE_ENV]: this.#options.renderCache }),
      // Not the server's flags (a test runner's, a profiler's): the worker is a plain Node.
      execArgv: [],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const ready = new Promise<void>((resolve, reject) => {
      child.once('message', () => resolve());
      child.once('exit', (code) => reject(new Error(`render worker exited (${code}) at start`)));
      child.once('error', reject);
    });
    child.once('exit', () => {
      if (this.#worker?.child === child) this.#worker = null;
    });
    return { compiledDir, child, ready };
  }

  async #run(compiledDir: string, job: Omit<RenderJob, 'id'>): Promise<RenderResult> {
    clearTimeout(this.#idle);
    if (this.#worker && this.#worker.compiledDir !== compiledDir) this.#stop();
    this.#worker ??= this.#start(compiledDir);
    const { child, ready } = this.#worker;
    try {
      await ready;
      const id = ++this.#jobs;
      const reply = await new Promise<RenderReply>((resolve, reject) => {
        const onMessage = (message: RenderReply) => {
          if (message.id !== id) return;
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
        child.send({ ...job, id } satisfies RenderJob);
      });
      if (!reply.ok) throw new Error(`render failed: ${reply.message}`);
      return reply;
    } catch (error) {
      this.#stop();
      throw error;
    } finally {
      this.#idle = setTimeout(() => this.#stop(), this.#options.idleMs);
      this.#idle.unref();
    }
  }
}
