/**
 * The rows of a paged list whose query lives in the address (the user, article and inbox
 * tables): on every change of `state` the address is rewritten and the page loaded; the last
 * page shown stays on screen while the next loads; a page past the end (rows deleted, filters
 * narrowed) moves to the last one; a failure keeps the message for a retry.
 */
import { useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import type { Page } from '@/lib/shared/codes.ts';
import { writeAddressQuery } from './use-list-query.ts';

/** `F`: a failure as the list shows it (`describe` makes it, e.g. a notice from readFailure). */
export type PagedRows<T, F = unknown> =
  | { kind: 'loading'; previous: Page<T> | null }
  | { kind: 'ready'; page: Page<T> }
  | { kind: 'error'; text: F; previous: Page<T> | null };

export interface PagedRowsOptions<S extends { readonly pageNum: number }, T, F = unknown> {
  readonly state: S;
  readonly setState: Dispatch<SetStateAction<S>>;
  /** False until `state` has been read from the address (nothing loads before). */
  readonly ready: boolean;
  /** The address query of a state ('' for the defaults). */
  readonly toQuery: (state: S) => string;
  readonly load: (state: S) => Promise<Page<T>>;
  readonly describe: (error: unknown) => F;
}

export function usePagedRows<S extends { readonly pageNum: number }, T, F = unknown>(
  options: PagedRowsOptions<S, T, F>,
) {
  const { state, setState, ready } = options;
  const [rows, setRows] = useState<PagedRows<T, F>>({ kind: 'loading', previous: null });
  const [attempt, setAttempt] = useState(0);
  // The callbacks change with every render; the load runs for state changes only.
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    if (!ready) return;
    const { toQuery, load } = latest.current;
    writeAddressQuery(toQuery(state));
    let current = true;
    setRows((r) => ({ kind: 'loading', previous: r.kind === 'ready' ? r.page : r.previous }));
    load(state).then(
      (page) => {
        if (!current) return;
        if (
          page.records.length === 0 &&
          page.totalPageNum > 0 &&
          state.pageNum > page.totalPageNum
        ) {
          setState((s) => ({ ...s, pageNum: page.totalPageNum }));
          return;
        }
        setRows({ kind: 'ready', page });
      },
      (error: unknown) => {
        if (!current) return;
        setRows((r) => ({
          kind: 'error',
          text: latest.current.describe(error),
          previous: r.kind === 'loading' ? r.previous : null,
        }));
      },
    );
    return () => {
      current = false;
    };
  }, [state, ready, attempt, setState]);

  return {
    rows,
    setRows,
    /** The page on screen: the loaded one, or while loading or failing, the one before. */
    page: rows.kind === 'ready' ? rows.page : rows.previous,
    loading: rows.kind === 'loading',
    /** Loads the current page again (after a failure, or a change made here). */
    reload: () => setAttempt((n) => n + 1),
  };
}

/** The rows with a record changed here shown in place of the loaded one (same id). */
export function replaceRecord<T extends { id: unknown }, F>(
  rows: PagedRows<T, F>,
  next: T,
): PagedRows<T, F> {
  return rows.kind === 'ready'
    ? {
        kind: 'ready',
        page: {
          ...rows.page,
          records: rows.page.records.map((r) => (r.id === next.id ? next : r)),
        },
      }
    : rows;
}
