/**
 * The manage lists' state in the page's address (`?page=2&q=astro&status=draft…`, read and written
 * as every list does: common/list/list-query.ts), and the ids of the edit pages.
 */
import type { ArticleSort, ArticleStatus, ManagedArticleQuery } from '@/lib/api/blog-manage.ts';
import { idFromEditPath } from '@/lib/edit-path.ts';
import { ARTICLE_SEARCH_MAX } from '@/lib/shared/limits.ts';
import { paths } from '@/lib/shared/paths.ts';
import type { TermKind } from '@/lib/shared/term-kinds.ts';
import {
  DEFAULT_PAGE_SIZE,
  positiveInt,
  readPaging,
  readSearch,
  readSorting,
  toggleSort,
  writePaging,
  writeSearch,
  writeSorting,
  type Paging,
  type Sorting,
} from '../common/list/list-query.ts';

export const ARTICLE_SORTS: readonly ArticleSort[] = [
  'updateTime',
  'publishTime',
  'createTime',
  'title',
  'views',
];
export const ARTICLE_STATUSES: readonly ArticleStatus[] = ['draft', 'published', 'scheduled'];

export interface ArticleListState extends Paging, Sorting<ArticleSort> {
  /** '' = any status. */
  status: '' | ArticleStatus;
  categoryId: number | null;
  tagId: number | null;
}

export const DEFAULT_ARTICLE_LIST: ArticleListState = {
  pageNum: 1,
  pageSize: DEFAULT_PAGE_SIZE,
  search: '',
  status: '',
  categoryId: null,
  tagId: null,
  sort: 'updateTime',
  order: 'desc',
};

export function parseArticleListState(search: string): ArticleListState {
  const params = new URLSearchParams(search);
  const status = params.get('status');
  return {
    ...readPaging(params, ARTICLE_SEARCH_MAX),
    status: ARTICLE_STATUSES.find((s) => s === status) ?? '',
    categoryId: positiveInt(params.get('category')),
    tagId: positiveInt(params.get('tag')),
    ...readSorting(params, ARTICLE_SORTS, DEFAULT_ARTICLE_LIST),
  };
}

/** The address query for a state (without `?`); defaults are left out. */
export function formatArticleListState(state: ArticleListState): string {
  const params = new URLSearchParams();
  writePaging(params, state);
  if (state.status !== '') params.set('status', state.status);
  if (state.categoryId !== null) params.set('category', String(state.categoryId));
  if (state.tagId !== null) params.set('tag', String(state.tagId));
  writeSorting(params, state, DEFAULT_ARTICLE_LIST);
  return params.toString();
}

/** The API query for a state. */
export function toArticleQuery(state: ArticleListState): ManagedArticleQuery {
  return {
    pageNum: state.pageNum,
    pageSize: state.pageSize,
    search: state.search.trim() || undefined,
    status: state.status || undefined,
    categoryId: state.categoryId ?? undefined,
    tagId: state.tagId ?? undefined,
    sort: state.sort,
    order: state.order,
  };
}

/** The article list filtered by one category or tag. */
export function articleListHref(kind: TermKind, id: number): string {
  const query = formatArticleListState({
    ...DEFAULT_ARTICLE_LIST,
    ...(kind === 'category' ? { categoryId: id } : { tagId: id }),
  });
  return `${paths.blogManageList('article')}?${query}`;
}

/** The article list sorted by another column (or the other way), back at page 1. */
export function toggleArticleSort(state: ArticleListState, sort: ArticleSort): ArticleListState {
  return { ...toggleSort(state, sort, ['title']), pageNum: 1 };
}

// ---- Categories and tags (one list, filtered and sorted in the page) ----

export const TERM_SORTS = ['name', 'count', 'updateTime'] as const;
export type TermSort = (typeof TERM_SORTS)[number];

export interface TermListState extends Sorting<TermSort> {
  search: string;
}

export const DEFAULT_TERM_LIST: TermListState = { search: '', sort: 'count', order: 'desc' };

export function parseTermListState(search: string): TermListState {
  const params = new URLSearchParams(search);
  return {
    search: readSearch(params, ARTICLE_SEARCH_MAX),
    ...readSorting(params, TERM_SORTS, DEFAULT_TERM_LIST),
  };
}

export function formatTermListState(state: TermListState): string {
  const params = new URLSearchParams();
  writeSearch(params, state.search);
  writeSorting(params, state, DEFAULT_TERM_LIST);
  return params.toString();
}

interface SortableTerm {
  name: string;
  count: number;
  updateTime: string;
}

/** The terms whose name contains the search (any case), in the state's order (ties by name). */
export function filterAndSortTerms<T extends SortableTerm>(
  terms: readonly T[],
  state: TermListState,
  locale: string,
): T[] {
  const needle = state.search.trim().toLocaleLowerCase(locale);
  const byName = (a: T, b: T) => a.name.localeCompare(b.name, locale);
  const compare = (a: T, b: T): number => {
    if (state.sort === 'name') return byName(a, b);
    if (state.sort === 'count') return a.count - b.count || byName(a, b);
    return a.updateTime.localeCompare(b.updateTime) || byName(a, b);
  };
  const sign = state.order === 'asc' ? 1 : -1;
  return terms
    .filter((t) => needle === '' || t.name.toLocaleLowerCase(locale).includes(needle))
    .sort((a, b) => sign * compare(a, b));
}

// ---- The inbox ----

export const INBOX_PAGE_SIZE = 20;

export interface InboxState {
  pageNum: number;
  unread: boolean;
}

export function parseInboxState(search: string): InboxState {
  const params = new URLSearchParams(search);
  return {
    pageNum: Math.min(positiveInt(params.get('page')) ?? 1, 1_000_000),
    unread: params.get('unread') === '1',
  };
}

export function formatInboxState(state: InboxState): string {
  const params = new URLSearchParams();
  if (state.pageNum !== 1) params.set('page', String(state.pageNum));
  if (state.unread) params.set('unread', '1');
  return params.toString();
}

// ---- Edit pages ----

/** The id in an edit page's address `/blog/manage/<kind>/edit/<id>`; null for the shell or a bad path. */
export function editIdFromPath(kind: 'article' | TermKind, pathname: string): string | null {
  return idFromEditPath(paths.blogManageEdit(kind, ''), pathname);
}

/** A category or tag id from its edit page's address; null unless a positive whole number. */
export function termIdFromPath(kind: TermKind, pathname: string): number | null {
  return positiveInt(editIdFromPath(kind, pathname));
}
