import type { TokenDto, TokenSort } from '@/lib/api/proxy.ts';
import { listTokens } from '@/lib/api/proxy.ts';
import { useT } from '@/lib/i18n/use-t.ts';
import { PROXY_SEARCH_MAX } from '@/lib/shared/limits.ts';
import { paths } from '@/lib/shared/paths.ts';
import Msg from '../common/Msg.tsx';
import type { Column } from '../common/list/ColumnHeader.tsx';
import ListEmpty from '../common/list/ListEmpty.tsx';
import ListFilters, { type SearchSpec } from '../common/list/ListFilters.tsx';
import ListHeader from '../common/list/ListHeader.tsx';
import PagedTable from '../common/list/PagedTable.tsx';
import SelectField from '../common/list/SelectField.tsx';
import { usePagedList } from '../common/list/use-paged-list.ts';
import { useSearchBox } from '../common/list/use-search-box.ts';
import TokenRow from './TokenRow.tsx';
import {
  DEFAULT_TOKEN_LIST,
  TOKEN_STATUSES,
  formatTokenListState,
  parseTokenListState,
  toTokenQuery,
  toggleListSort,
  type TokenListState,
} from './list-query.ts';
import { PROXY_LIST_WORDS as WORDS } from './list-words.ts';
import { STATUS_KEY } from './words.ts';

const SEARCH: SearchSpec = {
  label: 'proxy.tokens.search',
  placeholder: 'proxy.tokens.searchPlaceholder',
  maxLength: PROXY_SEARCH_MAX,
};

const COLUMNS: readonly Column<TokenSort>[] = [
  { label: 'proxy.col.name', sort: 'name' },
  { label: 'proxy.col.scope' },
  { label: 'proxy.col.expiry', sort: 'expireTime' },
  { label: 'proxy.col.dailyLimit' },
  { label: 'proxy.col.usesToday' },
  { label: 'proxy.col.lastUse' },
  { label: 'proxy.col.status' },
];

/** The tokens table of /proxy/token/list: search, status filter, sortable columns, pages. */
export default function TokenTable() {
  const { t } = useT();
  const list = usePagedList<TokenListState, TokenDto>({
    initial: DEFAULT_TOKEN_LIST,
    parse: parseTokenListState,
    format: formatTokenListState,
    load: (s) => listTokens(toTokenQuery(s)),
  });
  const { state, setState, update } = list;
  const search = useSearchBox(state, setState);

  return (
    <div className="grid gap-4">
      <ListHeader addHref={paths.proxyAdd('token')} addKey="proxy.tokens.new" notice={null} />

      <div className="card min-w-0 overflow-hidden">
        <ListFilters
          words={WORDS}
          className="sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(2,minmax(0,1fr))]"
          search={{ ...SEARCH, box: search }}
          paging={list}
        >
          <SelectField
            label="proxy.tokens.status"
            value={state.status}
            onChange={(status) => update({ status: status as TokenListState['status'] })}
          >
            <option value="">{t('proxy.tokens.statusAll')}</option>
            {TOKEN_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(STATUS_KEY[status])}
              </option>
            ))}
          </SelectField>
        </ListFilters>

        <PagedTable
          list={list}
          words={WORDS}
          caption="proxy.tokens.caption"
          minWidthClass="min-w-[62rem]"
          columns={COLUMNS}
          sorting={{ ...state, onSort: (key) => setState((s) => toggleListSort(s, key)) }}
          actions="proxy.col.actions"
          empty={
            <ListEmpty
              words={WORDS}
              filtered={state.search.trim() !== '' || state.status !== ''}
              emptyKey="proxy.tokens.empty"
              onClear={() => {
                search.clear();
                update({ search: '', status: '' });
              }}
              action={
                <a href={paths.proxyAdd('token')} className="btn mt-3">
                  <Msg k="proxy.tokens.new" />
                </a>
              }
            />
          }
          row={(token) => <TokenRow key={token.id} token={token} />}
        />
      </div>
    </div>
  );
}
