/**
 * A paged list with a search box and filters (the user, article and proxy tables): the paged
 * list (use-paged-list.ts), its search box, whether a filter narrows it and the way to clear them
 * all, and the sorting its table's columns show and change.
 */
import type { TableSorting } from './ColumnHeader.tsx';
import { hasFilters, withoutFilters, type Paging, type Sorting } from './list-query.ts';
import { usePagedList, type PagedList, type PagedListOptions } from './use-paged-list.ts';
import { useSearchBox, type SearchBox } from './use-search-box.ts';

/** What FilteredTable needs of the list. */
export interface FilteredList<T, K extends string> extends PagedList<T> {
  state: { pageSize: number };
  update: (change: { pageSize: number }) => void;
  search: SearchBox;
  /** A filter narrows the list (an empty page then says "no match"). */
  filtered: boolean;
  clearFilters: () => void;
  sorting: TableSorting<K>;
}

export function useFilteredList<S extends Paging & Sorting<string>, T>(
  options: PagedListOptions<S, T> & {
    /** The list sorted by a column (or the other way): which way comes first is the list's own. */
    readonly toggleSort: (state: S, sort: S['sort']) => S;
  },
) {
  const list = usePagedList(options);
  const { state, setState } = list;
  const search = useSearchBox(state, setState);
  const { initial, toggleSort } = options;
  const sorting: TableSorting<S['sort']> = {
    sort: state.sort,
    order: state.order,
    onSort: (sort) => setState((s) => toggleSort(s, sort)),
  };
  return {
    ...list,
    search,
    filtered: hasFilters(state, initial),
    /** Empties the search box and sets every filter back to the default. */
    clearFilters: () => {
      search.clear();
      setState((s) => withoutFilters(s, initial));
    },
    sorting,
  };
}
