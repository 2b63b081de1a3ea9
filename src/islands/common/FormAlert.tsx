import type { ReactNode } from 'react';
import type { Notice } from '@/lib/api/failure.ts';
import Icon from './Icon.tsx';
import NoticeText from './NoticeText.tsx';

/**
 * The form-level message. The live region is always in the page, so screen readers announce
 * whatever appears in it; `tone` picks the error or the success look. It shows `notice` (a form's
 * failure, see use-feedback.ts) or else its children.
 */
export default function FormAlert({
  children,
  notice = null,
  tone = 'error',
  emptyClassName = 'empty:-mt-4',
}: {
  children?: ReactNode;
  notice?: Notice | null;
  tone?: 'error' | 'success';
  /** Cancels the parent's flex gap while empty (a margin as large as that gap, negated). */
  emptyClassName?: string;
}) {
  const content = notice ? <NoticeText notice={notice} /> : children;
  const shown = content !== undefined && content !== null && content !== false;
  return (
    <div
      aria-live={tone === 'error' ? 'assertive' : 'polite'}
      aria-atomic="true"
      className={emptyClassName}
    >
      {shown && (
        <p
          className={
            tone === 'error'
              ? 'flex items-start gap-2 rounded-md border border-warn-fg/40 bg-warn-soft px-3 py-2 text-sm text-warn-fg'
              : 'flex items-start gap-2 rounded-md border border-accent/40 bg-accent-soft px-3 py-2 text-sm text-fg'
          }
        >
          <Icon name={tone === 'error' ? 'alert' : 'check'} className="mt-0.5 size-4 shrink-0" />
          <span className="min-w-0">{content}</span>
        </p>
      )}
    </div>
  );
}
