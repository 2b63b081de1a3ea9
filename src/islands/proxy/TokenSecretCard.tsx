import { useEffect, useId, useRef, useState } from 'react';
import { getQrCode } from '@/lib/api/common.ts';
import { readFailure, type Notice } from '@/lib/api/failure.ts';
import type { TokenSecret } from '@/lib/api/proxy.ts';
import type { MessageKey } from '@/lib/i18n/index.ts';
import { useT } from '@/lib/i18n/use-t.ts';
import Icon from '../common/Icon.tsx';
import Msg from '../common/Msg.tsx';
import NoticeText from '../common/NoticeText.tsx';
import CopyButton from './CopyButton.tsx';
import { CLIENT_TARGETS, clientLink, type ClientTarget } from './format.ts';

const TARGET_KEY: Readonly<Record<ClientTarget, MessageKey>> = {
  '': 'proxy.secret.universal',
  clash: 'proxy.secret.clash',
  'sing-box': 'proxy.secret.singBox',
};

type Qr =
  { kind: 'loading' } | { kind: 'ready'; dataUrl: string } | { kind: 'failed'; notice: Notice };

/**
 * A token's link, shown once (after it is made or rotated; the server keeps only a hash): the
 * link for each client format with a copy button, a QR code of it, and a clear note that it
 * will not be shown again. Takes the focus when it appears.
 */
export default function TokenSecretCard({
  secret,
  made,
}: {
  secret: TokenSecret;
  made: 'created' | 'rotated';
}) {
  const { t } = useT();
  const [qr, setQr] = useState<Qr>({ kind: 'loading' });
  const heading = useRef<HTMLHeadingElement>(null);
  const ids = { title: useId(), once: useId() };

  useEffect(() => heading.current?.focus(), [secret]);

  useEffect(() => {
    let current = true;
    setQr({ kind: 'loading' });
    getQrCode(secret.link).then(
      (dataUrl) => {
        if (current) setQr({ kind: 'ready', dataUrl });
      },
      (error: unknown) => {
        if (current) setQr({ kind: 'failed', notice: readFailure(error).notice });
      },
    );
    return () => {
      current = false;
    };
  }, [secret.link]);

  return (
    <section
      aria-labelledby={ids.title}
      aria-describedby={ids.once}
      className="card grid min-w-0 gap-4 border-accent p-5 sm:p-6"
    >
      <h2 id={ids.title} ref={heading} tabIndex={-1} className="text-lg font-semibold break-words">
        <Msg
          k={made === 'created' ? 'proxy.secret.created' : 'proxy.secret.rotated'}
          vars={{ name: secret.token.name }}
        />
      </h2>
      <p
        id={ids.once}
        className="flex items-start gap-2 rounded-md border border-warn-fg/40 bg-warn-soft px-3 py-2 text-sm font-medium text-warn-fg"
      >
        <Icon name="alert" className="mt-0.5 size-4 shrink-0" />
        <span>
          <Msg k="proxy.secret.once" />
        </span>
      </p>
      <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_auto]">
        <ul className="grid min-w-0 content-start gap-4">
          {CLIENT_TARGETS.map((target) => {
            const link = clientLink(secret.link, target);
            return (
              <li key={target} className="min-w-0">
                <p className="text-sm font-medium">
                  <Msg k={TARGET_KEY[target]} />
                </p>
                <code className="mt-1 block rounded-md border border-line bg-bg p-2 font-mono text-xs break-all">
                  {link}
                </code>
                <div className="mt-1">
                  <CopyButton
                    text={link}
                    label={t('proxy.secret.copyNamed', { format: t(TARGET_KEY[target]) })}
                  />
                </div>
              </li>
            );
          })}
          <li>
            <a
              href={secret.link}
              target="_blank"
              rel="noopener noreferrer"
              className="link text-sm"
            >
              <Msg k="proxy.secret.open" />
            </a>
          </li>
        </ul>
        <figure className="grid justify-items-center gap-2">
          <div className="flex size-52 items-center justify-center" aria-live="polite">
            {qr.kind === 'loading' && (
              <p className="text-sm text-muted">
                <Msg k="proxy.secret.qrLoading" />
              </p>
            )}
            {qr.kind === 'ready' && (
              <img
                className="size-52 rounded-md bg-white p-2"
                src={qr.dataUrl}
                width={208}
                height={208}
                alt={t('proxy.secret.qrAlt', { name: secret.token.name })}
              />
            )}
            {qr.kind === 'failed' && (
              <p role="alert" className="text-sm font-medium text-warn-fg">
                <NoticeText notice={qr.notice} />
              </p>
            )}
          </div>
          <figcaption className="text-center text-xs text-muted">
            <Msg k="proxy.secret.qrCaption" />
          </figcaption>
        </figure>
      </div>
    </section>
  );
}
