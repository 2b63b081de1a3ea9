/**
 * The page rebuild of an instance that serves the site: a Rebuilder (rebuild.ts) that follows
 * every blog change (made here or, through the hub, on another instance) and the next scheduled
 * article, builds the pages from the database and swaps them in; its states go to
 * SITE_BUILD_TOPIC. Made once in buildApp (`ctx.rebuilder`).
 */
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { BLOG_TOPIC, SITE_BUILD_TOPIC } from '../../lib/shared/topics.ts';
import type { AppContext } from '../context.ts';
import { onTopic } from '../events/index.ts';
import { findNextScheduledTime } from './article.repo.ts';
import { Rebuilder } from './rebuild.ts';
import { buildSiteFromDb, readBuildInfo } from './site-build.ts';

export interface SiteRebuildOptions {
  /** The project root to build from. */
  readonly root: string;
  /** Quiet time after the last change before a build starts. */
  readonly debounceMs: number;
  /** Swaps the new pages in (the site plugin's `site.reload`). */
  reload(distDir: string): Promise<unknown>;
  readonly log: FastifyBaseLogger;
}

/** The rebuilder, following the blog's changes until `close`; `start` arms its schedule. */
export interface SiteRebuild {
  readonly rebuilder: Rebuilder;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function siteRebuild(
  ctx: Pick<AppContext, 'config' | 'db' | 'hub' | 'now'>,
  options: SiteRebuildOptions,
): Promise<SiteRebuild> {
  const { config, db, hub, now } = ctx;
  const { log } = options;
  const info = await readBuildInfo(config.distDir);
  const rebuilder = new Rebuilder(
    {
      build: async () => {
        const built = await buildSiteFromDb({
          root: options.root,
          distDir: config.distDir,
          siteUrl: config.siteUrl,
          workDir: join(config.dataDir, 'build'),
          db: db.kysely,
          now,
          output: null,
          // A draft saved or renamed tag with no visible article changes no page.
          onlyIfChanged: true,
        });
        if (built) await options.reload(config.distDir);
      },
      nextScheduled: () => findNextScheduledTime(db.kysely, new Date(now()).toISOString()),
      publish: (status) => {
        hub.publish(SITE_BUILD_TOPIC, status).catch((error: unknown) => {
          log.warn({ err: error }, 'rebuild status not published');
        });
      },
      onError: (error) => log.error({ err: error }, 'site rebuild failed'),
      now,
      debounceMs: options.debounceMs,
    },
    info?.builtAt ?? null,
  );
  const unsubscribe = onTopic(hub, BLOG_TOPIC, () => rebuilder.request());
  return {
    rebuilder,
    start: () => rebuilder.watchSchedule(),
    async close() {
      unsubscribe();
      await rebuilder.close();
    },
  };
}
