import type { Notice } from '@/lib/api/failure.ts';
import type { MessageKey } from '@/lib/i18n/index.ts';
import Msg from '../Msg.tsx';
import NoticeText from '../NoticeText.tsx';

/** The link to a list's page that adds one, and its words. */
export interface AddLink {
  href: string;
  text: MessageKey;
}

/** Above a list: the button to add one, and what the last action on the list did. */
export default function ListHeader({ add, notice }: { add: AddLink; notice: Notice | null }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <a href={add.href} className="btn btn-primary">
        <Msg k={add.text} />
      </a>
      <p role="status" className="text-sm text-accent">
        {notice && <NoticeText notice={notice} />}
      </p>
    </div>
  );
}
