/**
 * Input no schema can refuse, checked once for every route after validation: numbers that are
 * not finite (ajv coerces the query string `Infinity` or `1e309` to a number and then skips
 * `minimum`/`maximum`, so they reached handlers and broke the serializer) and NUL characters
 * (PostgreSQL cannot store them in text and fails the whole statement). Both answer -400 naming
 * the field, like any other validation failure.
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

const MAX_DEPTH = 64;

/** The first offending field of a value, as `part.a.b: what`, or null. */
export function findBadInput(part: string, value: unknown, depth = 0): string | null {
  if (typeof value === 'number') {
    return Number.isFinite(value) ? null : `${part}: must be a finite number`;
  }
  if (typeof value === 'string') {
    return value.includes('\u0000') ? `${part}: must not contain a NUL character` : null;
  }
  if (typeof value !== 'object' || value === null || depth > MAX_DEPTH) return null;
  if (ArrayBuffer.isView(value)) return null; // a raw body: bytes, not fields
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000')) return `${part}: a field name must not contain a NUL character`;
    const found = findBadInput(`${part}.${key}`, inner, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * A `preHandler` hook for the whole app: -400 for the first bad value in the params, query or body
 * of an /api request (a page path with a NUL byte is left to the site, which answers its 404 page).
 */
export async function guardInput(request: FastifyRequest): Promise<void> {
  if (!request.url.startsWith('/api')) return;
  const found =
    findBadInput('params', request.params) ??
    findBadInput('querystring', request.query) ??
    findBadInput('body', request.body);
  if (found !== null) throw AppError.badRequest(found);
}
