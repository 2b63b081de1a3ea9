import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { rateLimited } from '../common/rate-limit.ts';
import { Envelope, ErrorEnvelope, ok } from '../common/index.ts';
import { locateIp } from './ip-location.ts';
import { IpLocationSchema } from './location.schema.ts';

/** /api/common/ip-location */
export const locationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/ip-location',
    {
      onRequest: rateLimited(app, 'ip-location', { max: 20, windowMs: 60_000 }),
      schema: {
        tags: ['common'],
        summary:
          "The caller's approximate position from their IP address; code 0 when no location service is configured",
        response: {
          200: Envelope(IpLocationSchema),
          404: ErrorEnvelope,
          502: ErrorEnvelope,
          503: ErrorEnvelope,
        },
      },
    },
    async (request) => ok(await locateIp(app.ctx, request.ip)),
  );
};
