import type { ListWords } from '../common/list/ListStatus.tsx';

/** The words the blog manage lists share. */
export const MANAGE_LIST_WORDS: ListWords = {
  filters: 'blogManage.list.filters',
  loading: 'blogManage.list.loading',
  found: 'blogManage.list.found',
  total: 'blogManage.list.total',
  retry: 'blogManage.retry',
  pageSize: 'blogManage.list.pageSize',
  noMatch: 'blogManage.list.noMatch',
  clearFilters: 'blogManage.list.clearFilters',
};
