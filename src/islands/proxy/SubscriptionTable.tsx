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
import FilteredTable from '../common/list/FilteredTable.tsx';
import type { SearchSpec } from '../common/list/ListFilters.tsx';
import ListHeader, { type AddLink } from '../common/list/ListHeader.tsx';
import { useConfirmedDelete } from '../common/list/use-confirmed-delete.ts';
import { useFilteredList } from '../common/list/use-filtered-list.ts';
import { replaceRecord } from '../common/list/use-paged-rows.ts';
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

const ADD: AddLink = { href: paths.proxyAdd('sub'), text: 'proxy.subs.new' };

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
  const list = useFilteredList<SubscriptionListState, SubscriptionDto>({
    initial: DEFAULT_SUBSCRIPTION_LIST,
    parse: parseSubscriptionListState,
    format: formatSubscriptionListState,
    load: (s) => listSubscriptions(toSubscriptionQuery(s)),
    toggleSort: toggleListSort,
  });
  const { setRows } = list;
  const [syncing, setSyncing] = useState<ReadonlySet<string>>(new Set());
  const [notice, setNotice] = useState<Notice | null>(null);
  const removal = useConfirmedDelete(
    (sub: SubscriptionDto) => deleteSubscription(sub.id),
    (sub) => {
      setNotice({ key: 'proxy.subs.deleted', vars: { name: sub.name } });
      list.reload();
    },
  );
  const { deleting } = removal;

  const syncNow = async (sub: SubscriptionDto) => {
    setSyncing((ids) => new Set(ids).add(sub.id));
    setNotice({ key: 'proxy.sync.startedNotice', vars: { name: sub.name } });
    try {
      const result = await syncSubscription(sub.id);
      setRows((r) => replaceRecord(r, result.subscription));
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

  return (
    <div className="grid gap-4">
      <ListHeader add={ADD} notice={notice} />

      <FilteredTable
        list={list}
        words={WORDS}
        search={SEARCH}
        filtersClassName="sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:max-w-3xl"
        caption="proxy.subs.caption"
        minWidthClass="min-w-[60rem]"
        columns={COLUMNS}
        actions="proxy.col.actions"
        emptyKey="proxy.subs.empty"
        add={ADD}
        row={(sub) => (
          <SubscriptionRow
            key={sub.id}
            subscription={sub}
            syncing={syncing.has(sub.id)}
            onSync={() => void syncNow(sub)}
            onDelete={() => removal.ask(sub)}
          />
        )}
      />

      <ConfirmDialog
        {...removal.dialogProps}
        titleKey="proxy.subs.deleteTitle"
        confirmKey="proxy.subs.deleteConfirm"
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
