/**
 * Per-route limits on @fastify/rate-limit (in Redis when configured, so they hold across
 * instances). Each limit counts under its own name: limiters made with `app.rateLimit()` alone
 * would share one counter per client. Every refusal is the envelope's -429 with a retry time.
 *
 * @fastify/rate-limit runs only the first of its hooks on a request, so a route's second limit
 * (e.g. per user, then per address) is `alsoLimited`: the same count, kept in the Kv store.
 */
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Code } from '../../lib/shared/codes.ts';
import { AppError } from './app-error.ts';

export function tooManyRequests(retryAfterMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new AppError(
    Code.TOO_MANY_REQUESTS,
    429,
    `请求过于频繁，请 ${seconds} 秒后再试 / Too many requests, retry in ${seconds} s`,
    { retryAfterSeconds: seconds },
  );
}

/**
 * The address a limit counts: IPv4 as is, IPv6 by its network prefix (one host usually holds a
 * whole /64, so counting single IPv6 addresses would let it rotate past every limit).
 */
export function addressKey(ip: string): string {
  return normalizeIP(ip);
}

export interface Limit {
  readonly max: number;
  readonly windowMs: number;
  /** Count per client address (default) or per signed-in user (falling back to the address). */
  readonly per?: 'ip' | 'user';
}

function subject(request: FastifyRequest, per: Limit['per']): string {
  return per === 'user' && request.auth ? `u:${request.auth.user.id}` : addressKey(request.ip);
}

/** A hook enforcing `limit` under `name`; use it as a route's onRequest or preHandler. */
export function rateLimited(app: FastifyInstance, name: string, limit: Limit) {
  return app.rateLimit({
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: (request) => `${name}:${subject(request, limit.per)}`,
    errorResponseBuilder: (_request, context) => tooManyRequests(context.ttl),
  });
}

/** A further limit on a route that already has a `rateLimited` one (see the module comment). */
export function alsoLimited(app: FastifyInstance, name: string, limit: Limit) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const key = `rate:${name}:${subject(request, limit.per)}`;
    const count = await app.ctx.kv.incr(key, limit.windowMs);
    if (count <= limit.max) return;
    const ttl = await app.ctx.kv.ttl(key);
    void reply.header('retry-after', String(Math.max(1, Math.ceil(ttl / 1000))));
    throw tooManyRequests(ttl);
  };
}
