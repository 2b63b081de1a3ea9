import { useEffect, useId, useRef, type ReactNode } from 'react';
import type { Notice } from '@/lib/api/failure.ts';
import type { MessageKey } from '@/lib/i18n/index.ts';
import Msg from './Msg.tsx';
import NoticeText from './NoticeText.tsx';
import { BUTTON_BUSY_CLASS, DANGER_BUTTON_CLASS, ERROR_CLASS } from './ui.ts';

interface Props {
  open: boolean;
  titleKey: MessageKey;
  titleVars?: Readonly<Record<string, string | number>>;
  children: ReactNode;
  confirmKey: MessageKey;
  /** Marks the confirm button as the dangerous choice. */
  danger?: boolean;
  /** While the confirmed action runs: both buttons wait. */
  busy?: boolean;
  /** Why the confirmed action failed, shown inside the dialog. */
  error?: Notice | null;
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
  titleVars,
  children,
  confirmKey,
  danger = false,
  busy = false,
  error = null,
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
        if (!busy) onCancel();
      }}
      className="m-auto w-[min(30rem,calc(100vw-2rem))] rounded-xl border border-line bg-surface p-6 text-fg shadow-xl backdrop:bg-black/50"
    >
      <h2 id={titleId} className="text-lg font-semibold break-words">
        <Msg k={titleKey} {...(titleVars ? { vars: titleVars } : {})} />
      </h2>
      <div id={bodyId} className="mt-2 text-sm leading-relaxed text-muted">
        {children}
      </div>
      <p role="alert" className={`${ERROR_CLASS} mt-3 empty:mt-0`}>
        {error && <NoticeText notice={error} />}
      </p>
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <button
          ref={cancelButton}
          type="button"
          className={`btn ${BUTTON_BUSY_CLASS}`}
          disabled={busy}
          onClick={onCancel}
        >
          <Msg k="common.cancel" />
        </button>
        <button
          type="button"
          className={`${danger ? DANGER_BUTTON_CLASS : 'btn btn-primary'} ${BUTTON_BUSY_CLASS}`}
          disabled={busy}
          aria-busy={busy}
          onClick={onConfirm}
        >
          <Msg k={confirmKey} />
        </button>
      </div>
    </dialog>
  );
}
