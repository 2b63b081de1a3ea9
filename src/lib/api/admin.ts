/** Calls of user management (spec §7, permission sys:user:manage), one typed function per endpoint. */
import type { Page } from '../shared/codes.ts';
import { request } from '../http.ts';
import type { ManagedUser, RoleInfo, UserListQuery } from './admin-types.ts';

/** GET /api/user/manage/info — one page of users; empty search and absent filters are not sent. */
export function listUsers(query: UserListQuery): Promise<Page<ManagedUser>> {
  const search = query.search?.trim();
  return request<Page<ManagedUser>>('get', 'user/manage/info', {
    searchParams: {
      pageNum: query.pageNum,
      pageSize: query.pageSize,
      search: search ? search : undefined,
      locked: query.locked,
      role: query.role ? query.role : undefined,
      sort: query.sort,
      order: query.order,
    },
  });
}

/** GET /api/user/manage/info/{id} — one user. */
export function getManagedUser(id: string): Promise<ManagedUser> {
  return request<ManagedUser>('get', `user/manage/info/${encodeURIComponent(id)}`);
}

/** POST /api/user/manage/lock — locks (ending their sessions) or unlocks a user. */
export function setUserLocked(id: string, isLocked: boolean): Promise<ManagedUser> {
  return request<ManagedUser>('post', 'user/manage/lock', { json: { id, isLocked } });
}

/** POST /api/user/manage/recover — mails a recovery link to the user's own address. */
export async function sendRecoveryLink(id: string): Promise<void> {
  await request<unknown>('post', 'user/manage/recover', { json: { id } });
}

/** GET /api/user/manage/role — every role with its title and permissions. */
export function listRoles(): Promise<RoleInfo[]> {
  return request<RoleInfo[]>('get', 'user/manage/role');
}

/** PUT /api/user/manage/role — replaces a user's roles (role names as GET lists them). */
export function setUserRoles(userId: string, roles: readonly string[]): Promise<ManagedUser> {
  return request<ManagedUser>('put', 'user/manage/role', { json: { userId, roles } });
}
