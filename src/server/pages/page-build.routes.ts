/**
 * /api/blog/build: the state of the page rebuild, and a way to ask for one (the rebuild itself is
 * page-rebuild.ts, `ctx.rebuilder`: only on an instance that serves the site).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { BLOG_MANAGE_ANY } from '../../lib/shared/permissions.ts';
import { IDLE_BUILD_STATUS } from '../../lib/shared/site-build.ts';
import { requirePermission } from '../guard/index.ts';
import { AppError } from '../common/app-error.ts';
import { ok } from '../common/envelope.ts';
import { Envelope, ErrorEnvelope } from '../common/envelope.schema.ts';

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

export const pageBuildRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { rebuilder } = app.ctx;
  const manage = requirePermission(...BLOG_MANAGE_ANY);
  const tags = ['blog'];
  const security = [{ bearer: [] }];

  app.get(
    '/build',
    {
      onRequest: manage,
      schema: {
        tags,
        security,
        summary: 'The state of the page rebuild that follows content changes',
        response: { 200: Envelope(StatusSchema), 401: ErrorEnvelope, 403: ErrorEnvelope },
      },
    },
    async () => ok(rebuilder?.status ?? IDLE_BUILD_STATUS),
  );

  app.post(
    '/build',
    {
      onRequest: manage,
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
