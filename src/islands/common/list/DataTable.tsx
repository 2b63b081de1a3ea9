import { useId, type ReactNode } from 'react';
import type { MessageKey } from '@/lib/i18n/index.ts';
import Msg from '../Msg.tsx';
import ColumnHeader, { type Column, type TableSorting } from './ColumnHeader.tsx';

export interface DataTableProps<S extends string> {
  caption: MessageKey;
  /** The columns before the actions column. */
  columns: readonly Column<S>[];
  sorting?: TableSorting<S>;
  /** The actions column's name (for screen readers). */
  actions: MessageKey;
  /** A min-w-[…] class: below it the table scrolls sideways in its own box (phones). */
  minWidthClass: string;
}

/**
 * A list's table in a focusable, labelled region that scrolls on narrow screens: the caption with
 * the total once known, the column headers, and the rows (or a TableNote).
 */
export default function DataTable<S extends string>({
  caption,
  columns,
  sorting,
  actions,
  minWidthClass,
  total,
  totalKey,
  busy,
  dimmed = false,
  children,
}: DataTableProps<S> & {
  total: number | null;
  totalKey: MessageKey;
  busy: boolean;
  /** The rows on screen are stale (the next page is loading): they are dimmed. */
  dimmed?: boolean;
  children: ReactNode;
}) {
  const captionId = useId();
  return (
    <div
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
      className="relative overflow-x-auto focus-visible:outline-offset-[-3px]"
    >
      <table className={`w-full ${minWidthClass} border-collapse text-sm`} aria-busy={busy}>
        <caption id={captionId} className="px-4 pt-4 pb-2 text-left text-sm text-muted">
          <Msg k={caption} />
          {total !== null && (
            <>
              {' · '}
              <Msg k={totalKey} vars={{ count: total }} />
            </>
          )}
        </caption>
        <thead className="border-b border-line bg-bg/60">
          <tr>
            {columns.map((column) => (
              <ColumnHeader key={column.label} column={column} sorting={sorting} />
            ))}
            <ColumnHeader column={{ label: actions }} actions />
          </tr>
        </thead>
        <tbody className={`divide-y divide-line ${dimmed ? 'opacity-60' : ''}`}>{children}</tbody>
      </table>
    </div>
  );
}
