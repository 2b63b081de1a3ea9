/** Calls of the user domain (spec §7), one typed function per endpoint, resolving `data`. */
import type { User } from '../../server/user/user.schema.ts';
import { request } from '../http.ts';

/** GET /api/user/info/private — the signed-in user. */
export function getPrivateInfo(): Promise<User> {
  return request<User>('get', 'user/info/private');
}

/** POST /api/user/auth/logout (empty body) — ends this session on the server. */
export async function logout(): Promise<void> {
  await request<unknown>('post', 'user/auth/logout');
}

/** POST /api/user/auth/refresh — the new token (the old one stops working after a short grace). */
export function refreshToken(): Promise<string> {
  return request<string>('post', 'user/auth/refresh');
}

/** GET /api/user/auth/heartbeat — marks the user online. */
export async function heartbeat(): Promise<void> {
  await request<unknown>('get', 'user/auth/heartbeat');
}
