/**
 * /api/blog/build: the state of the page rebuild, and a way to ask for one. When this instance
 * serves the site (`root` given), a Rebuilder follows every blog change (here or, through the hub,
 * on another instance) and the next scheduled article; its states go to SITE_BUILD_TOPIC.
 */
import { join } from 'node:path';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { BLOG_MANAGE_ANY } from '../../lib/shared/permissions.ts';
import { SITE_BUILD_TOPIC } from '../../lib/shared/site-build.ts';
import { requirePermission } from '../auth/index.ts';
import { AppError } from '../common/app-error.ts';
import { ok } from '../common/envelope.ts';
import { Envelope, ErrorEnvelope } from '../common/envelope.schema.ts';
import { findNextScheduledTime } from './article.repo.ts';
import { BLOG_TOPIC } from './article.service.ts';
import { IDLE_STATUS, Rebuilder } from './rebuild.ts';
import { buildSiteFromDb, readBuildInfo } from './site-build.ts';

export interface BuildRoutesOptions {
  /** The project root to build from; null when this instance does not serve the site. */
  readonly root: string | null;
  /** Quiet time after the last change before a build starts (default 0.5 s). */
  readonly debounceMs?: number;
}

const time = Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);
const StatusSchema = Type.Object(
  {
    state: Type.Union(
      [
        Type.Literal('idle'),
        Type.Literal('queued'),
        Type.Literal('running'),
        Type.Literal('done'),
        Type.Literal('failed'),
      ],
      { description: 'idle | queued | running (a queued one may follow) | done | failed' },
    ),
    queuedAt: time,
    startedAt: time,
    finishedAt: time,
    ms: Type.Union([Type.Integer(), Type.Null()]),
    error: Type.Union([Type.String(), Type.Null()], { description: 'The tail of the build log' }),
    builtAt: time,
  },
  { additionalProperties: false },
);

export const buildRoutes: FastifyPluginAsyncTypebox<BuildRoutesOptions> = async (app, options) => {
  const { config, db, hub, sessions } = app.ctx;
  let rebuilder: Rebuilder | null = null;
  const root = options.root;
  if (root !== null) {
    const info = await readBuildInfo(config.distDir);
    const now = () => sessions.now();
    rebuilder = new Rebuilder(
      {
        build: async () => {
          const built = await buildSiteFromDb({
            root,
            distDir: config.distDir,
            siteUrl: config.siteUrl,
            workDir: join(config.dataDir, 'build'),
            db: db.kysely,
            now,
            output: null,
            // A draft saved or renamed tag with no visible article changes no page.
            onlyIfChanged: true,
          });
          if (built) await app.site.reload(config.distDir);
        },
        nextScheduled: () => findNextScheduledTime(db.kysely, new Date(now()).toISOString()),
        publish: (status) => {
          hub.publish(SITE_BUILD_TOPIC, status).catch((error: unknown) => {
            app.log.warn({ err: error }, 'rebuild status not published');
          });
        },
        onError: (error) => app.log.error({ err: error }, 'site rebuild failed'),
        now,
        debounceMs: options.debounceMs ?? 500,
      },
      info?.builtAt ?? null,
    );
    const live = rebuilder;
    const unsubscribe = hub.subscribe((event) => {
      if (event.topic === BLOG_TOPIC) live.request();
    });
    app.addHook('onReady', async () => live.watchSchedule());
    app.addHook('onClose', async () => {
      unsubscribe();
      await live.close();
    });
  }

  const manage = requirePermission(...BLOG_MANAGE_ANY);
  const tags = ['blog'];
  const security = [{ bearer: [] }];

  app.get(
    '/build',
    {
      preHandler: manage,
      schema: {
        tags,
        security,
        summary: 'The state of the page rebuild that follows content changes',
        response: { 200: Envelope(StatusSchema), 401: ErrorEnvelope, 403: ErrorEnvelope },
      },
    },
    async () => ok(rebuilder?.status ?? IDLE_STATUS),
  );

  app.post(
    '/build',
    {
      preHandler: manage,
      schema: {
        tags,
        security,
        summary: 'Queues a rebuild of the pages now (they are also rebuilt after every change)',
        response: {
          200: Envelope(StatusSchema),
          401: ErrorEnvelope,
          403: ErrorEnvelope,
          409: ErrorEnvelope,
        },
      },
    },
    async () => {
      if (rebuilder === null) {
        throw AppError.refused('这个实例不提供页面 / This instance does not serve the pages');
      }
      rebuilder.request();
      return ok(rebuilder.status);
    },
  );
};
