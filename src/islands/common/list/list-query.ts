/**
 * A list's state as it appears in the page's address (`?page=2&size=50&q=ann&sort=name…`), so a
 * reload, a shared link or "back" from an edit page shows the same list. Every list reads and
 * writes the same parameters the same way; anything unreadable falls back to the default, and
 * defaults are left out of the address.
 */

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;
/** The highest page number an address may ask for. */
const PAGE_MAX = 1_000_000;

export type SortOrder = 'asc' | 'desc';

/** A positive whole number from the address, else null. */
export function positiveInt(value: string | null): number | null {
  if (value === null || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 ? n : null;
}

/** Page, page size and search of a paged list. */
export interface Paging {
  pageNum: number;
  pageSize: number;
  search: string;
}

/** The column a list is sorted by, and which way. */
export interface Sorting<S extends string> {
  sort: S;
  order: SortOrder;
}

/** `page`, `size` and `q` (cut at `maxSearch` characters). */
export function readPaging(params: URLSearchParams, maxSearch: number): Paging {
  const size = positiveInt(params.get('size'));
  return {
    pageNum: Math.min(positiveInt(params.get('page')) ?? 1, PAGE_MAX),
    pageSize: PAGE_SIZES.find((s) => s === size) ?? DEFAULT_PAGE_SIZE,
    search: readSearch(params, maxSearch),
  };
}

/** `q`, cut at `maxSearch` characters ('' when absent). */
export function readSearch(params: URLSearchParams, maxSearch: number): string {
  return (params.get('q') ?? '').slice(0, maxSearch);
}

/** `sort` (one of `sorts`) and `order`. */
export function readSorting<S extends string>(
  params: URLSearchParams,
  sorts: readonly S[],
  fallback: Sorting<S>,
): Sorting<S> {
  const sort = params.get('sort');
  const order = params.get('order');
  return {
    sort: sorts.find((s) => s === sort) ?? fallback.sort,
    order: order === 'asc' || order === 'desc' ? order : fallback.order,
  };
}

export function writePaging(params: URLSearchParams, state: Paging): void {
  if (state.pageNum !== 1) params.set('page', String(state.pageNum));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set('size', String(state.pageSize));
  writeSearch(params, state.search);
}

export function writeSearch(params: URLSearchParams, search: string): void {
  if (search.trim() !== '') params.set('q', search.trim());
}

export function writeSorting<S extends string>(
  params: URLSearchParams,
  state: Sorting<S>,
  fallback: Sorting<S>,
): void {
  if (state.sort !== fallback.sort) params.set('sort', state.sort);
  if (state.order !== fallback.order) params.set('order', state.order);
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

/** The fields of a list's state that are not filters: where it is, how many a page, its order. */
const NOT_FILTERS: ReadonlySet<string> = new Set(['pageNum', 'pageSize', 'sort', 'order']);

/**
 * True when a filter narrows the list: the search (spaces aside) or any other field of the state
 * but the page, the page size and the order differs from the list's defaults.
 */
export function hasFilters<S extends Paging & Sorting<string>>(state: S, defaults: S): boolean {
  return (Object.keys(defaults) as (keyof S & string)[]).some((key) =>
    key === 'search'
      ? state.search.trim() !== defaults.search.trim()
      : !NOT_FILTERS.has(key) && state[key] !== defaults[key],
  );
}

/** The list with every filter back at its default: page 1, the page size and order kept. */
export function withoutFilters<S extends Paging & Sorting<string>>(state: S, defaults: S): S {
  return {
    ...defaults,
    pageNum: 1,
    pageSize: state.pageSize,
    sort: state.sort,
    order: state.order,
  };
}
