import type { Feedback as FeedbackState } from '../../lib/api/feedback.ts';

interface Props {
  feedback: FeedbackState;
  /** The id fields point at with aria-describedby when the error is about them. */
  errorId: string;
  /** Shown (and announced) while busy, e.g. "Saving…". */
  busyText?: string;
}

/**
 * A form's live regions: successes and progress are announced politely, failures assertively.
 * Both regions are always in the page so screen readers notice what appears in them.
 */
export default function Feedback({ feedback, errorId, busyText }: Props) {
  return (
    <div className="mt-3 text-sm">
      <p role="status" className="text-muted">
        {feedback.kind === 'ok' && <span className="text-accent">{feedback.text}</span>}
        {feedback.kind === 'busy' && busyText}
      </p>
      <p role="alert" id={errorId} className="font-medium text-red-700 dark:text-red-300">
        {feedback.kind === 'error' && feedback.text}
      </p>
    </div>
  );
}
