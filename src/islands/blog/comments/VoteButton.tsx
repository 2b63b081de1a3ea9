import { useT } from '@/lib/i18n/use-t.ts';
import Icon from '../../common/Icon.tsx';
import Msg from '../../common/Msg.tsx';

export const VOTE_NAME = {
  up: 'blogReader.comments.thumbsUp',
  down: 'blogReader.comments.thumbsDown',
} as const;

/**
 * A thumb with its count: the name ("Thumbs up") is read with the visible count. Without
 * `onClick` (readers who cannot vote) it is the count alone, not a button.
 */
export default function VoteButton({
  kind,
  count,
  pressed = false,
  disabled = false,
  onClick,
}: {
  kind: 'up' | 'down';
  count: number;
  pressed?: boolean;
  disabled?: boolean;
  onClick?: () => void;
}) {
  const { t } = useT();
  const content = (
    <>
      <Icon name="thumb" className={`size-4 ${kind === 'down' ? 'rotate-180' : ''}`} />
      <span className="sr-only">
        <Msg k={VOTE_NAME[kind]} />
      </span>
      <span>{count}</span>
    </>
  );
  if (!onClick) {
    return (
      <span
        className="inline-flex items-center gap-1 px-2 py-1 text-muted"
        title={t(VOTE_NAME[kind])}
      >
        {content}
      </span>
    );
  }
  return (
    <button
      type="button"
      className="btn min-h-8 px-2 py-1 aria-pressed:border-accent aria-pressed:bg-accent-soft aria-pressed:text-fg"
      aria-pressed={pressed}
      title={t(VOTE_NAME[kind])}
      disabled={disabled}
      onClick={onClick}
    >
      {content}
    </button>
  );
}
