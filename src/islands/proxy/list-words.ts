import type { ListWords } from '../common/list/ListStatus.tsx';

/** The words the proxy lists share. */
export const PROXY_LIST_WORDS: ListWords = {
  filters: 'proxy.list.filters',
  loading: 'proxy.list.loading',
  found: 'proxy.list.found',
  total: 'proxy.list.total',
  retry: 'proxy.retry',
  pageSize: 'proxy.list.pageSize',
  noMatch: 'proxy.list.noMatch',
  clearFilters: 'proxy.list.clearFilters',
};
