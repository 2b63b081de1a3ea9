import { useState } from 'react';
import { readFailure, type Notice } from '@/lib/api/failure.ts';
import {
  deleteSubscription,
  listSubscriptions,
  syncSubscription,
  type SubscriptionDto,
  type SubscriptionSort,
} from '@/lib/api/proxy.ts';
import { PROXY_SEARCH_MAX } from '@/lib/shared/limits.ts';
import { paths } from '@/lib/shared/paths.ts';
import ConfirmDialog from '../common/ConfirmDialog.tsx';
import Msg from '../common/Msg.tsx';
import type { Column } from '../common/list/ColumnHeader.tsx';
import ListEmpty from '../common/list/ListEmpty.tsx';
import ListFilters, { type SearchSpec } from '../common/list/ListFilters.tsx';
import ListHeader from '../common/list/ListHeader.tsx';
import PagedTable from '../common/list/PagedTable.tsx';
import { usePagedList } from '../common/list/use-paged-list.ts';
import { useSearchBox } from '../common/list/use-search-box.ts';
import { failedNotice, useFeedback } from '../common/use-feedback.ts';
import SubscriptionRow from './SubscriptionRow.tsx';
import {
  DEFAULT_SUBSCRIPTION_LIST,
  formatSubscriptionListState,
  parseSubscriptionListState,
  toSubscriptionQuery,
  toggleListSort,
  type SubscriptionListState,
} from './list-query.ts';
import { PROXY_LIST_WORDS as WORDS } from './list-words.ts';
import { syncNotice } from './sync-notice.ts';

const SEARCH: SearchSpec = {
  label: 'proxy.subs.search',
  placeholder: 'proxy.subs.searchPlaceholder',
  maxLength: PROXY_SEARCH_MAX,
};

const COLUMNS: readonly Column<SubscriptionSort>[] = [
  { label: 'proxy.col.name', sort: 'name' },
  { label: 'proxy.col.nodes' },
  { label: 'proxy.col.quota' },
  { label: 'proxy.col.lastSync', sort: 'lastSync' },
  { label: 'proxy.col.nextSync' },
];

/**
 * The subscriptions table of /proxy/sub/list: search, sortable columns, pages; each row can be
 * synced now (its row shows the result), edited, or deleted with its nodes.
 */
export default function SubscriptionTable() {
  const list = usePagedList<SubscriptionListState, SubscriptionDto>({
    initial: DEFAULT_SUBSCRIPTION_LIST,
    parse: parseSubscriptionListState,
    format: formatSubscriptionListState,
    load: (s) => listSubscriptions(toSubscriptionQuery(s)),
  });
  const { state, setState, setRows } = list;
  const search = useSearchBox(state, setState);
  const [syncing, setSyncing] = useState<ReadonlySet<string>>(new Set());
  const [deleting, setDeleting] = useState<SubscriptionDto | null>(null);
  const removal = useFeedback();
  const [notice, setNotice] = useState<Notice | null>(null);

  const replaceRow = (next: SubscriptionDto) =>
    setRows((r) =>
      r.kind === 'ready'
        ? {
            kind: 'ready',
            page: {
              ...r.page,
              records: r.page.records.map((s) => (s.id === next.id ? next : s)),
            },
          }
        : r,
    );

  const syncNow = async (sub: SubscriptionDto) => {
    setSyncing((ids) => new Set(ids).add(sub.id));
    setNotice({ key: 'proxy.sync.startedNotice', vars: { name: sub.name } });
    try {
      const result = await syncSubscription(sub.id);
      replaceRow(result.subscription);
      setNotice(syncNotice(result));
    } catch (error) {
      setNotice(readFailure(error).notice);
    } finally {
      setSyncing((ids) => {
        const rest = new Set(ids);
        rest.delete(sub.id);
        return rest;
      });
    }
  };

  const confirmDelete = () => {
    if (!deleting) return;
    void removal.run(async () => {
      await deleteSubscription(deleting.id);
      setNotice({ key: 'proxy.subs.deleted', vars: { name: deleting.name } });
      setDeleting(null);
      list.reload();
      return null;
    });
  };

  return (
    <div className="grid gap-4">
      <ListHeader addHref={paths.proxyAdd('sub')} addKey="proxy.subs.new" notice={notice} />

      <div className="card min-w-0 overflow-hidden">
        <ListFilters
          words={WORDS}
          className="sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:max-w-3xl"
          search={{ ...SEARCH, box: search }}
          paging={list}
        />

        <PagedTable
          list={list}
          words={WORDS}
          caption="proxy.subs.caption"
          minWidthClass="min-w-[60rem]"
          columns={COLUMNS}
          sorting={{ ...state, onSort: (key) => setState((s) => toggleListSort(s, key)) }}
          actions="proxy.col.actions"
          empty={
            <ListEmpty
              words={WORDS}
              filtered={state.search.trim() !== ''}
              emptyKey="proxy.subs.empty"
              onClear={() => {
                search.clear();
                list.update({ search: '' });
              }}
              action={
                <a href={paths.proxyAdd('sub')} className="btn mt-3">
                  <Msg k="proxy.subs.new" />
                </a>
              }
            />
          }
          row={(sub) => (
            <SubscriptionRow
              key={sub.id}
              subscription={sub}
              syncing={syncing.has(sub.id)}
              onSync={() => void syncNow(sub)}
              onDelete={() => {
                removal.reset();
                setDeleting(sub);
              }}
            />
          )}
        />
      </div>

      <ConfirmDialog
        open={deleting !== null}
        titleKey="proxy.subs.deleteTitle"
        confirmKey="proxy.subs.deleteConfirm"
        danger
        busy={removal.busy}
        error={failedNotice(removal.feedback)}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      >
        <p>
          <Msg
            k="proxy.subs.deleteBody"
            vars={{ name: deleting?.name ?? '', count: deleting?.nodeCount ?? 0 }}
          />
        </p>
      </ConfirmDialog>
    </div>
  );
}
