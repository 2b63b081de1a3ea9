import type { Notice } from '@/lib/api/failure.ts';
import type { MessageKey } from '@/lib/i18n/index.ts';
import { useT } from '@/lib/i18n/use-t.ts';
import RetryAlert from '../RetryAlert.tsx';

/** The words of a section's lists. */
export interface ListWords {
  /** The filter bar's name. */
  filters: MessageKey;
  loading: MessageKey;
  /** "{count} found", told to screen readers. */
  found: MessageKey;
  /** "{count} in all", after the caption. */
  total: MessageKey;
  retry: MessageKey;
  pageSize: MessageKey;
  noMatch: MessageKey;
  clearFilters: MessageKey;
}

/**
 * Where a list stands: screen readers hear that it is loading, then how many it found; a failed
 * load shows why, with the button that tries again.
 */
export default function ListStatus({
  loading,
  count,
  error,
  onRetry,
  words,
  errorClassName = 'border-b border-line p-4',
}: {
  loading: boolean;
  /** Null until a result is in (or after a failure). */
  count: number | null;
  error: Notice | null;
  onRetry: () => void;
  words: ListWords;
  errorClassName?: string;
}) {
  const { t } = useT();
  return (
    <>
      <p role="status" className="sr-only">
        {loading ? t(words.loading) : count !== null ? t(words.found, { count }) : ''}
      </p>
      {error && (
        <RetryAlert
          notice={error}
          onRetry={onRetry}
          retryKey={words.retry}
          className={errorClassName}
        />
      )}
    </>
  );
}
