import type { MessageKey } from '@/lib/i18n/index.ts';
import Msg from '../Msg.tsx';
import type { SortOrder } from './list-query.ts';

function SortArrow({ direction }: { direction: SortOrder | null }) {
  const d =
    direction === 'asc'
      ? 'm7 14 5-5 5 5'
      : direction === 'desc'
        ? 'm7 10 5 5 5-5'
        : 'm8 9 4-4 4 4M8 15l4 4 4-4';
  return (
    <svg
      className={`size-4 shrink-0 ${direction ? 'text-accent' : 'text-muted'}`}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={d} />
    </svg>
  );
}

/** A column of a list's table; `sort` makes it sortable by that key. */
export interface Column<S extends string> {
  label: MessageKey;
  sort?: S;
}

/** How the table is sorted, and what clicking a sortable column does. */
export interface TableSorting<S extends string> {
  sort: S;
  order: SortOrder;
  onSort: (sort: S) => void;
}

/**
 * A column header: plain, or with a button that sorts the table by the column (aria-sort tells
 * which way); the actions column is right-aligned and named for screen readers only.
 */
export default function ColumnHeader<S extends string>({
  column,
  sorting,
  actions = false,
}: {
  column: Column<S>;
  sorting?: TableSorting<S> | undefined;
  actions?: boolean;
}) {
  if (actions) {
    return (
      <th scope="col" className="px-3 py-2 text-right font-semibold">
        <span className="sr-only">
          <Msg k={column.label} />
        </span>
      </th>
    );
  }
  const key = column.sort;
  const order = key !== undefined && sorting?.sort === key ? sorting.order : null;
  return (
    <th
      scope="col"
      aria-sort={order === null ? undefined : order === 'asc' ? 'ascending' : 'descending'}
      className="px-3 py-2 text-left font-semibold whitespace-nowrap"
    >
      {key !== undefined && sorting ? (
        <button
          type="button"
          onClick={() => sorting.onSort(key)}
          className="-mx-1 inline-flex items-center gap-1 rounded px-1 py-1 hover:text-accent"
        >
          <Msg k={column.label} />
          <SortArrow direction={order} />
        </button>
      ) : (
        <Msg k={column.label} />
      )}
    </th>
  );
}
