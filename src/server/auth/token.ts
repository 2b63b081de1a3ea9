/** Session tokens: 256 random bits, base64url; the database keeps only their SHA-256. */
import { createHash, randomBytes } from 'node:crypto';

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export type ParsedToken =
  { kind: 'none' } | { kind: 'malformed' } | { kind: 'token'; token: string };

/** Reads `Authorization: Bearer <token>` or a bare `<token>`. */
export function parseAuthorization(header: string | undefined): ParsedToken {
  const value = header?.trim();
  if (!value) return { kind: 'none' };
  const token = value.replace(/^Bearer\s+/i, '');
  return TOKEN_PATTERN.test(token) ? { kind: 'token', token } : { kind: 'malformed' };
}
