import { useEffect, useState } from 'react';
import type { ManagedUser, RoleInfo, UserSort } from '@/lib/api/admin-types.ts';
import { listRoles, listUsers } from '@/lib/api/admin.ts';
import { localMessage } from '@/lib/api/failure.ts';
import { useT } from '@/lib/i18n/use-t.ts';
import { USER_SEARCH_MAX } from '@/lib/shared/limits.ts';
import type { Column } from '../common/list/ColumnHeader.tsx';
import ListEmpty from '../common/list/ListEmpty.tsx';
import ListFilters, { type SearchSpec } from '../common/list/ListFilters.tsx';
import type { ListWords } from '../common/list/ListStatus.tsx';
import PagedTable from '../common/list/PagedTable.tsx';
import SelectField from '../common/list/SelectField.tsx';
import { usePagedList } from '../common/list/use-paged-list.ts';
import { useSearchBox } from '../common/list/use-search-box.ts';
import UserRow from './UserRow.tsx';
import {
  DEFAULT_LIST_STATE,
  formatListState,
  isFiltered,
  parseListState,
  roleAuthority,
  toUserListQuery,
  toggleSort,
  type UserListState,
} from './list-query.ts';

const WORDS: ListWords = {
  filters: 'admin.list.filters',
  loading: 'admin.list.loading',
  found: 'admin.list.found',
  total: 'admin.list.total',
  retry: 'admin.retry',
  pageSize: 'admin.list.pageSize',
  noMatch: 'admin.list.noMatch',
  clearFilters: 'admin.list.clearFilters',
};

const SEARCH: SearchSpec = {
  label: 'admin.list.search',
  placeholder: 'admin.list.searchPlaceholder',
  maxLength: USER_SEARCH_MAX,
};

const COLUMNS: readonly Column<UserSort>[] = [
  { label: 'admin.col.user', sort: 'username' },
  { label: 'admin.col.email' },
  { label: 'admin.col.status' },
  { label: 'admin.col.roles' },
  { label: 'admin.col.created', sort: 'createTime' },
  { label: 'admin.col.updated', sort: 'updateTime' },
];

/** The users table of /admin/user/list: search, filters, sortable columns and pages. */
export default function UserTable() {
  const { locale, t } = useT();
  const list = usePagedList<UserListState, ManagedUser>({
    initial: DEFAULT_LIST_STATE,
    parse: parseListState,
    format: formatListState,
    load: (s) => listUsers(toUserListQuery(s)),
  });
  const { state, setState, update } = list;
  const search = useSearchBox(state, setState);
  const [roles, setRoles] = useState<RoleInfo[]>([]);

  useEffect(() => {
    listRoles().then(setRoles, () => setRoles([]));
  }, []);

  const filtered = isFiltered(state);
  const roleTitle = (name: string) => {
    const role = roles.find((r) => roleAuthority(r.name) === roleAuthority(name));
    return role ? localMessage(role.title, locale) : name;
  };

  const clearFilters = () => {
    search.clear();
    update({ search: '', locked: '', role: '' });
  };

  return (
    <div className="card min-w-0 overflow-hidden">
      <ListFilters
        words={WORDS}
        className="sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))]"
        search={{ ...SEARCH, box: search }}
        paging={list}
      >
        <SelectField
          label="admin.list.status"
          value={state.locked}
          onChange={(locked) => update({ locked: locked as UserListState['locked'] })}
        >
          <option value="">{t('admin.list.statusAll')}</option>
          <option value="false">{t('admin.list.statusActive')}</option>
          <option value="true">{t('admin.list.statusLocked')}</option>
        </SelectField>
        <SelectField
          label="admin.list.role"
          value={state.role}
          onChange={(role) => update({ role })}
        >
          <option value="">{t('admin.list.roleAll')}</option>
          {roles.map((role) => (
            <option key={role.name} value={role.name}>
              {localMessage(role.title, locale)}
            </option>
          ))}
          {state.role !== '' && !roles.some((r) => r.name === state.role) && (
            <option value={state.role}>{state.role}</option>
          )}
        </SelectField>
      </ListFilters>

      <PagedTable
        list={list}
        words={WORDS}
        caption="admin.list.caption"
        minWidthClass="min-w-[52rem]"
        columns={COLUMNS}
        sorting={{ ...state, onSort: (key) => setState((s) => toggleSort(s, key)) }}
        actions="admin.col.actions"
        empty={
          <ListEmpty
            words={WORDS}
            filtered={filtered}
            emptyKey="admin.list.empty"
            onClear={clearFilters}
          />
        }
        row={(user) => <UserRow key={user.id} user={user} roleTitle={roleTitle} />}
      />
    </div>
  );
}
