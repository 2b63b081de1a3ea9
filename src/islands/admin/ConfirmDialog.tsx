import { useEffect, useId, useRef, type ReactNode } from 'react';
import Msg from '../common/Msg.tsx';
import type { MessageKey } from '../../lib/i18n/index.ts';

interface Props {
  open: boolean;
  titleKey: MessageKey;
  children: ReactNode;
  confirmKey: MessageKey;
  /** Marks the confirm button as the dangerous choice. */
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A modal question (the native <dialog>: focus is kept inside, Escape cancels, focus returns to
 * the button that opened it). Cancel has the focus first, so Enter never confirms by accident.
 */
export default function ConfirmDialog({
  open,
  titleKey,
  children,
  confirmKey,
  danger = false,
  onConfirm,
  onCancel,
}: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      cancelButton.current?.focus();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl border border-line bg-surface p-6 text-fg shadow-xl backdrop:bg-black/50"
    >
      <h2 id={titleId} className="text-lg font-semibold">
        <Msg k={titleKey} />
      </h2>
      <div id={bodyId} className="mt-2 text-sm leading-relaxed text-muted">
        {children}
      </div>
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <button ref={cancelButton} type="button" className="btn" onClick={onCancel}>
          <Msg k="admin.cancel" />
        </button>
        <button
          type="button"
          className={
            danger
              ? 'btn border-red-700 bg-red-700 text-white hover:border-red-800 hover:bg-red-800 hover:text-white dark:border-red-400 dark:bg-red-400 dark:text-black dark:hover:text-black'
              : 'btn btn-primary'
          }
          onClick={onConfirm}
        >
          <Msg k={confirmKey} />
        </button>
      </div>
    </dialog>
  );
}
