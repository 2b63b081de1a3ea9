import type { ReactNode } from 'react';

/** A row across the whole table in place of the rows: loading, or nothing to show. */
export default function TableNote({
  columns,
  muted = true,
  children,
}: {
  columns: number;
  muted?: boolean;
  children: ReactNode;
}) {
  return (
    <tr>
      <td colSpan={columns} className={`px-4 py-10 text-center ${muted ? 'text-muted' : ''}`}>
        {children}
      </td>
    </tr>
  );
}
