/** /api/proxy/token: client-link tokens and their access log; every route needs proxy:token:manage. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Permission } from '../../lib/shared/permissions.ts';
import { requirePermission } from '../guard/index.ts';
import { ok } from '../common/envelope.ts';
import { Envelope, ErrorEnvelope, PageOf } from '../common/envelope.schema.ts';
import { IdParamsSchema } from './node.schema.ts';
import {
  TokenBodySchema,
  TokenQuerySchema,
  TokenSchema,
  TokenSecretSchema,
  TokenUseQuerySchema,
  TokenUseSchema,
} from './token.schema.ts';
import {
  createToken,
  editToken,
  getToken,
  listTokenUses,
  listTokens,
  removeToken,
  revokeToken,
  rotateToken,
} from './token.service.ts';

const tags = ['proxy'];
const security = [{ bearer: [] }];
const denied = { 401: ErrorEnvelope, 403: ErrorEnvelope };
const byId = { params: IdParamsSchema, security, tags };

export const tokenRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', requirePermission(Permission.PROXY_TOKEN_MANAGE));

  app.get(
    '/token',
    {
      schema: {
        tags,
        summary: 'A page of tokens: search (name, notes), status filter, sorting',
        security,
        querystring: TokenQuerySchema,
        response: { 200: Envelope(PageOf(TokenSchema)), 400: ErrorEnvelope, ...denied },
      },
    },
    async ({ query }) => ok(await listTokens(app.ctx, query)),
  );

  app.get(
    '/token/:id',
    {
      schema: {
        ...byId,
        summary: 'One token (never its secret)',
        response: { 200: Envelope(TokenSchema), 404: ErrorEnvelope, ...denied },
      },
    },
    async ({ params }) => ok(await getToken(app.ctx, params.id)),
  );

  app.post(
    '/token',
    {
      schema: {
        tags,
        summary: 'Creates a token; the answer holds its secret and link, shown this once',
        security,
        body: TokenBodySchema,
        response: { 200: Envelope(TokenSecretSchema), 400: ErrorEnvelope, ...denied },
      },
    },
    async ({ body }) => ok(await createToken(app.ctx, body)),
  );

  app.put(
    '/token/:id',
    {
      schema: {
        ...byId,
        summary: "Saves a token's name, scope, expiry, daily limit and notes",
        body: TokenBodySchema,
        response: {
          200: Envelope(TokenSchema),
          400: ErrorEnvelope,
          404: ErrorEnvelope,
          ...denied,
        },
      },
    },
    async ({ params, body }) => ok(await editToken(app.ctx, params.id, body)),
  );

  app.post(
    '/token/:id/rotate',
    {
      schema: {
        ...byId,
        summary: 'Gives the token a new secret (shown this once); the old link stops working',
        response: { 200: Envelope(TokenSecretSchema), 404: ErrorEnvelope, ...denied },
      },
    },
    async ({ params }) => ok(await rotateToken(app.ctx, params.id)),
  );

  app.post(
    '/token/:id/revoke',
    {
      schema: {
        ...byId,
        summary: 'Revokes the token: its link answers as if it never existed',
        response: { 200: Envelope(TokenSchema), 404: ErrorEnvelope, ...denied },
      },
    },
    async ({ params }) => ok(await revokeToken(app.ctx, params.id)),
  );

  app.delete(
    '/token/:id',
    {
      schema: {
        ...byId,
        summary: 'Deletes the token and its access log',
        response: { 200: Envelope(Type.Null()), 404: ErrorEnvelope, ...denied },
      },
    },
    async ({ params }) => {
      await removeToken(app.ctx, params.id);
      return ok(null);
    },
  );

  app.get(
    '/token/:id/use',
    {
      schema: {
        ...byId,
        summary: "A page of the token's access log, newest first",
        querystring: TokenUseQuerySchema,
        response: {
          200: Envelope(PageOf(TokenUseSchema)),
          400: ErrorEnvelope,
          404: ErrorEnvelope,
          ...denied,
        },
      },
    },
    async ({ params, query }) => ok(await listTokenUses(app.ctx, params.id, query)),
  );
};
