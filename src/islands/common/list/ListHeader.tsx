import type { Notice } from '@/lib/api/failure.ts';
import type { MessageKey } from '@/lib/i18n/index.ts';
import Msg from '../Msg.tsx';
import NoticeText from '../NoticeText.tsx';

/** Above a list: the button to add one, and what the last action on the list did. */
export default function ListHeader({
  addHref,
  addKey,
  notice,
}: {
  addHref: string;
  addKey: MessageKey;
  notice: Notice | null;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <a href={addHref} className="btn btn-primary">
        <Msg k={addKey} />
      </a>
      <p role="status" className="text-sm text-accent">
        {notice && <NoticeText notice={notice} />}
      </p>
    </div>
  );
}
