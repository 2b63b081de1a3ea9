import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../common/envelope.ts';
import { Envelope, TokenSchema } from '../common/envelope.schema.ts';
import { currentAuth, requireUser } from './auth.plugin.ts';

const security = [{ bearer: [] }];

export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/logout',
    {
      preHandler: requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Sign out this device: its token stops working at once',
        security,
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (request) => {
      await app.ctx.sessions.revoke(currentAuth(request).sessionId);
      return ok(null);
    },
  );

  app.post(
    '/refresh',
    {
      preHandler: requireUser,
      schema: {
        tags: ['auth'],
        summary: 'A new token for this session; the old one works for a short grace period',
        security,
        response: { 200: Envelope(TokenSchema) },
      },
    },
    async (request) => ok(await app.ctx.sessions.refresh(currentAuth(request).sessionId)),
  );

  app.get(
    '/heartbeat',
    {
      preHandler: requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Marks the user online (every 10 s from each open page)',
        security,
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (request) => {
      await app.ctx.presence.beat(currentAuth(request).user.id);
      return ok(null);
    },
  );
};
