import type { ReactNode } from 'react';
import Msg from '../Msg.tsx';
import type { MessageKey } from '@/lib/i18n/index.ts';
import { SMALL_BUTTON_CLASS, ROW_DELETE_CLASS } from '../ui.ts';

/** A labelled row action: its visible words and its name for screen readers (with the row's name). */
export interface RowAction {
  text: MessageKey;
  label: string;
}

/**
 * The last cell of a row: edit (a link), any other links, and delete (a button), right-aligned.
 */
export default function RowActions({
  editHref,
  edit,
  onDelete,
  remove,
  children,
}: {
  editHref: string;
  edit: RowAction;
  onDelete?: () => void;
  remove?: RowAction;
  /** Links between edit and delete. */
  children?: ReactNode;
}) {
  return (
    <td className="px-3 py-2.5">
      <div className="flex justify-end gap-2">
        <a href={editHref} className={SMALL_BUTTON_CLASS} aria-label={edit.label}>
          <Msg k={edit.text} />
        </a>
        {children}
        {onDelete && remove && (
          <button
            type="button"
            className={ROW_DELETE_CLASS}
            aria-label={remove.label}
            onClick={onDelete}
          >
            <Msg k={remove.text} />
          </button>
        )}
      </div>
    </td>
  );
}
