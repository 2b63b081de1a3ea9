import { useEffect, useState } from 'react';
import type { Notice } from '@/lib/api/failure.ts';
import {
  deleteNode,
  listNodes,
  listSubscriptions,
  type NodeDto,
  type NodeSort,
  type SubscriptionDto,
} from '@/lib/api/proxy.ts';
import { useT } from '@/lib/i18n/use-t.ts';
import { PROXY_SEARCH_MAX } from '@/lib/shared/limits.ts';
import { paths } from '@/lib/shared/paths.ts';
import { NODE_TYPES } from '@/lib/shared/proxy/node.ts';
import { REGIONS, flagOf } from '@/lib/shared/proxy/region.ts';
import ConfirmDialog from '../common/ConfirmDialog.tsx';
import Msg from '../common/Msg.tsx';
import type { Column } from '../common/list/ColumnHeader.tsx';
import ListEmpty from '../common/list/ListEmpty.tsx';
import ListFilters, { type SearchSpec } from '../common/list/ListFilters.tsx';
import ListHeader from '../common/list/ListHeader.tsx';
import PagedTable from '../common/list/PagedTable.tsx';
import SelectField from '../common/list/SelectField.tsx';
import { usePagedList } from '../common/list/use-paged-list.ts';
import { useSearchBox } from '../common/list/use-search-box.ts';
import { failedNotice, useFeedback } from '../common/use-feedback.ts';
import NodeRow from './NodeRow.tsx';
import { regionName } from './format.ts';
import {
  DEFAULT_NODE_LIST,
  MANUAL,
  NO_REGION,
  formatNodeListState,
  isNodeListFiltered,
  parseNodeListState,
  toNodeQuery,
  toggleListSort,
  type NodeListState,
} from './list-query.ts';
import { PROXY_LIST_WORDS as WORDS } from './list-words.ts';
import { TYPE_KEY } from './words.ts';

const SEARCH: SearchSpec = {
  label: 'proxy.nodes.search',
  placeholder: 'proxy.nodes.searchPlaceholder',
  maxLength: PROXY_SEARCH_MAX,
};

const COLUMNS: readonly Column<NodeSort>[] = [
  { label: 'proxy.col.name', sort: 'name' },
  { label: 'proxy.col.type', sort: 'type' },
  { label: 'proxy.col.server' },
  { label: 'proxy.col.source' },
  { label: 'proxy.col.updated', sort: 'updateTime' },
];

/** The subscriptions a source filter offers (the first 100 by name; enough for one owner). */
const SOURCE_QUERY = { pageNum: 1, pageSize: 100, sort: 'name', order: 'asc' } as const;

/** The nodes table of /proxy/node/list: search, filters by type, region and source, pages. */
export default function NodeTable() {
  const { locale, t } = useT();
  const list = usePagedList<NodeListState, NodeDto>({
    initial: DEFAULT_NODE_LIST,
    parse: parseNodeListState,
    format: formatNodeListState,
    load: (s) => listNodes(toNodeQuery(s)),
  });
  const { state, setState, update } = list;
  const search = useSearchBox(state, setState);
  const [subscriptions, setSubscriptions] = useState<SubscriptionDto[]>([]);
  const [deleting, setDeleting] = useState<NodeDto | null>(null);
  const removal = useFeedback();
  const [notice, setNotice] = useState<Notice | null>(null);

  useEffect(() => {
    listSubscriptions(SOURCE_QUERY).then(
      (page) => setSubscriptions(page.records),
      () => setSubscriptions([]),
    );
  }, []);

  const clearFilters = () => {
    search.clear();
    update({ search: '', type: '', region: '', source: '' });
  };

  const confirmDelete = () => {
    if (!deleting) return;
    const name = deleting.name || t('proxy.nodes.unnamed');
    void removal.run(async () => {
      await deleteNode(deleting.id);
      setNotice({ key: 'proxy.nodes.deleted', vars: { name } });
      setDeleting(null);
      list.reload();
      return null;
    });
  };

  const sourceKnown =
    state.source === '' ||
    state.source === MANUAL ||
    subscriptions.some((s) => s.id === state.source);

  return (
    <div className="grid gap-4">
      <ListHeader addHref={paths.proxyAdd('node')} addKey="proxy.nodes.new" notice={notice} />

      <div className="card min-w-0 overflow-hidden">
        <ListFilters
          words={WORDS}
          className="sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(4,minmax(0,1fr))]"
          search={{ ...SEARCH, box: search }}
          paging={list}
        >
          <SelectField
            label="proxy.nodes.type"
            value={state.type}
            onChange={(type) => update({ type: type as NodeListState['type'] })}
          >
            <option value="">{t('proxy.nodes.typeAll')}</option>
            {NODE_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(TYPE_KEY[type])}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="proxy.nodes.region"
            value={state.region}
            onChange={(region) => update({ region })}
          >
            <option value="">{t('proxy.nodes.regionAll')}</option>
            {REGIONS.map((region) => (
              <option key={region.code} value={region.code}>
                {`${flagOf(region.code)} ${regionName(region, locale)}`}
              </option>
            ))}
            <option value={NO_REGION}>{t('proxy.nodes.regionNone')}</option>
          </SelectField>
          <SelectField
            label="proxy.nodes.source"
            value={state.source}
            onChange={(source) => update({ source })}
          >
            <option value="">{t('proxy.nodes.sourceAll')}</option>
            <option value={MANUAL}>{t('proxy.source.manual')}</option>
            {subscriptions.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
            {!sourceKnown && <option value={state.source}>#{state.source}</option>}
          </SelectField>
        </ListFilters>

        <PagedTable
          list={list}
          words={WORDS}
          caption="proxy.nodes.caption"
          minWidthClass="min-w-[56rem]"
          columns={COLUMNS}
          sorting={{ ...state, onSort: (key) => setState((s) => toggleListSort(s, key)) }}
          actions="proxy.col.actions"
          empty={
            <ListEmpty
              words={WORDS}
              filtered={isNodeListFiltered(state)}
              emptyKey="proxy.nodes.empty"
              onClear={clearFilters}
              action={
                <a href={paths.proxyAdd('node')} className="btn mt-3">
                  <Msg k="proxy.nodes.new" />
                </a>
              }
            />
          }
          row={(node) => (
            <NodeRow
              key={node.id}
              node={node}
              onDelete={() => {
                removal.reset();
                setDeleting(node);
              }}
            />
          )}
        />
      </div>

      <ConfirmDialog
        open={deleting !== null}
        titleKey="proxy.nodes.deleteTitle"
        confirmKey="proxy.delete"
        danger
        busy={removal.busy}
        error={failedNotice(removal.feedback)}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      >
        <p>
          <Msg
            k="proxy.nodes.deleteBody"
            vars={{ name: deleting?.name || t('proxy.nodes.unnamed') }}
          />
        </p>
        {deleting?.subscription && (
          <p className="mt-2">
            <Msg k="proxy.nodes.deleteSynced" vars={{ name: deleting.subscription.name }} />
          </p>
        )}
      </ConfirmDialog>
    </div>
  );
}
