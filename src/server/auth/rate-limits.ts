/**
 * Per-IP caps on the sign-in endpoints (@fastify/rate-limit; in Redis when configured, so they hold
 * across instances). They answer -429 with `data.retryAfterSeconds`. The login throttle
 * (login-throttle.ts) does the finer work per account; these only bound the volume per address.
 */
import type { FastifyInstance } from 'fastify';
import { rateLimited } from '../common/rate-limit.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const AUTH_RATE_LIMITS = {
  register: { max: 10, windowMs: HOUR },
  login: { max: 30, windowMs: 15 * MINUTE },
  recoverInitiate: { max: 5, windowMs: HOUR },
  recoverCheck: { max: 30, windowMs: 15 * MINUTE },
  recoverComplete: { max: 10, windowMs: 15 * MINUTE },
  githubAuthorize: { max: 30, windowMs: 15 * MINUTE },
  githubCallback: { max: 30, windowMs: 15 * MINUTE },
} as const;

export type AuthLimitName = keyof typeof AUTH_RATE_LIMITS;

/** The hook that enforces one of AUTH_RATE_LIMITS, counted per client address. */
export function authRateLimit(app: FastifyInstance, name: AuthLimitName) {
  return rateLimited(app, `auth-${name}`, AUTH_RATE_LIMITS[name]);
}
