import { useT } from '@/lib/i18n/use-t.ts';
import Msg from '../Msg.tsx';
import { BUTTON_BUSY_CLASS } from '../ui.ts';

interface Props {
  pageNum: number;
  totalPageNum: number;
  busy: boolean;
  onPage: (pageNum: number) => void;
}

/** Previous / "page n of m" / next, below a list; nothing when everything fits on one page. */
export default function Pager({ pageNum, totalPageNum, busy, onPage }: Props) {
  const { t } = useT();
  if (totalPageNum <= 1) return null;
  return (
    <nav
      aria-label={t('common.pages')}
      className="flex flex-wrap items-center justify-between gap-3 border-t border-line p-4"
    >
      <button
        type="button"
        className={`btn ${BUTTON_BUSY_CLASS}`}
        disabled={busy || pageNum <= 1}
        onClick={() => onPage(pageNum - 1)}
      >
        <Msg k="common.prev" />
      </button>
      <p className="text-sm text-muted">
        <Msg k="common.pageOf" vars={{ page: pageNum, pages: totalPageNum }} />
      </p>
      <button
        type="button"
        className={`btn ${BUTTON_BUSY_CLASS}`}
        disabled={busy || pageNum >= totalPageNum}
        onClick={() => onPage(pageNum + 1)}
      >
        <Msg k="common.next" />
      </button>
    </nav>
  );
}
