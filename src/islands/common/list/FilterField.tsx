import { useId, type ReactNode } from 'react';
import type { MessageKey } from '@/lib/i18n/index.ts';
import Msg from '../Msg.tsx';
import { LABEL_CLASS } from '../ui.ts';

/** A labelled control of a list's filter bar; `children` gets the id the label points at. */
export default function FilterField({
  label,
  children,
}: {
  label: MessageKey;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={LABEL_CLASS}>
        <Msg k={label} />
      </label>
      {children(id)}
    </div>
  );
}
