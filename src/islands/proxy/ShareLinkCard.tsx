import { useId } from 'react';
import { useT } from '@/lib/i18n/use-t.ts';
import Msg from '../common/Msg.tsx';
import CopyButton from './CopyButton.tsx';

/** A node's share link (made from its saved fields), with a copy button. */
export default function ShareLinkCard({ link, name }: { link: string; name: string }) {
  const { t } = useT();
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="card min-w-0 p-5 sm:p-6">
      <h2 id={titleId} className="text-lg font-semibold">
        <Msg k="proxy.node.link" />
      </h2>
      <p className="mt-1 text-sm text-muted">
        <Msg k="proxy.node.linkHint" />
      </p>
      <code className="mt-3 block rounded-md border border-line bg-bg p-3 font-mono text-xs break-all">
        {link}
      </code>
      <div className="mt-3">
        <CopyButton
          text={link}
          label={t('proxy.node.copyLink', { name: name || t('proxy.nodes.unnamed') })}
        />
      </div>
    </section>
  );
}
