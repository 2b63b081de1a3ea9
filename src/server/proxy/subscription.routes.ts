/** /api/proxy/sub: upstream subscriptions; every route needs proxy:sub:manage. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Permission } from '../../lib/shared/permissions.ts';
import { requirePermission } from '../guard/index.ts';
import { ok } from '../common/envelope.ts';
import { Envelope, ErrorEnvelope, PageOf } from '../common/envelope.schema.ts';
import { IdParamsSchema } from './node.schema.ts';
import {
  SubscriptionBodySchema,
  SubscriptionQuerySchema,
  SubscriptionSchema,
  SyncedSubscriptionSchema,
} from './subscription.schema.ts';
import {
  createSubscription,
  editSubscription,
  getSubscription,
  listSubscriptions,
  removeSubscription,
  syncNow,
} from './subscription.service.ts';

const tags = ['proxy'];
const security = [{ bearer: [] }];
const denied = { 401: ErrorEnvelope, 403: ErrorEnvelope };

export const subscriptionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', requirePermission(Permission.PROXY_SUB_MANAGE));

  app.get(
    '/sub',
    {
      schema: {
        tags,
        summary: 'A page of subscriptions with their node counts, quota and last sync',
        security,
        querystring: SubscriptionQuerySchema,
        response: { 200: Envelope(PageOf(SubscriptionSchema)), 400: ErrorEnvelope, ...denied },
      },
    },
    async ({ query }) => ok(await listSubscriptions(app.ctx, query)),
  );

  app.get(
    '/sub/:id',
    {
      schema: {
        tags,
        summary: 'One subscription',
        security,
        params: IdParamsSchema,
        response: { 200: Envelope(SubscriptionSchema), 404: ErrorEnvelope, ...denied },
      },
    },
    async ({ params }) => ok(await getSubscription(app.ctx, params.id)),
  );

  app.post(
    '/sub',
    {
      schema: {
        tags,
        summary: 'Adds a subscription and syncs it at once (the answer carries the result)',
        security,
        body: SubscriptionBodySchema,
        response: { 200: Envelope(SyncedSubscriptionSchema), 400: ErrorEnvelope, ...denied },
      },
    },
    async ({ body }) => ok(await createSubscription(app.ctx, body)),
  );

  app.put(
    '/sub/:id',
    {
      schema: {
        tags,
        summary: 'Saves the options of a subscription and syncs it in full',
        security,
        params: IdParamsSchema,
        body: SubscriptionBodySchema,
        response: {
          200: Envelope(SyncedSubscriptionSchema),
          400: ErrorEnvelope,
          404: ErrorEnvelope,
          ...denied,
        },
      },
    },
    async ({ params, body }) => ok(await editSubscription(app.ctx, params.id, body)),
  );

  app.post(
    '/sub/:id/sync',
    {
      schema: {
        tags,
        summary: 'Syncs a subscription now (synced: false when a sync of it is already running)',
        security,
        params: IdParamsSchema,
        response: { 200: Envelope(SyncedSubscriptionSchema), 404: ErrorEnvelope, ...denied },
      },
    },
    async ({ params }) => ok(await syncNow(app.ctx, params.id)),
  );

  app.delete(
    '/sub/:id',
    {
      schema: {
        tags,
        summary: 'Deletes a subscription and its nodes',
        security,
        params: IdParamsSchema,
        response: { 200: Envelope(Type.Null()), 404: ErrorEnvelope, ...denied },
      },
    },
    async ({ params }) => {
      await removeSubscription(app.ctx, params.id);
      return ok(null);
    },
  );
};
