import { useEffect, useId, useRef, useState } from 'react';
import { getQrCode } from '@/lib/api/common.ts';
import { COPIED_MS, copyText } from '../common/copy-text.ts';
import { readFailure, type Notice } from '@/lib/api/failure.ts';
import { useT } from '@/lib/i18n/use-t.ts';
import type { MessageKey } from '@/lib/i18n/index.ts';
import Msg from '../common/Msg.tsx';
import NoticeText from '../common/NoticeText.tsx';

interface Props {
  /** The article's absolute URL. */
  url: string;
}

type Copy = 'idle' | 'copied' | 'failed';

type Qr =
  | { kind: 'closed' }
  | { kind: 'loading' }
  | { kind: 'ready'; dataUrl: string }
  | { kind: 'failed'; notice: Notice };

/**
 * Sharing an article: copy its link (with a spoken confirmation), show a QR code of it in a dialog
 * (made by the API, shown as an image), and print the page. The QR code is fetched once per page.
 */
export default function ShareBar({ url }: Props) {
  const { t } = useT();
  const [copy, setCopy] = useState<Copy>('idle');
  const [qr, setQr] = useState<Qr>({ kind: 'closed' });
  const cached = useRef<string | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const labelId = useId();
  const titleId = useId();
  const copyTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(copyTimer.current), []);

  const open = qr.kind !== 'closed';
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    else if (!open && element.open) element.close();
  }, [open]);

  async function onCopy() {
    clearTimeout(copyTimer.current);
    const done = await copyText(url);
    setCopy(done ? 'copied' : 'failed');
    if (done) copyTimer.current = setTimeout(() => setCopy('idle'), COPIED_MS);
  }

  async function onQr() {
    if (cached.current) {
      setQr({ kind: 'ready', dataUrl: cached.current });
      return;
    }
    setQr({ kind: 'loading' });
    try {
      const dataUrl = await getQrCode(url);
      cached.current = dataUrl;
      setQr((now) => (now.kind === 'closed' ? now : { kind: 'ready', dataUrl }));
    } catch (error) {
      const { notice } = readFailure(error);
      setQr((now) => (now.kind === 'closed' ? now : { kind: 'failed', notice }));
    }
  }

  const status: MessageKey | null =
    copy === 'copied'
      ? 'blogPage.share.copied'
      : copy === 'failed'
        ? 'blogPage.share.copyFailed'
        : null;

  return (
    <div role="group" aria-labelledby={labelId} className="flex flex-wrap items-center gap-2">
      <span id={labelId} className="mr-1 text-sm font-medium text-muted">
        <Msg k="blogPage.share.label" />
      </span>
      <button type="button" className="btn" onClick={() => void onCopy()}>
        <Msg k="blogPage.share.copy" />
      </button>
      <button type="button" className="btn" aria-haspopup="dialog" onClick={() => void onQr()}>
        <Msg k="blogPage.share.qr" />
      </button>
      <button type="button" className="btn" onClick={() => window.print()}>
        <Msg k="blogPage.share.print" />
      </button>
      <p
        role="status"
        className={`basis-full text-sm ${copy === 'failed' ? 'text-warn-fg' : 'text-accent'}`}
      >
        {status && <Msg k={status} />}
      </p>

      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        onCancel={(event) => {
          event.preventDefault();
          setQr({ kind: 'closed' });
        }}
        className="m-auto w-[min(22rem,calc(100vw-2rem))] rounded-xl border border-line bg-surface p-6 text-fg shadow-xl backdrop:bg-black/50"
      >
        <h2 id={titleId} className="text-lg font-semibold">
          <Msg k="blogPage.share.qrTitle" />
        </h2>
        <div className="mt-4 flex min-h-64 items-center justify-center" aria-live="polite">
          {qr.kind === 'loading' && (
            <p className="text-sm text-muted">
              <Msg k="blogPage.share.qrLoading" />
            </p>
          )}
          {qr.kind === 'ready' && (
            <img
              className="size-64 rounded-md bg-white p-2"
              src={qr.dataUrl}
              width={256}
              height={256}
              alt={t('blogPage.share.qrAlt', { url })}
            />
          )}
          {qr.kind === 'failed' && (
            <p role="alert" className="text-sm font-medium text-warn-fg">
              <NoticeText notice={qr.notice} />
            </p>
          )}
        </div>
        <p className="mt-3 text-center text-xs break-all text-muted">{url}</p>
        <div className="mt-5 flex justify-end">
          <button type="button" className="btn" autoFocus onClick={() => setQr({ kind: 'closed' })}>
            <Msg k="blogPage.share.close" />
          </button>
        </div>
      </dialog>
    </div>
  );
}
