import type { ReactNode } from 'react';
import type { MessageKey } from '@/lib/i18n/index.ts';
import { INPUT_CLASS } from '../ui.ts';
import FilterField from './FilterField.tsx';

/** A labelled select of a list's filters. */
export default function SelectField({
  label,
  value,
  onChange,
  children,
}: {
  label: MessageKey;
  value: string | number;
  onChange: (value: string) => void;
  /** The options. */
  children: ReactNode;
}) {
  return (
    <FilterField label={label}>
      {(id) => (
        <select
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={INPUT_CLASS}
        >
          {children}
        </select>
      )}
    </FilterField>
  );
}
