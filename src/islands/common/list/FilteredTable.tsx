import type { ReactNode } from 'react';
import type { MessageKey } from '@/lib/i18n/index.ts';
import type { DataTableProps } from './DataTable.tsx';
import ListEmpty from './ListEmpty.tsx';
import ListFilters, { type SearchSpec } from './ListFilters.tsx';
import type { AddLink } from './ListHeader.tsx';
import type { ListWords } from './ListStatus.tsx';
import PagedTable from './PagedTable.tsx';
import type { FilteredList } from './use-filtered-list.ts';

/**
 * A paged list with filters (useFilteredList), in its card: the filter bar (the search, the list's
 * own filters as children, the page size) above the paged table, sorted by its columns; an empty
 * page offers to clear the filters or, when nothing narrows it, to add the first one.
 */
export default function FilteredTable<T, S extends string>({
  list,
  words,
  search,
  filtersClassName,
  children,
  emptyKey,
  add,
  row,
  ...table
}: Omit<DataTableProps<S>, 'sorting'> & {
  list: FilteredList<T, S>;
  words: ListWords;
  search: SearchSpec;
  /** The filter bar's grid columns (e.g. sm:grid-cols-2). */
  filtersClassName: string;
  /** The list's own filters, between the search and the page size. */
  children?: ReactNode;
  /** What an empty list says when no filter narrows it. */
  emptyKey: MessageKey;
  add?: AddLink;
  /** A record's row (with its key). */
  row: (record: T) => ReactNode;
}) {
  return (
    <div className="card min-w-0 overflow-hidden">
      <ListFilters
        words={words}
        className={filtersClassName}
        search={{ ...search, box: list.search }}
        paging={list}
      >
        {children}
      </ListFilters>
      <PagedTable
        {...table}
        list={list}
        words={words}
        sorting={list.sorting}
        empty={
          <ListEmpty
            words={words}
            filtered={list.filtered}
            emptyKey={emptyKey}
            onClear={list.clearFilters}
            add={add}
          />
        }
        row={row}
      />
    </div>
  );
}
