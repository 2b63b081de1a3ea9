/**
 * The proxy lists' state in the page's address (`?page=2&q=hk&type=vless&sort=name…`, read and
 * written as every list does: common/list/list-query.ts), the API query of each, and the ids of
 * the edit pages.
 */
import type {
  NodeListQuery,
  NodeSort,
  SubscriptionListQuery,
  SubscriptionSort,
  TokenListQuery,
  TokenSort,
  TokenStatus,
} from '@/lib/api/proxy.ts';
import { idFromEditPath } from '@/lib/edit-path.ts';
import { PROXY_SEARCH_MAX } from '@/lib/shared/limits.ts';
import { NODE_TYPES, type NodeType } from '@/lib/shared/proxy/node.ts';
import { REGIONS } from '@/lib/shared/proxy/region.ts';
import { paths } from '@/lib/shared/paths.ts';
import {
  DEFAULT_PAGE_SIZE,
  readPaging,
  readSorting,
  toggleSort,
  writePaging,
  writeSorting,
  type Paging,
  type Sorting,
} from '../common/list/list-query.ts';

/** The node list's source filter for the nodes added by hand. */
export const MANUAL = 'manual';
/** The node list's region filter for the nodes whose name names no region. */
export const NO_REGION = 'none';

const ID_MAX = 64;

// ---- Nodes ----

export const NODE_SORTS: readonly NodeSort[] = [
  'createTime',
  'updateTime',
  'name',
  'type',
  'region',
];

export interface NodeListState extends Paging, Sorting<NodeSort> {
  /** '' = every type. */
  type: '' | NodeType;
  /** '' = every region; a code; or NO_REGION. */
  region: string;
  /** '' = every source; a subscription id; or MANUAL. */
  source: string;
}

export const DEFAULT_NODE_LIST: NodeListState = {
  pageNum: 1,
  pageSize: DEFAULT_PAGE_SIZE,
  search: '',
  type: '',
  region: '',
  source: '',
  sort: 'createTime',
  order: 'desc',
};

export function parseNodeListState(search: string): NodeListState {
  const params = new URLSearchParams(search);
  const type = params.get('type');
  const region = params.get('region') ?? '';
  return {
    ...readPaging(params, PROXY_SEARCH_MAX),
    type: NODE_TYPES.find((t) => t === type) ?? '',
    region: region === NO_REGION || REGIONS.some((r) => r.code === region) ? region : '',
    source: (params.get('source') ?? '').slice(0, ID_MAX),
    ...readSorting(params, NODE_SORTS, DEFAULT_NODE_LIST),
  };
}

export function formatNodeListState(state: NodeListState): string {
  const params = new URLSearchParams();
  writePaging(params, state);
  if (state.type !== '') params.set('type', state.type);
  if (state.region !== '') params.set('region', state.region);
  if (state.source !== '') params.set('source', state.source);
  writeSorting(params, state, DEFAULT_NODE_LIST);
  return params.toString();
}

export function toNodeQuery(state: NodeListState): NodeListQuery {
  return {
    pageNum: state.pageNum,
    pageSize: state.pageSize,
    search: state.search.trim() || undefined,
    type: state.type || undefined,
    region: state.region || undefined,
    subscriptionId: state.source || undefined,
    sort: state.sort,
    order: state.order,
  };
}

/** The node list showing the nodes of one subscription. */
export function nodesOfSubscriptionHref(id: string): string {
  const query = formatNodeListState({ ...DEFAULT_NODE_LIST, source: id });
  return `${paths.proxyList('node')}?${query}`;
}

// ---- Subscriptions ----

export const SUBSCRIPTION_SORTS: readonly SubscriptionSort[] = ['createTime', 'name', 'lastSync'];

export interface SubscriptionListState extends Paging, Sorting<SubscriptionSort> {}

export const DEFAULT_SUBSCRIPTION_LIST: SubscriptionListState = {
  pageNum: 1,
  pageSize: DEFAULT_PAGE_SIZE,
  search: '',
  sort: 'createTime',
  order: 'desc',
};

export function parseSubscriptionListState(search: string): SubscriptionListState {
  const params = new URLSearchParams(search);
  return {
    ...readPaging(params, PROXY_SEARCH_MAX),
    ...readSorting(params, SUBSCRIPTION_SORTS, DEFAULT_SUBSCRIPTION_LIST),
  };
}

export function formatSubscriptionListState(state: SubscriptionListState): string {
  const params = new URLSearchParams();
  writePaging(params, state);
  writeSorting(params, state, DEFAULT_SUBSCRIPTION_LIST);
  return params.toString();
}

export function toSubscriptionQuery(state: SubscriptionListState): SubscriptionListQuery {
  return {
    pageNum: state.pageNum,
    pageSize: state.pageSize,
    search: state.search.trim() || undefined,
    sort: state.sort,
    order: state.order,
  };
}

// ---- Tokens ----

export const TOKEN_SORTS: readonly TokenSort[] = ['createTime', 'name', 'expireTime'];
export const TOKEN_STATUSES: readonly TokenStatus[] = ['active', 'expired', 'revoked'];

export interface TokenListState extends Paging, Sorting<TokenSort> {
  /** '' = any status. */
  status: '' | TokenStatus;
}

export const DEFAULT_TOKEN_LIST: TokenListState = {
  pageNum: 1,
  pageSize: DEFAULT_PAGE_SIZE,
  search: '',
  status: '',
  sort: 'createTime',
  order: 'desc',
};

export function parseTokenListState(search: string): TokenListState {
  const params = new URLSearchParams(search);
  const status = params.get('status');
  return {
    ...readPaging(params, PROXY_SEARCH_MAX),
    status: TOKEN_STATUSES.find((s) => s === status) ?? '',
    ...readSorting(params, TOKEN_SORTS, DEFAULT_TOKEN_LIST),
  };
}

export function formatTokenListState(state: TokenListState): string {
  const params = new URLSearchParams();
  writePaging(params, state);
  if (state.status !== '') params.set('status', state.status);
  writeSorting(params, state, DEFAULT_TOKEN_LIST);
  return params.toString();
}

export function toTokenQuery(state: TokenListState): TokenListQuery {
  return {
    pageNum: state.pageNum,
    pageSize: state.pageSize,
    search: state.search.trim() || undefined,
    status: state.status || undefined,
    sort: state.sort,
    order: state.order,
  };
}

// ---- Shared ----

/** Names sort A→Z first, dates newest first; any change of sort goes back to page 1. */
export function toggleListSort<S extends Paging & Sorting<string>>(state: S, sort: S['sort']): S {
  const ascendingFirst = ['name', 'type', 'region'] as S['sort'][];
  return { ...toggleSort(state, sort, ascendingFirst), pageNum: 1 };
}

/** The id in a proxy edit page's address (`/proxy/node/edit/<id>`); null for the shell. */
export function proxyIdFromPath(kind: 'node' | 'sub' | 'token', pathname: string): string | null {
  return idFromEditPath(paths.proxyEdit(kind, ''), pathname);
}
