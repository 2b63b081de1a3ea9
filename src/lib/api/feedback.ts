/**
 * The feedback of a form or button that calls the API (a React hook for the islands): idle,
 * sending, done with a message, or failed with the reason in the visitor's language.
 */
import { useCallback, useState } from 'react';
import { useT } from '../i18n/use-t.ts';
import { errorText } from './errors.ts';

/** What a form last did: nothing yet, sending, done (with a message), or failed (with why). */
export type Feedback =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'ok'; text: string }
  | { kind: 'error'; text: string; field?: string };

const IDLE: Feedback = { kind: 'idle' };

/** A failure found by the page itself, already worded for the visitor. */
export class FormProblem extends Error {
  override name = 'FormProblem';
}

/**
 * A form's feedback and a way to run its call: `run` marks it busy, then shows the returned
 * success text or the failure in the visitor's language (server messages are bilingual).
 */
export function useFeedback() {
  const { locale, t } = useT();
  const [feedback, setFeedback] = useState<Feedback>(IDLE);

  const describe = useCallback(
    (error: unknown) =>
      errorText(error, locale, { network: t('apiError.network'), unknown: t('apiError.unknown') }),
    [locale, t],
  );

  const run = useCallback(
    async (work: () => Promise<string | null>): Promise<boolean> => {
      setFeedback({ kind: 'busy' });
      try {
        const text = await work();
        setFeedback(text ? { kind: 'ok', text } : IDLE);
        return true;
      } catch (error) {
        const text = error instanceof FormProblem ? error.message : describe(error);
        setFeedback({ kind: 'error', text });
        return false;
      }
    },
    [describe],
  );

  /** Refuses before sending: shows why and which field is at fault. */
  const refuse = useCallback((text: string, field?: string) => {
    setFeedback(field ? { kind: 'error', text, field } : { kind: 'error', text });
  }, []);

  const reset = useCallback(() => setFeedback(IDLE), []);

  return { feedback, busy: feedback.kind === 'busy', run, refuse, reset, describe, locale, t };
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
