/**
 * Deleting a list's record after a question (`<ConfirmDialog {...dialogProps}>`): `ask` opens the
 * question for a record (any earlier failure cleared); confirming runs `remove`, then closes it and
 * calls `onDone` (a notice, a reload); a failure stays in the dialog, for `onFailure` to act on.
 */
import { useState } from 'react';
import type { Failure } from '@/lib/api/failure.ts';
import { failedNotice, useFeedback } from '../use-feedback.ts';

export function useConfirmedDelete<T>(
  remove: (record: T) => Promise<unknown>,
  onDone: (record: T) => void,
  onFailure?: (failure: Failure) => void,
) {
  const [deleting, setDeleting] = useState<T | null>(null);
  const removal = useFeedback();

  const confirm = async () => {
    if (deleting === null) return;
    const record = deleting;
    const failure = await removal.run(async () => {
      await remove(record);
      setDeleting(null);
      onDone(record);
      return null;
    });
    if (failure) onFailure?.(failure);
  };

  return {
    /** The record the question is about (null while closed). */
    deleting,
    ask: (record: T) => {
      removal.reset();
      setDeleting(record);
    },
    /** What ConfirmDialog takes besides its words. */
    dialogProps: {
      open: deleting !== null,
      danger: true,
      busy: removal.busy,
      error: failedNotice(removal.feedback),
      onConfirm: () => void confirm(),
      onCancel: () => setDeleting(null),
    },
  };
}
