/**
 * The manage lists' state as it appears in the page's address (`?page=2&q=astro&status=draft…`),
 * so a reload, a shared link or "back" from the edit page shows the same list. Anything
 * unreadable falls back to the default.
 */
import type {
  ArticleSort,
  ArticleStatus,
  ManagedArticleQuery,
  SortOrder,
  TermKind,
} from '../../lib/api/blog-manage.ts';
import { paths } from '../../lib/shared/paths.ts';
import { SHELL_ID } from '../../lib/shared/routes.ts';

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;
export const ARTICLE_SORTS: readonly ArticleSort[] = [
  'updateTime',
  'publishTime',
  'createTime',
  'title',
  'views',
];
export const ARTICLE_STATUSES: readonly ArticleStatus[] = ['draft', 'published', 'scheduled'];
/** The longest search the server takes. */
export const MAX_SEARCH = 100;

export interface ArticleListState {
  pageNum: number;
  pageSize: number;
  search: string;
  /** '' = any status. */
  status: '' | ArticleStatus;
  categoryId: number | null;
  tagId: number | null;
  sort: ArticleSort;
  order: SortOrder;
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

function positiveInt(value: string | null): number | null {
  if (value === null || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 ? n : null;
}

function readOrder(value: string | null, fallback: SortOrder): SortOrder {
  return value === 'asc' || value === 'desc' ? value : fallback;
}

export function parseArticleListState(search: string): ArticleListState {
  const params = new URLSearchParams(search);
  const size = positiveInt(params.get('size'));
  const sort = params.get('sort');
  const status = params.get('status');
  return {
    pageNum: Math.min(positiveInt(params.get('page')) ?? 1, 1_000_000),
    pageSize: PAGE_SIZES.find((s) => s === size) ?? DEFAULT_PAGE_SIZE,
    search: (params.get('q') ?? '').slice(0, MAX_SEARCH),
    status: ARTICLE_STATUSES.find((s) => s === status) ?? '',
    categoryId: positiveInt(params.get('category')),
    tagId: positiveInt(params.get('tag')),
    sort: ARTICLE_SORTS.find((s) => s === sort) ?? DEFAULT_ARTICLE_LIST.sort,
    order: readOrder(params.get('order'), DEFAULT_ARTICLE_LIST.order),
  };
}

/** The address query for a state (without `?`); defaults are left out. */
export function formatArticleListState(state: ArticleListState): string {
  const params = new URLSearchParams();
  if (state.pageNum !== 1) params.set('page', String(state.pageNum));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set('size', String(state.pageSize));
  if (state.search.trim() !== '') params.set('q', state.search.trim());
  if (state.status !== '') params.set('status', state.status);
  if (state.categoryId !== null) params.set('category', String(state.categoryId));
  if (state.tagId !== null) params.set('tag', String(state.tagId));
  if (state.sort !== DEFAULT_ARTICLE_LIST.sort) params.set('sort', state.sort);
  if (state.order !== DEFAULT_ARTICLE_LIST.order) params.set('order', state.order);
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

/** True when a filter (search, status, category, tag) narrows the list. */
export function isFiltered(state: ArticleListState): boolean {
  return (
    state.search.trim() !== '' ||
    state.status !== '' ||
    state.categoryId !== null ||
    state.tagId !== null
  );
}

/**
 * Clicking a column's sort button: the same column flips the order; another column starts with
 * the order that reads naturally (names A→Z, dates, counts and views highest first).
 */
export function toggleSort<T extends { sort: string; order: SortOrder }>(
  state: T,
  sort: T['sort'],
  ascendingFirst: readonly T['sort'][],
): T {
  const order: SortOrder =
    state.sort === sort
      ? state.order === 'asc'
        ? 'desc'
        : 'asc'
      : ascendingFirst.includes(sort)
        ? 'asc'
        : 'desc';
  return { ...state, sort, order };
}

/** The article list sorted by another column (or the other way), back at page 1. */
export function toggleArticleSort(state: ArticleListState, sort: ArticleSort): ArticleListState {
  return { ...toggleSort(state, sort, ['title']), pageNum: 1 };
}

// ---- Categories and tags (one list, filtered and sorted in the page) ----

export const TERM_SORTS = ['name', 'count', 'updateTime'] as const;
export type TermSort = (typeof TERM_SORTS)[number];

export interface TermListState {
  search: string;
  sort: TermSort;
  order: SortOrder;
}

export const DEFAULT_TERM_LIST: TermListState = { search: '', sort: 'count', order: 'desc' };

export function parseTermListState(search: string): TermListState {
  const params = new URLSearchParams(search);
  const sort = params.get('sort');
  return {
    search: (params.get('q') ?? '').slice(0, MAX_SEARCH),
    sort: TERM_SORTS.find((s) => s === sort) ?? DEFAULT_TERM_LIST.sort,
    order: readOrder(params.get('order'), DEFAULT_TERM_LIST.order),
  };
}

export function formatTermListState(state: TermListState): string {
  const params = new URLSearchParams();
  if (state.search.trim() !== '') params.set('q', state.search.trim());
  if (state.sort !== DEFAULT_TERM_LIST.sort) params.set('sort', state.sort);
  if (state.order !== DEFAULT_TERM_LIST.order) params.set('order', state.order);
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
  const prefix = paths.blogManageEdit(kind, '');
  if (!pathname.startsWith(prefix)) return null;
  const segment = pathname.slice(prefix.length).replace(/\/$/, '');
  if (segment === '' || segment.includes('/')) return null;
  let id: string;
  try {
    id = decodeURIComponent(segment);
  } catch {
    return null;
  }
  return id === SHELL_ID || id.trim() === '' ? null : id;
}

/** A category or tag id from its edit page's address; null unless a positive whole number. */
export function termIdFromPath(kind: TermKind, pathname: string): number | null {
  return positiveInt(editIdFromPath(kind, pathname));
}
