import type { ReactNode } from 'react';
import Icon from './Icon.tsx';

/**
 * The form-level message. The live region is always in the page, so screen readers announce
 * whatever appears in it; `tone` picks the error or the success look.
 */
export default function FormAlert({
  children,
  tone = 'error',
  emptyClassName = 'empty:-mt-4',
}: {
  children?: ReactNode;
  tone?: 'error' | 'success';
  /** Cancels the parent's flex gap while empty (a margin as large as that gap, negated). */
  emptyClassName?: string;
}) {
  const shown = children !== undefined && children !== null && children !== false;
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
          <span className="min-w-0">{children}</span>
        </p>
      )}
    </div>
  );
}
