/**
 * The page rebuild of an instance that serves the site: the Rebuilder queue (rebuild-queue.ts)
 * follows every event of PAGE_TOPICS (made here or, through the hub, on another instance) and the
 * next scheduled article, and runs a page build (page-build.ts) that updates the changed pages in
 * the live site; its states go to SITE_BUILD_TOPIC. Made once in buildApp (`ctx.rebuilder`).
 */
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { RENDER_CACHE_DIR } from './renderer.ts';
import { SITE_BUILD_TOPIC } from '../../lib/shared/topics.ts';
import { findNextScheduledTime } from '../blog/index.ts';
import type { AppContext } from '../context.ts';
import { onTopic } from '../events/index.ts';
import { releaseMemorySoon } from '../memory.ts';
import type { StaticSite } from '../site/static-files.ts';
import { publicSettings } from './compile.ts';
import { PageBuilder, readBuildInfo } from './page-build.ts';
import { Rebuilder } from './rebuild-queue.ts';
import { Renderer } from './renderer.ts';
import { PAGE_TOPICS } from './site-data.ts';

export interface PageRebuildOptions {
  /** The project root to build from. */
  readonly root: string;
  /** Quiet time after the last change before a build starts. */
  readonly debounceMs: number;
  /** The live site (the site plugin's `app.site`, there once the app has registered it). */
  site(): StaticSite;
  readonly log: FastifyBaseLogger;
}

/** The rebuilder, following the changes until `close`; `start` arms its schedule. */
export interface PageRebuild {
  readonly rebuilder: Rebuilder;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** How long the render worker stays after a build, ready for the next change. */
const RENDERER_IDLE_MS = 60_000;

export async function pageRebuild(
  ctx: Pick<AppContext, 'config' | 'db' | 'hub' | 'now'>,
  options: PageRebuildOptions,
): Promise<PageRebuild> {
  const { config, db, hub, now } = ctx;
  const { log } = options;
  const workDir = join(config.dataDir, 'build');
  const renderer = new Renderer({
    root: options.root,
    renderCache: join(workDir, RENDER_CACHE_DIR),
    idleMs: RENDERER_IDLE_MS,
  });
  let builder: PageBuilder | null = null;
  const builderOf = () =>
    (builder ??= new PageBuilder({
      root: options.root,
      distDir: config.distDir,
      workDir,
      settings: { siteUrl: config.siteUrl, public: publicSettings(process.env) },
      db: db.kysely,
      now,
      renderer,
      site: options.site(),
      output: null,
    }));
  const info = await readBuildInfo(config.distDir);
  const rebuilder = new Rebuilder(
    {
      build: async () => {
        const built = await builderOf().build();
        if (built) {
          log.info(
            { kind: built.kind, rendered: built.rendered, ms: built.ms, steps: built.steps },
            'pages built',
          );
          built.search
            .catch((error: unknown) => log.error({ err: error }, 'search index failed'))
            .finally(releaseMemorySoon);
        }
        releaseMemorySoon();
      },
      nextScheduled: () => findNextScheduledTime(db.kysely, new Date(now()).toISOString()),
      publish: (status) => {
        hub.publish(SITE_BUILD_TOPIC, status).catch((error: unknown) => {
          log.warn({ err: error }, 'rebuild status not published');
        });
      },
      onError: (error) => log.error({ err: error }, 'page rebuild failed'),
      now,
      debounceMs: options.debounceMs,
    },
    info?.builtAt ?? null,
  );
  const unsubscribe = PAGE_TOPICS.map((topic) => onTopic(hub, topic, () => rebuilder.request()));
  return {
    rebuilder,
    start: () => rebuilder.watchSchedule(),
    async close() {
      for (const off of unsubscribe) off();
      await rebuilder.close();
      await builder?.searchIndexed().catch(() => undefined);
      await renderer.close();
    },
  };
}
