import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { AppError } from '../common/app-error.ts';
import { ok } from '../common/envelope.ts';
import { Envelope, TokenSchema } from '../common/envelope.schema.ts';
import { currentAuth, requireUser } from '../guard/index.ts';
import { DeviceSessionSchema, Failure, SessionIdParamsSchema } from './auth.schema.ts';

const security = [{ bearer: [] }];

/**
 * /api/user/auth: the session's own endpoints (sign-in flows are account.routes.ts, GitHub is
 * github.routes.ts, under the same prefix).
 */
export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/logout',
    {
      onRequest: requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Sign out this device: its token stops working at once',
        security,
        response: { 200: Envelope(Type.Null()), 401: Failure() },
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
      onRequest: requireUser,
      schema: {
        tags: ['auth'],
        summary: 'A new token for this session; the old one works for a short grace period',
        security,
        response: { 200: Envelope(TokenSchema), 401: Failure() },
      },
    },
    async (request) => ok(await app.ctx.sessions.refresh(currentAuth(request).sessionId)),
  );

  app.get(
    '/heartbeat',
    {
      onRequest: requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Marks the user online (every 10 s from each open page)',
        security,
        response: { 200: Envelope(Type.Null()), 401: Failure() },
      },
    },
    async (request) => {
      await app.ctx.presence.beat(currentAuth(request).user.id);
      return ok(null);
    },
  );
  app.get(
    '/sessions',
    {
      onRequest: requireUser,
      schema: {
        tags: ['auth'],
        summary: "The signed-in user's devices, most recently seen first",
        security,
        response: { 200: Envelope(Type.Array(DeviceSessionSchema)), 401: Failure() },
      },
    },
    async (request) => {
      const { user, sessionId } = currentAuth(request);
      return ok(await app.ctx.sessions.listOf(user.id, sessionId));
    },
  );

  app.delete(
    '/sessions/:id',
    {
      onRequest: requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Signs out one of your devices (-404 for any session that is not yours)',
        security,
        params: SessionIdParamsSchema,
        response: { 200: Envelope(Type.Null()), 400: Failure(), 401: Failure(), 404: Failure() },
      },
    },
    async (request) => {
      const { user } = currentAuth(request);
      const own = await app.ctx.sessions.listOf(user.id);
      if (!own.some((session) => session.id === request.params.id)) {
        throw AppError.notFound('会话不存在 / No such session');
      }
      await app.ctx.sessions.revoke(request.params.id);
      return ok(null);
    },
  );

  app.delete(
    '/sessions',
    {
      onRequest: requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Signs out every other device; this one stays signed in',
        security,
        response: { 200: Envelope(Type.Null()), 401: Failure() },
      },
    },
    async (request) => {
      const { user, sessionId } = currentAuth(request);
      await app.ctx.sessions.revokeAllOf(user.id, 'revoked', sessionId);
      return ok(null);
    },
  );
};
