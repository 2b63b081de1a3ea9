import type { TokenDto, TokenSort } from '@/lib/api/proxy.ts';
import { listTokens } from '@/lib/api/proxy.ts';
import { PROXY_SEARCH_MAX } from '@/lib/shared/limits.ts';
import { paths } from '@/lib/shared/paths.ts';
import ChoiceFilter from '../common/list/ChoiceFilter.tsx';
import type { Column } from '../common/list/ColumnHeader.tsx';
import FilteredTable from '../common/list/FilteredTable.tsx';
import type { SearchSpec } from '../common/list/ListFilters.tsx';
import ListHeader, { type AddLink } from '../common/list/ListHeader.tsx';
import { useFilteredList } from '../common/list/use-filtered-list.ts';
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

const ADD: AddLink = { href: paths.proxyAdd('token'), text: 'proxy.tokens.new' };

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
  const list = useFilteredList<TokenListState, TokenDto>({
    initial: DEFAULT_TOKEN_LIST,
    parse: parseTokenListState,
    format: formatTokenListState,
    load: (s) => listTokens(toTokenQuery(s)),
    toggleSort: toggleListSort,
  });
  const { state, update } = list;

  return (
    <div className="grid gap-4">
      <ListHeader add={ADD} notice={null} />

      <FilteredTable
        list={list}
        words={WORDS}
        search={SEARCH}
        filtersClassName="sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(2,minmax(0,1fr))]"
        caption="proxy.tokens.caption"
        minWidthClass="min-w-[62rem]"
        columns={COLUMNS}
        actions="proxy.col.actions"
        emptyKey="proxy.tokens.empty"
        add={ADD}
        row={(token) => <TokenRow key={token.id} token={token} />}
      >
        <ChoiceFilter
          label="proxy.tokens.status"
          value={state.status}
          onChange={(status) => update({ status })}
          all="proxy.tokens.statusAll"
          choices={TOKEN_STATUSES}
          words={STATUS_KEY}
        />
      </FilteredTable>
    </div>
  );
}
