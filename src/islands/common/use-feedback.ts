/**
 * The feedback of a form or button that calls the API: idle, sending, done with a message, or
 * failed with the reason. Failures are read by `readFailure` (src/lib/api/failure.ts) and shown
 * as notices by `<Feedback>` — the same words, in both languages, as every other island shows.
 */
import { useCallback, useState } from 'react';
import { readFailure, type Failure, type Notice } from '@/lib/api/failure.ts';

/** What a form last did: nothing yet, sending, done (with a message), or failed (with why). */
export type Feedback =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'ok'; notice: Notice }
  | { kind: 'error'; notice: Notice; field?: string };

const IDLE: Feedback = { kind: 'idle' };

/** A failure found by the page itself while it works, already worded for the visitor. */
export class FormProblem extends Error {
  override name = 'FormProblem';
  readonly notice: Notice;

  constructor(notice: Notice) {
    super('key' in notice ? notice.key : notice.text.en);
    this.notice = notice;
  }
}

/**
 * A form's feedback and a way to run its call: `run` marks it busy, then shows the returned
 * success notice or the failure, and resolves to that failure (null on success) for callers that
 * need more than the words (a captcha to renew, a wait to count down).
 */
export function useFeedback() {
  const [feedback, setFeedback] = useState<Feedback>(IDLE);

  const run = useCallback(async (work: () => Promise<Notice | null>): Promise<Failure | null> => {
    setFeedback({ kind: 'busy' });
    try {
      const notice = await work();
      setFeedback(notice ? { kind: 'ok', notice } : IDLE);
      return null;
    } catch (error) {
      const failure =
        error instanceof FormProblem
          ? { ...readFailure(error), notice: error.notice }
          : readFailure(error);
      setFeedback({ kind: 'error', notice: failure.notice });
      return failure;
    }
  }, []);

  /** Refuses before sending: shows why and which field is at fault. */
  const refuse = useCallback((notice: Notice, field?: string) => {
    setFeedback(field ? { kind: 'error', notice, field } : { kind: 'error', notice });
  }, []);

  const reset = useCallback(() => setFeedback(IDLE), []);

  return { feedback, busy: feedback.kind === 'busy', run, refuse, reset };
}

/** The notice of a failed form (for `<FormAlert notice>`), else null. */
export function failedNotice(feedback: Feedback): Notice | null {
  return feedback.kind === 'error' ? feedback.notice : null;
}

/**
 * Props that tie a field to the form's error when the error is about it, plus any hint ids the
 * field is always described by.
 */
export function fieldErrorProps(
  feedback: Feedback,
  field: string,
  errorId: string,
  ...hintIds: string[]
) {
  const invalid = feedback.kind === 'error' && feedback.field === field;
  const ids = invalid ? [errorId, ...hintIds] : hintIds;
  return {
    'aria-invalid': invalid ? (true as const) : undefined,
    'aria-describedby': ids.length > 0 ? ids.join(' ') : undefined,
  };
}
