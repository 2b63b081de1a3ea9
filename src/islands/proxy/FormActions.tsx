import type { ReactNode } from 'react';
import type { MessageKey } from '@/lib/i18n/index.ts';
import Feedback from '../common/Feedback.tsx';
import Msg from '../common/Msg.tsx';
import { BUTTON_BUSY_CLASS } from '../common/ui.ts';
import type { Feedback as FeedbackState } from '../common/use-feedback.ts';
import BackLink from './BackLink.tsx';

/** The end of a proxy form: its submit button, the way back to its list, how sending went. */
export default function FormActions({
  kind,
  submit,
  form,
  errorId,
  describedBy,
  busyText = <Msg k="proxy.saving" />,
}: {
  kind: 'node' | 'sub' | 'token';
  submit: MessageKey;
  form: { busy: boolean; feedback: FeedbackState };
  /** The id of the form's error (Feedback's alert). */
  errorId: string;
  /** What the submit button is described by (e.g. the error). */
  describedBy: string | undefined;
  /** Shown while it sends (default "Saving…"). */
  busyText?: ReactNode;
}) {
  return (
    <div>
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="submit"
          className={`btn btn-primary ${BUTTON_BUSY_CLASS}`}
          disabled={form.busy}
          aria-describedby={describedBy}
        >
          <Msg k={submit} />
        </button>
        <BackLink kind={kind} />
      </div>
      <Feedback feedback={form.feedback} errorId={errorId} busyText={busyText} />
    </div>
  );
}
