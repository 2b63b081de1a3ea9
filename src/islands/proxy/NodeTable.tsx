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
import ChoiceFilter from '../common/list/ChoiceFilter.tsx';
import type { Column } from '../common/list/ColumnHeader.tsx';
import FilteredTable from '../common/list/FilteredTable.tsx';
import type { SearchSpec } from '../common/list/ListFilters.tsx';
import ListHeader, { type AddLink } from '../common/list/ListHeader.tsx';
import SelectField from '../common/list/SelectField.tsx';
import { useConfirmedDelete } from '../common/list/use-confirmed-delete.ts';
import { useFilteredList } from '../common/list/use-filtered-list.ts';
import NodeRow from './NodeRow.tsx';
import { regionName } from './format.ts';
import {
  DEFAULT_NODE_LIST,
  MANUAL,
  NO_REGION,
  formatNodeListState,
  parseNodeListState,
  toNodeQuery,
  toggleListSort,
  type NodeListState,
} from './list-query.ts';
import { PROXY_LIST_WORDS as WORDS } from './list-words.ts';
import { TYPE_KEY } from './words.ts';

const ADD: AddLink = { href: paths.proxyAdd('node'), text: 'proxy.nodes.new' };

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
  const list = useFilteredList<NodeListState, NodeDto>({
    initial: DEFAULT_NODE_LIST,
    parse: parseNodeListState,
    format: formatNodeListState,
    load: (s) => listNodes(toNodeQuery(s)),
    toggleSort: toggleListSort,
  });
  const { state, update } = list;
  const [subscriptions, setSubscriptions] = useState<SubscriptionDto[]>([]);
  const [notice, setNotice] = useState<Notice | null>(null);
  const removal = useConfirmedDelete(
    (node: NodeDto) => deleteNode(node.id),
    (node) => {
      setNotice({
        key: 'proxy.nodes.deleted',
        vars: { name: node.name || t('proxy.nodes.unnamed') },
      });
      list.reload();
    },
  );
  const { deleting } = removal;

  useEffect(() => {
    listSubscriptions(SOURCE_QUERY).then(
      (page) => setSubscriptions(page.records),
      () => setSubscriptions([]),
    );
  }, []);

  const sourceKnown =
    state.source === '' ||
    state.source === MANUAL ||
    subscriptions.some((s) => s.id === state.source);

  return (
    <div className="grid gap-4">
      <ListHeader add={ADD} notice={notice} />

      <FilteredTable
        list={list}
        words={WORDS}
        search={SEARCH}
        filtersClassName="sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(4,minmax(0,1fr))]"
        caption="proxy.nodes.caption"
        minWidthClass="min-w-[56rem]"
        columns={COLUMNS}
        actions="proxy.col.actions"
        emptyKey="proxy.nodes.empty"
        add={ADD}
        row={(node) => <NodeRow key={node.id} node={node} onDelete={() => removal.ask(node)} />}
      >
        <ChoiceFilter
          label="proxy.nodes.type"
          value={state.type}
          onChange={(type) => update({ type })}
          all="proxy.nodes.typeAll"
          choices={NODE_TYPES}
          words={TYPE_KEY}
        />
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
      </FilteredTable>

      <ConfirmDialog
        {...removal.dialogProps}
        titleKey="proxy.nodes.deleteTitle"
        confirmKey="proxy.delete"
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
