import type { ReactNode } from 'react';
import type { MessageKey } from '@/lib/i18n/index.ts';
import Msg from '../common/Msg.tsx';

interface Props {
  id: string;
  titleKey: MessageKey;
  descKey?: MessageKey;
  className?: string;
  children: ReactNode;
}

/** One part of the profile: a titled card, labelled by its heading. */
export default function ProfileCard({ id, titleKey, descKey, className = '', children }: Props) {
  const headingId = `${id}-title`;
  return (
    <section aria-labelledby={headingId} className={`card min-w-0 p-5 sm:p-6 ${className}`}>
      <h2 id={headingId} className="text-lg font-semibold">
        <Msg k={titleKey} />
      </h2>
      {descKey && (
        <p className="mt-1 text-sm leading-relaxed text-muted">
          <Msg k={descKey} />
        </p>
      )}
      <div className="mt-4">{children}</div>
    </section>
  );
}
