import { useEffect, useId, useState, type SyntheticEvent } from 'react';
import type { RoleInfo, UserSort } from '../../lib/api/admin-types.ts';
import { listRoles, listUsers } from '../../lib/api/admin.ts';
import { localMessage } from '../../lib/api/errors.ts';
import { useFeedback } from '../../lib/api/feedback.ts';
import { avatarUrl } from '../../lib/avatar.ts';
import type { MessageKey } from '../../lib/i18n/index.ts';
import { useT } from '../../lib/i18n/use-t.ts';
import { DEFAULT_AVATAR, paths } from '../../lib/shared/paths.ts';
import Msg from '../common/Msg.tsx';
import Pager from '../common/Pager.tsx';
import { usePagedRows } from '../common/use-paged-rows.ts';
import SortHeader from '../common/SortHeader.tsx';
import {
  DEFAULT_LIST_STATE,
  PAGE_SIZES,
  formatListState,
  parseListState,
  roleAuthority,
  roleNamesIn,
  toUserListQuery,
  toggleSort,
  type UserListState,
} from './list-query.ts';
import { ERROR_CLASS, INPUT_CLASS, LABEL_CLASS, formatTime } from '../common/ui.ts';

/** How long typing pauses before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

function showDefaultAvatar(event: SyntheticEvent<HTMLImageElement>) {
  const img = event.currentTarget;
  if (!img.src.endsWith(DEFAULT_AVATAR)) img.src = DEFAULT_AVATAR;
}

/** The users table of /admin/user/list: search, filters, sortable columns and pages. */
export default function UserTable() {
  const { locale, t } = useT();
  const { describe } = useFeedback();
  const [state, setState] = useState<UserListState>(DEFAULT_LIST_STATE);
  const [searchText, setSearchText] = useState('');
  const [ready, setReady] = useState(false);
  const [roles, setRoles] = useState<RoleInfo[]>([]);
  const ids = { search: useId(), locked: useId(), role: useId(), size: useId(), caption: useId() };

  // The state starts from the address, so a reload or "back" shows the same list.
  useEffect(() => {
    const initial = parseListState(window.location.search);
    setState(initial);
    setSearchText(initial.search);
    setReady(true);
    listRoles().then(setRoles, () => setRoles([]));
  }, []);

  // Typing settles before the search is sent; a new search starts at page 1.
  useEffect(() => {
    if (!ready) return;
    const timer = setTimeout(() => {
      setState((s) =>
        s.search === searchText.trim() ? s : { ...s, search: searchText.trim(), pageNum: 1 },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText, ready]);

  const { rows, page, loading, reload } = usePagedRows({
    state,
    setState,
    ready,
    toQuery: formatListState,
    load: (s) => listUsers(toUserListQuery(s)),
    describe,
  });

  const update = (change: Partial<UserListState>) =>
    setState((s) => ({ ...s, pageNum: 1, ...change }));
  const filtered = state.search !== '' || state.locked !== '' || state.role !== '';
  const roleTitle = (name: string) => {
    const role = roles.find((r) => roleAuthority(r.name) === roleAuthority(name));
    return role ? localMessage(role.title, locale) : name;
  };

  const sortHeader = (key: UserSort, label: MessageKey) => (
    <SortHeader
      label={label}
      order={state.sort === key ? state.order : null}
      onToggle={() => setState((s) => toggleSort(s, key))}
    />
  );

  const clearFilters = () => {
    setSearchText('');
    setState((s) => ({ ...s, search: '', locked: '', role: '', pageNum: 1 }));
  };

  return (
    <div className="card min-w-0 overflow-hidden">
      <form
        role="search"
        aria-label={t('admin.list.filters')}
        className="grid gap-4 border-b border-line p-4 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))]"
        onSubmit={(event) => {
          event.preventDefault();
          update({ search: searchText.trim() });
        }}
      >
        <div>
          <label htmlFor={ids.search} className={LABEL_CLASS}>
            <Msg k="admin.list.search" />
          </label>
          <input
            id={ids.search}
            type="search"
            value={searchText}
            maxLength={64}
            placeholder={t('admin.list.searchPlaceholder')}
            onChange={(event) => setSearchText(event.target.value)}
            className={INPUT_CLASS}
          />
        </div>
        <div>
          <label htmlFor={ids.locked} className={LABEL_CLASS}>
            <Msg k="admin.list.status" />
          </label>
          <select
            id={ids.locked}
            value={state.locked}
            onChange={(event) => update({ locked: event.target.value as UserListState['locked'] })}
            className={INPUT_CLASS}
          >
            <option value="">{t('admin.list.statusAll')}</option>
            <option value="false">{t('admin.list.statusActive')}</option>
            <option value="true">{t('admin.list.statusLocked')}</option>
          </select>
        </div>
        <div>
          <label htmlFor={ids.role} className={LABEL_CLASS}>
            <Msg k="admin.list.role" />
          </label>
          <select
            id={ids.role}
            value={state.role}
            onChange={(event) => update({ role: event.target.value })}
            className={INPUT_CLASS}
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
          </select>
        </div>
        <div>
          <label htmlFor={ids.size} className={LABEL_CLASS}>
            <Msg k="admin.list.pageSize" />
          </label>
          <select
            id={ids.size}
            value={state.pageSize}
            onChange={(event) => update({ pageSize: Number(event.target.value) })}
            className={INPUT_CLASS}
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </div>
      </form>

      <p role="status" className="sr-only">
        {loading
          ? t('admin.list.loading')
          : rows.kind === 'ready'
            ? t('admin.list.found', { count: rows.page.totalRecordNum })
            : ''}
      </p>

      {rows.kind === 'error' && (
        <div role="alert" className="flex flex-wrap items-center gap-3 border-b border-line p-4">
          <p className={ERROR_CLASS}>{rows.text}</p>
          <button type="button" className="btn" onClick={reload}>
            <Msg k="admin.retry" />
          </button>
        </div>
      )}

      <div
        role="region"
        aria-labelledby={ids.caption}
        tabIndex={0}
        className="relative overflow-x-auto focus-visible:outline-offset-[-3px]"
      >
        <table className="w-full min-w-[52rem] border-collapse text-sm" aria-busy={loading}>
          <caption id={ids.caption} className="px-4 pt-4 pb-2 text-left text-sm text-muted">
            <Msg k="admin.list.caption" />
            {page && (
              <>
                {' · '}
                <Msg k="admin.list.total" vars={{ count: page.totalRecordNum }} />
              </>
            )}
          </caption>
          <thead className="border-b border-line bg-bg/60">
            <tr>
              {sortHeader('username', 'admin.col.user')}
              <th scope="col" className="px-3 py-2 text-left font-semibold whitespace-nowrap">
                <Msg k="admin.col.email" />
              </th>
              <th scope="col" className="px-3 py-2 text-left font-semibold whitespace-nowrap">
                <Msg k="admin.col.status" />
              </th>
              <th scope="col" className="px-3 py-2 text-left font-semibold whitespace-nowrap">
                <Msg k="admin.col.roles" />
              </th>
              {sortHeader('createTime', 'admin.col.created')}
              {sortHeader('updateTime', 'admin.col.updated')}
              <th scope="col" className="px-3 py-2 text-right font-semibold">
                <span className="sr-only">
                  <Msg k="admin.col.actions" />
                </span>
              </th>
            </tr>
          </thead>
          <tbody className={`divide-y divide-line ${loading && page ? 'opacity-60' : ''}`}>
            {!page && loading && (
              <tr>
                <td colSpan={7} className="px-4 py-10 text-center text-muted">
                  <Msg k="admin.list.loading" />
                </td>
              </tr>
            )}
            {page && page.records.length === 0 && (
              <tr>
                <td colSpan={7} className="px-4 py-10 text-center">
                  <p className="text-muted">
                    <Msg k={filtered ? 'admin.list.noMatch' : 'admin.list.empty'} />
                  </p>
                  {filtered && (
                    <button type="button" className="btn mt-3" onClick={clearFilters}>
                      <Msg k="admin.list.clearFilters" />
                    </button>
                  )}
                </td>
              </tr>
            )}
            {page?.records.map((user) => {
              const roleNames = roleNamesIn(user.permissions);
              return (
                <tr key={user.id} className="hover:bg-accent-soft/40">
                  <th scope="row" className="px-3 py-2.5 text-left font-normal">
                    <div className="flex items-center gap-3">
                      <span className="relative shrink-0">
                        <img
                          src={avatarUrl(user.avatar)}
                          alt=""
                          width={36}
                          height={36}
                          loading="lazy"
                          className="size-9 rounded-full border border-line bg-accent-soft object-cover"
                          onError={showDefaultAvatar}
                        />
                        <span
                          className={`absolute -right-0.5 -bottom-0.5 size-3 rounded-full border-2 border-surface ${user.isOnline ? 'bg-green-600 dark:bg-green-400' : 'bg-stone-400 dark:bg-stone-500'}`}
                          title={t(user.isOnline ? 'admin.online' : 'admin.offline')}
                          aria-hidden="true"
                        />
                      </span>
                      <span className="min-w-0">
                        <a
                          href={paths.adminUserEdit(user.id)}
                          className="block max-w-48 truncate font-medium hover:text-accent hover:underline"
                        >
                          {user.nickname}
                        </a>
                        <span className="block max-w-48 truncate text-xs text-muted">
                          @{user.username}
                          <span className="sr-only">
                            {', '}
                            <Msg k={user.isOnline ? 'admin.online' : 'admin.offline'} />
                          </span>
                        </span>
                      </span>
                    </div>
                  </th>
                  <td className="max-w-56 truncate px-3 py-2.5">
                    {user.email ?? (
                      <span className="text-muted">
                        <Msg k="admin.none" />
                      </span>
                    )}
                  </td>
                  <td className="px-3 py-2.5 whitespace-nowrap">
                    {user.isLocked ? (
                      <span className="rounded-full bg-warn-soft px-2 py-0.5 text-xs font-medium text-warn-fg">
                        <Msg k="admin.locked" />
                      </span>
                    ) : (
                      <span className="text-xs text-muted">
                        <Msg k="admin.active" />
                      </span>
                    )}
                  </td>
                  <td className="px-3 py-2.5">
                    {roleNames.length === 0 ? (
                      <span className="text-muted">
                        <Msg k="admin.none" />
                      </span>
                    ) : (
                      <ul className="flex flex-wrap gap-1">
                        {roleNames.map((name) => (
                          <li
                            key={name}
                            className="rounded-full bg-accent-soft px-2 py-0.5 text-xs whitespace-nowrap text-accent"
                          >
                            {roleTitle(name)}
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                  <td className="px-3 py-2.5 whitespace-nowrap">
                    <time dateTime={user.createTime}>
                      {formatTime(user.createTime, locale, false)}
                    </time>
                  </td>
                  <td className="px-3 py-2.5 whitespace-nowrap">
                    <time dateTime={user.updateTime}>
                      {formatTime(user.updateTime, locale, false)}
                    </time>
                  </td>
                  <td className="px-3 py-2.5 text-right">
                    <a
                      href={paths.adminUserEdit(user.id)}
                      className="btn min-h-9 py-1"
                      aria-label={t('admin.list.editUser', { name: user.username })}
                    >
                      <Msg k="admin.list.edit" />
                    </a>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>

      {page && (
        <Pager
          pageNum={page.pageNum}
          totalPageNum={page.totalPageNum}
          busy={loading}
          onPage={(pageNum) => setState((s) => ({ ...s, pageNum }))}
        />
      )}
    </div>
  );
}
