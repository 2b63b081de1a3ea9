/**
 * The user table's state as it appears in the page's address (`?page=2&q=ann&sort=username…`), so
 * a reload, a shared link or "back" from the edit page shows the same list. Anything unreadable
 * falls back to the default.
 */
import type { SortOrder, UserListQuery, UserSort } from '../../lib/api/admin-types.ts';
import { paths } from '../../lib/shared/paths.ts';
import { SHELL_ID } from '../../lib/shared/routes.ts';

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;
export const SORTS: readonly UserSort[] = ['createTime', 'username', 'updateTime'];

export interface UserListState {
  pageNum: number;
  pageSize: number;
  search: string;
  /** '' = either. */
  locked: '' | 'true' | 'false';
  /** '' = any role. */
  role: string;
  sort: UserSort;
  order: SortOrder;
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

const MAX_SEARCH = 64;

function positiveInt(value: string | null): number | null {
  if (value === null || !/^\d{1,6}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 ? n : null;
}

export function parseListState(search: string): UserListState {
  const params = new URLSearchParams(search);
  const size = positiveInt(params.get('size'));
  const sort = params.get('sort');
  const order = params.get('order');
  const locked = params.get('locked');
  return {
    pageNum: positiveInt(params.get('page')) ?? 1,
    pageSize: PAGE_SIZES.find((s) => s === size) ?? DEFAULT_PAGE_SIZE,
    search: (params.get('q') ?? '').slice(0, MAX_SEARCH),
    locked: locked === 'true' || locked === 'false' ? locked : '',
    role: (params.get('role') ?? '').slice(0, MAX_SEARCH),
    sort: SORTS.find((s) => s === sort) ?? DEFAULT_LIST_STATE.sort,
    order: order === 'asc' || order === 'desc' ? order : DEFAULT_LIST_STATE.order,
  };
}

/** The address query for a state (without `?`); defaults are left out. */
export function formatListState(state: UserListState): string {
  const params = new URLSearchParams();
  if (state.pageNum !== 1) params.set('page', String(state.pageNum));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set('size', String(state.pageSize));
  if (state.search.trim() !== '') params.set('q', state.search.trim());
  if (state.locked !== '') params.set('locked', state.locked);
  if (state.role !== '') params.set('role', state.role);
  if (state.sort !== DEFAULT_LIST_STATE.sort) params.set('sort', state.sort);
  if (state.order !== DEFAULT_LIST_STATE.order) params.set('order', state.order);
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

/**
 * Clicking a column's sort button: the same column flips the order; another column starts with
 * the order that reads naturally (names A→Z, dates newest first). Back to page 1 either way.
 */
export function toggleSort(state: UserListState, sort: UserSort): UserListState {
  const order: SortOrder =
    state.sort === sort
      ? state.order === 'asc'
        ? 'desc'
        : 'asc'
      : sort === 'username'
        ? 'asc'
        : 'desc';
  return { ...state, sort, order, pageNum: 1 };
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
  const prefix = paths.adminUserEdit('');
  if (!pathname.startsWith(prefix)) return null;
  const segment = pathname.slice(prefix.length).replace(/\/$/, '');
  if (segment === '' || segment.includes('/')) return null;
  let id: string;
  try {
    id = decodeURIComponent(segment);
  } catch {
    return null;
  }
  return id === SHELL_ID || id.trim() === '' ? null : id;
}
