/**
 * The user table's state in the page's address (`?page=2&q=ann&sort=username…`, read and written
 * as every list does: common/list/list-query.ts), and the roles and ids the admin pages read.
 */
import type { UserListQuery, UserSort } from '@/lib/api/admin-types.ts';
import { idFromEditPath } from '@/lib/edit-path.ts';
import { USER_SEARCH_MAX } from '@/lib/shared/limits.ts';
import { paths } from '@/lib/shared/paths.ts';
import {
  DEFAULT_PAGE_SIZE,
  readPaging,
  readSorting,
  toggleSort as toggleColumn,
  writePaging,
  writeSorting,
  type Paging,
  type Sorting,
} from '../common/list/list-query.ts';

export const SORTS: readonly UserSort[] = ['createTime', 'username', 'updateTime'];

export interface UserListState extends Paging, Sorting<UserSort> {
  /** '' = either. */
  locked: '' | 'true' | 'false';
  /** '' = any role. */
  role: string;
}

export const DEFAULT_LIST_STATE: UserListState = {
  pageNum: 1,
  pageSize: DEFAULT_PAGE_SIZE,
  search: '',
  locked: '',
  role: '',
  sort: 'createTime',
  order: 'desc',
};

export function parseListState(search: string): UserListState {
  const params = new URLSearchParams(search);
  const locked = params.get('locked');
  return {
    ...readPaging(params, USER_SEARCH_MAX),
    locked: locked === 'true' || locked === 'false' ? locked : '',
    role: (params.get('role') ?? '').slice(0, USER_SEARCH_MAX),
    ...readSorting(params, SORTS, DEFAULT_LIST_STATE),
  };
}

/** The address query for a state (without `?`); defaults are left out. */
export function formatListState(state: UserListState): string {
  const params = new URLSearchParams();
  writePaging(params, state);
  if (state.locked !== '') params.set('locked', state.locked);
  if (state.role !== '') params.set('role', state.role);
  writeSorting(params, state, DEFAULT_LIST_STATE);
  return params.toString();
}

/** The API query for a state. */
export function toUserListQuery(state: UserListState): UserListQuery {
  return {
    pageNum: state.pageNum,
    pageSize: state.pageSize,
    search: state.search.trim() || undefined,
    locked: state.locked === '' ? undefined : state.locked === 'true',
    role: state.role || undefined,
    sort: state.sort,
    order: state.order,
  };
}

/** The users sorted by another column (names A→Z first, dates newest first), back at page 1. */
export function toggleSort(state: UserListState, sort: UserSort): UserListState {
  return { ...toggleColumn(state, sort, ['username']), pageNum: 1 };
}

/** The authority a role name stands for in a user's `permissions` (`super_admin` → `ROLE_super_admin`). */
export function roleAuthority(name: string): string {
  return name.startsWith('ROLE_') ? name : `ROLE_${name}`;
}

/** The names of the roles (from the role list) that a user's permissions include. */
export function rolesOf(
  permissions: readonly string[],
  roles: readonly { name: string }[],
): string[] {
  return roles.filter((r) => permissions.includes(roleAuthority(r.name))).map((r) => r.name);
}

/** Role names straight from a permission list (`ROLE_x` → `x`), when the role list is not loaded. */
export function roleNamesIn(permissions: readonly string[]): string[] {
  return permissions.filter((p) => p.startsWith('ROLE_')).map((p) => p.slice('ROLE_'.length));
}

/** The id in the edit page's address `/admin/user/edit/<id>`; null for the shell or a bad path. */
export function userIdFromPath(pathname: string): string | null {
  return idFromEditPath(paths.adminUserEdit(''), pathname);
}
