import { useEffect, useState } from 'react';
import type { ManagedUser, RoleInfo, UserSort } from '@/lib/api/admin-types.ts';
import { listRoles, listUsers } from '@/lib/api/admin.ts';
import { localMessage } from '@/lib/api/failure.ts';
import type { MessageKey } from '@/lib/i18n/index.ts';
import { useT } from '@/lib/i18n/use-t.ts';
import { USER_SEARCH_MAX } from '@/lib/shared/limits.ts';
import ChoiceFilter from '../common/list/ChoiceFilter.tsx';
import type { Column } from '../common/list/ColumnHeader.tsx';
import FilteredTable from '../common/list/FilteredTable.tsx';
import type { SearchSpec } from '../common/list/ListFilters.tsx';
import type { ListWords } from '../common/list/ListStatus.tsx';
import SelectField from '../common/list/SelectField.tsx';
import { useFilteredList } from '../common/list/use-filtered-list.ts';
import UserRow from './UserRow.tsx';
import {
  DEFAULT_LIST_STATE,
  formatListState,
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

/** The status filter: active users, then locked ones. */
const LOCKED = ['false', 'true'] as const;
const LOCKED_KEY: Record<(typeof LOCKED)[number], MessageKey> = {
  false: 'admin.list.statusActive',
  true: 'admin.list.statusLocked',
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
  const list = useFilteredList<UserListState, ManagedUser>({
    initial: DEFAULT_LIST_STATE,
    parse: parseListState,
    format: formatListState,
    load: (s) => listUsers(toUserListQuery(s)),
    toggleSort,
  });
  const { state, update } = list;
  const [roles, setRoles] = useState<RoleInfo[]>([]);

  useEffect(() => {
    listRoles().then(setRoles, () => setRoles([]));
  }, []);

  const roleTitle = (name: string) => {
    const role = roles.find((r) => roleAuthority(r.name) === roleAuthority(name));
    return role ? localMessage(role.title, locale) : name;
  };

  return (
    <FilteredTable
      list={list}
      words={WORDS}
      search={SEARCH}
      filtersClassName="sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))]"
      caption="admin.list.caption"
      minWidthClass="min-w-[52rem]"
      columns={COLUMNS}
      actions="admin.col.actions"
      emptyKey="admin.list.empty"
      row={(user) => <UserRow key={user.id} user={user} roleTitle={roleTitle} />}
    >
      <ChoiceFilter
        label="admin.list.status"
        value={state.locked}
        onChange={(locked) => update({ locked })}
        all="admin.list.statusAll"
        choices={LOCKED}
        words={LOCKED_KEY}
      />
      <SelectField label="admin.list.role" value={state.role} onChange={(role) => update({ role })}>
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
    </FilteredTable>
  );
}
