import type { ReactNode } from 'react';
import NoticeText from './NoticeText.tsx';
import { ERROR_CLASS, HINT_CLASS } from './ui.ts';
import type { Feedback as FeedbackState } from './use-feedback.ts';

interface Props {
  feedback: FeedbackState;
  /** The id fields point at with aria-describedby when the error is about them. */
  errorId: string;
  /** Shown (and announced) while busy, e.g. "Saving…". */
  busyText?: ReactNode;
  /** Small, under a single field (a picker's "create" button) rather than a whole form. */
  compact?: boolean;
}

/**
 * A form's live regions: successes and progress are announced politely, failures assertively.
 * Both regions are always in the page so screen readers notice what appears in them.
 */
export default function Feedback({ feedback, errorId, busyText, compact = false }: Props) {
  const status = (
    <>
      {feedback.kind === 'ok' && (
        <span className={compact ? '' : 'text-accent'}>
          <NoticeText notice={feedback.notice} />
        </span>
      )}
      {feedback.kind === 'busy' && busyText}
    </>
  );
  const error = feedback.kind === 'error' && <NoticeText notice={feedback.notice} />;
  if (compact) {
    return (
      <>
        <p role="status" className={`${HINT_CLASS} empty:mt-0`}>
          {status}
        </p>
        <p id={errorId} role="alert" className={`${ERROR_CLASS} mt-1 empty:mt-0`}>
          {error}
        </p>
      </>
    );
  }
  return (
    <div className="mt-3 text-sm">
      <p role="status" className="text-muted">
        {status}
      </p>
      <p role="alert" id={errorId} className="font-medium text-red-700 dark:text-red-300">
        {error}
      </p>
    </div>
  );
}
