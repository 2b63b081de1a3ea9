import type { ReactNode } from 'react';
import type { Notice } from '@/lib/api/failure.ts';
import type { MessageKey } from '@/lib/i18n/index.ts';
import Msg from './Msg.tsx';
import NoticeText from './NoticeText.tsx';
import { ERROR_CLASS } from './ui.ts';

export type LoadState =
  { kind: 'loading' } | { kind: 'missing' } | { kind: 'error'; notice: Notice };

/**
 * What an editor shows instead of its form while its record loads, when the record does not
 * exist, or when loading failed (with a retry); `back` leads to the list.
 */
export default function LoadStateCard({
  state,
  words,
  onRetry,
  back,
  className = '',
}: {
  state: LoadState;
  words: { loading: MessageKey; missing: MessageKey; retry: MessageKey };
  onRetry: () => void;
  back: ReactNode;
  className?: string;
}) {
  if (state.kind === 'loading') {
    return (
      <p role="status" className={`card p-5 text-muted ${className}`}>
        <Msg k={words.loading} />
      </p>
    );
  }
  return (
    <div className={`card p-5 ${className}`}>
      {state.kind === 'missing' ? (
        <p role="alert" className="font-medium">
          <Msg k={words.missing} />
        </p>
      ) : (
        <p role="alert" className={ERROR_CLASS}>
          <NoticeText notice={state.notice} />
        </p>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-4">
        {state.kind === 'error' && (
          <button type="button" className="btn" onClick={onRetry}>
            <Msg k={words.retry} />
          </button>
        )}
        {back}
      </div>
    </div>
  );
}
