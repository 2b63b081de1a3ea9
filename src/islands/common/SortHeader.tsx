import type { MessageKey } from '../../lib/i18n/index.ts';
import Msg from './Msg.tsx';

function SortArrow({ direction }: { direction: 'asc' | 'desc' | null }) {
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

interface Props {
  label: MessageKey;
  /** The column's order when the table is sorted by it; null when it is not. */
  order: 'asc' | 'desc' | null;
  onToggle: () => void;
  className?: string;
}

/** A column header whose button sorts the table by that column (aria-sort tells which way). */
export default function SortHeader({ label, order, onToggle, className = '' }: Props) {
  return (
    <th
      scope="col"
      aria-sort={order === null ? undefined : order === 'asc' ? 'ascending' : 'descending'}
      className={`px-3 py-2 text-left font-semibold whitespace-nowrap ${className}`}
    >
      <button
        type="button"
        onClick={onToggle}
        className="-mx-1 inline-flex items-center gap-1 rounded px-1 py-1 hover:text-accent"
      >
        <Msg k={label} />
        <SortArrow direction={order} />
      </button>
    </th>
  );
}
