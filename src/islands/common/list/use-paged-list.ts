/**
 * A paged list whose query lives in the address (the user, article and inbox lists): its state
 * (use-list-query.ts) and its rows (use-paged-rows.ts), failures read as notices.
 */
import { readFailure, type Notice } from '@/lib/api/failure.ts';
import type { Page } from '@/lib/shared/codes.ts';
import { useListQuery } from './use-list-query.ts';
import { usePagedRows, type PagedRows } from './use-paged-rows.ts';

export interface PagedListOptions<S extends { pageNum: number }, T> {
  readonly initial: S;
  /** The state of an address query (`?…`); anything unreadable gives the default. */
  readonly parse: (search: string) => S;
  /** The address query of a state ('' for the defaults). */
  readonly format: (state: S) => string;
  readonly load: (state: S) => Promise<Page<T>>;
}

/** What PagedTable and the list's controls need of it. */
export interface PagedList<T> {
  rows: PagedRows<T, Notice>;
  /** The page on screen (the one before while the next loads or after a failure). */
  page: Page<T> | null;
  loading: boolean;
  reload: () => void;
  goTo: (pageNum: number) => void;
}

export function usePagedList<S extends { pageNum: number }, T>(options: PagedListOptions<S, T>) {
  const { state, setState, ready } = useListQuery(options.initial, options.parse);
  const rows = usePagedRows({
    state,
    setState,
    ready,
    toQuery: options.format,
    load: options.load,
    describe: (error) => readFailure(error).notice,
  });
  return {
    ...rows,
    state,
    setState,
    /** Changes a filter or the page size: back to page 1. */
    update: (change: Partial<S>) => setState((s) => ({ ...s, pageNum: 1, ...change })),
    goTo: (pageNum: number) => setState((s) => ({ ...s, pageNum })),
  };
}
