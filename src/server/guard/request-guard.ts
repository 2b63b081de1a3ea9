/**
 * The request guard of every route. `guardPlugin` reads the token of each /api request into
 * `request.auth` (the session lookup itself is the auth domain's SessionService, `ctx.sessions`);
 * routes check access with `requireUser` and `requirePermission` (any-of) as `onRequest` hooks, so
 * a request that may not pass is refused before its body is read. Hooks throw; they never send.
 */
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { hasAnyPermission } from '../../lib/shared/permissions.ts';
import { AppError } from '../common/app-error.ts';
import type { User } from '../user/user.schema.ts';

/** The signed-in user of a request, and which of their sessions (devices) it came with. */
export interface Authenticated {
  readonly user: User;
  readonly sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: Authenticated | null;
  }
}

export const guardPlugin = fp(
  async (app) => {
    app.decorateRequest('auth', null);
    app.addHook('onRequest', async (request) => {
      if (!request.url.startsWith('/api/')) return;
      request.auth = await app.ctx.sessions.authenticate(request.headers.authorization);
    });
  },
  { name: 'guard' },
);

/** The signed-in user of a request that passed `requireUser`. */
export function currentAuth(request: FastifyRequest): Authenticated {
  if (!request.auth) throw AppError.unauthenticated();
  return request.auth;
}

export const requireUser: onRequestAsyncHookHandler = async (request) => {
  currentAuth(request);
};

/** Passes when the user holds at least one of the permissions or role authorities named. */
export function requirePermission(...required: string[]): onRequestAsyncHookHandler {
  return async (request) => {
    const { user } = currentAuth(request);
    if (!hasAnyPermission(user.permissions, required)) throw AppError.forbidden();
  };
}
