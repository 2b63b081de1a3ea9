import type { Notice } from '@/lib/api/failure.ts';
import type { MessageKey } from '@/lib/i18n/index.ts';
import Msg from './Msg.tsx';
import NoticeText from './NoticeText.tsx';
import { ERROR_CLASS } from './ui.ts';

/** Why something could not be loaded, and the button that tries again. */
export default function RetryAlert({
  notice,
  onRetry,
  retryKey,
  className = '',
}: {
  notice: Notice;
  onRetry: () => void;
  retryKey: MessageKey;
  className?: string;
}) {
  return (
    <div className={`flex flex-wrap items-center gap-3 ${className}`}>
      <p role="alert" className={ERROR_CLASS}>
        <NoticeText notice={notice} />
      </p>
      <button type="button" className="btn" onClick={onRetry}>
        <Msg k={retryKey} />
      </button>
    </div>
  );
}
