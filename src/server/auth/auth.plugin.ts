/**
 * Reads the token of every /api request into `request.auth`, and gives routes the checks
 * `requireUser` and `requirePermission` (any-of semantics). Hooks throw; they never send.
 */
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { hasAnyPermission } from '../../lib/shared/permissions.ts';
import { AppError } from '../common/app-error.ts';
import type { Authenticated } from './session.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth: Authenticated | null;
  }
}

export const authPlugin = fp(
  async (app) => {
    app.decorateRequest('auth', null);
    app.addHook('onRequest', async (request) => {
      if (!request.url.startsWith('/api/')) return;
      request.auth = await app.ctx.sessions.authenticate(request.headers.authorization);
    });
  },
  { name: 'auth' },
);

/** The signed-in user of a request that passed `requireUser`. */
export function currentAuth(request: FastifyRequest): Authenticated {
  if (!request.auth) throw AppError.unauthenticated();
  return request.auth;
}

export const requireUser: preHandlerAsyncHookHandler = async (
  request: FastifyRequest,
  _reply: FastifyReply,
) => {
  currentAuth(request);
};

/** Passes when the user holds at least one of the permissions or role authorities named. */
export function requirePermission(...required: string[]): preHandlerAsyncHookHandler {
  return async (request: FastifyRequest) => {
    const { user } = currentAuth(request);
    if (!hasAnyPermission(user.permissions, required)) throw AppError.forbidden();
  };
}
