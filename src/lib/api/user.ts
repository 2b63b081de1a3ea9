/** Calls of the user domain (spec §7), one typed function per endpoint, resolving `data`. */
import type { User } from '@/server/user/user.schema.ts';
import { request } from '../http.ts';
import type { DeviceSession, UserExtra } from './admin-types.ts';

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

// ——— The profile: user info (spec §7 User info). ———

/** GET /api/user/info/extra — whether the user has a password and a linked GitHub account. */
export function getUserExtra(): Promise<UserExtra> {
  return request<UserExtra>('get', 'user/info/extra');
}

/** PATCH /api/user/info/nickname — the updated user. */
export function updateNickname(nickname: string): Promise<User> {
  return request<User>('patch', 'user/info/nickname', { json: { nickname } });
}

export interface PasswordChange {
  /** Required when the user has a password; omitted for an account that has none yet. */
  currentPassword?: string;
  newPassword: string;
  confirmPassword: string;
}

/** PATCH /api/user/info/password — sets the password and ends every other session. */
export async function updatePassword(change: PasswordChange): Promise<void> {
  await request<unknown>('patch', 'user/info/password', { json: change });
}

/** PATCH /api/user/info/email — `code` is the one mailed to the new address; the updated user. */
export function updateEmail(email: string, code: string): Promise<User> {
  return request<User>('patch', 'user/info/email', { json: { email, code } });
}

/** PATCH /api/user/info/avatar — `avatar` is the key of a file this user uploaded. */
export function updateAvatar(avatar: string): Promise<User> {
  return request<User>('patch', 'user/info/avatar', { json: { avatar } });
}

/** GET /api/user/random/nickname[?latitude&longitude] — a random nickname (near the place, if given). */
export function randomNickname(near?: { latitude: number; longitude: number }): Promise<string> {
  return request<string>('get', 'user/random/nickname', near ? { searchParams: { ...near } } : {});
}

/** POST /api/common/captcha/email — mails a 6-digit code to the address (one per minute). */
export async function sendEmailCode(email: string): Promise<void> {
  await request<unknown>('post', 'common/captcha/email', { json: { email } });
}

// ——— The profile: devices and unlinking GitHub (spec §7 Auth; linking is in auth.ts). ———

/** GET /api/user/auth/sessions — the user's signed-in devices, this one marked `current`. */
export function listSessions(): Promise<DeviceSession[]> {
  return request<DeviceSession[]>('get', 'user/auth/sessions');
}

/** DELETE /api/user/auth/sessions/{id} — signs that device out. */
export async function revokeSession(id: string): Promise<void> {
  await request<unknown>('delete', `user/auth/sessions/${encodeURIComponent(id)}`);
}

/** DELETE /api/user/auth/sessions — signs out every device but this one. */
export async function revokeOtherSessions(): Promise<void> {
  await request<unknown>('delete', 'user/auth/sessions');
}

/** DELETE /api/user/auth/oauth2/github — unlinks GitHub (refused while the user has no password). */
export function unlinkGithub(): Promise<User> {
  return request<User>('delete', 'user/auth/oauth2/github');
}
