/** /api/proxy/node: the proxy admin's nodes; every route needs proxy:node:manage. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Permission } from '../../lib/shared/permissions.ts';
import { requirePermission } from '../guard/index.ts';
import { ok } from '../common/envelope.ts';
import { Envelope, ErrorEnvelope, PageOf } from '../common/envelope.schema.ts';
import {
  IdParamsSchema,
  NodeCreatedSchema,
  NodeLinksBodySchema,
  NodePreviewSchema,
  NodeQuerySchema,
  NodeSchema,
  NodeUpdateBodySchema,
} from './node.schema.ts';
import {
  createNodes,
  editNode,
  getNode,
  listNodes,
  previewLinks,
  removeNode,
} from './node.service.ts';

const tags = ['proxy'];
const security = [{ bearer: [] }];
const denied = { 401: ErrorEnvelope, 403: ErrorEnvelope };

export const nodeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', requirePermission(Permission.PROXY_NODE_MANAGE));

  app.get(
    '/node',
    {
      schema: {
        tags,
        summary:
          'A page of nodes: search (name, server), filters (type, region, subscription), sorting',
        security,
        querystring: NodeQuerySchema,
        response: { 200: Envelope(PageOf(NodeSchema)), 400: ErrorEnvelope, ...denied },
      },
    },
    async ({ query }) => ok(await listNodes(app.ctx, query)),
  );

  app.get(
    '/node/:id',
    {
      schema: {
        tags,
        summary: 'One node with every field and its share link',
        security,
        params: IdParamsSchema,
        response: { 200: Envelope(NodeSchema), 404: ErrorEnvelope, ...denied },
      },
    },
    async ({ params }) => ok(await getNode(app.ctx, params.id)),
  );

  app.post(
    '/node/preview',
    {
      schema: {
        tags,
        summary:
          'Reads pasted share links (one per line) without saving: what parsed, what did not and why',
        security,
        body: NodeLinksBodySchema,
        response: { 200: Envelope(NodePreviewSchema), 400: ErrorEnvelope, ...denied },
      },
    },
    async ({ body }) => ok(previewLinks(body.links)),
  );

  app.post(
    '/node',
    {
      schema: {
        tags,
        summary:
          'Saves every pasted share link that parses; answers the lines that did not, with why',
        security,
        body: NodeLinksBodySchema,
        response: { 200: Envelope(NodeCreatedSchema), 400: ErrorEnvelope, ...denied },
      },
    },
    async ({ body }) => ok(await createNodes(app.ctx, body.links)),
  );

  app.put(
    '/node/:id',
    {
      schema: {
        tags,
        summary:
          "Saves a node's fields (its type stays); a synced node is detached from its subscription",
        security,
        params: IdParamsSchema,
        body: NodeUpdateBodySchema,
        response: {
          200: Envelope(NodeSchema),
          400: ErrorEnvelope,
          404: ErrorEnvelope,
          ...denied,
        },
      },
    },
    async ({ params, body }) => ok(await editNode(app.ctx, params.id, body)),
  );

  app.delete(
    '/node/:id',
    {
      schema: {
        tags,
        summary: 'Deletes a node',
        security,
        params: IdParamsSchema,
        response: { 200: Envelope(Type.Null()), 404: ErrorEnvelope, ...denied },
      },
    },
    async ({ params }) => {
      await removeNode(app.ctx, params.id);
      return ok(null);
    },
  );
};
