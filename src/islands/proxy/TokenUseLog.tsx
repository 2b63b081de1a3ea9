import { useId } from 'react';
import { listTokenUses, type TokenUse } from '@/lib/api/proxy.ts';
import { PROXY_SEARCH_MAX } from '@/lib/shared/limits.ts';
import Msg from '../common/Msg.tsx';
import type { Column } from '../common/list/ColumnHeader.tsx';
import PagedTable from '../common/list/PagedTable.tsx';
import {
  DEFAULT_PAGE_SIZE,
  readPaging,
  writePaging,
  type Paging,
} from '../common/list/list-query.ts';
import { usePagedList } from '../common/list/use-paged-list.ts';
import TokenUseRow from './TokenUseRow.tsx';
import { PROXY_LIST_WORDS as WORDS } from './list-words.ts';

const COLUMNS: readonly Column<never>[] = [
  { label: 'proxy.uses.col.time' },
  { label: 'proxy.uses.col.ip' },
  { label: 'proxy.uses.col.client' },
  { label: 'proxy.uses.col.format' },
  { label: 'proxy.uses.col.bytes' },
  { label: 'proxy.uses.col.outcome' },
];

const START: Paging = { pageNum: 1, pageSize: DEFAULT_PAGE_SIZE, search: '' };

/** The page of the log in the address (`?page=2`), so a reload shows the same requests. */
const parse = (search: string): Paging => ({
  ...readPaging(new URLSearchParams(search), PROXY_SEARCH_MAX),
  search: '',
});
const format = (state: Paging): string => {
  const params = new URLSearchParams();
  writePaging(params, state);
  return params.toString();
};

/** A token's access log on its edit page: every request its link answered, newest first. */
export default function TokenUseLog({ tokenId }: { tokenId: string }) {
  const titleId = useId();
  const list = usePagedList<Paging, TokenUse>({
    initial: START,
    parse,
    format,
    load: (s) => listTokenUses(tokenId, { pageNum: s.pageNum, pageSize: s.pageSize }),
  });
  return (
    <section aria-labelledby={titleId} className="card min-w-0 overflow-hidden">
      <div className="flex flex-wrap items-center justify-between gap-3 p-4 pb-0 sm:px-6">
        <h2 id={titleId} className="text-lg font-semibold">
          <Msg k="proxy.uses.title" />
        </h2>
        <button type="button" className="btn" onClick={list.reload} disabled={list.loading}>
          <Msg k="proxy.uses.refresh" />
        </button>
      </div>
      <PagedTable
        list={list}
        words={WORDS}
        caption="proxy.uses.caption"
        minWidthClass="min-w-[52rem]"
        columns={COLUMNS}
        actions="proxy.uses.col.details"
        empty={<Msg k="proxy.uses.empty" />}
        row={(use) => <TokenUseRow key={use.id} use={use} />}
      />
    </section>
  );
}
