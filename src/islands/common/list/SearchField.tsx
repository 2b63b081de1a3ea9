import type { MessageKey } from '@/lib/i18n/index.ts';
import { useT } from '@/lib/i18n/use-t.ts';
import { INPUT_CLASS } from '../ui.ts';
import FilterField from './FilterField.tsx';

/** The search box of a list's filters. */
export default function SearchField({
  label,
  value,
  onChange,
  maxLength,
  placeholder,
}: {
  label: MessageKey;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  placeholder?: MessageKey | undefined;
}) {
  const { t } = useT();
  return (
    <FilterField label={label}>
      {(id) => (
        <input
          id={id}
          type="search"
          value={value}
          maxLength={maxLength}
          placeholder={placeholder ? t(placeholder) : undefined}
          onChange={(event) => onChange(event.target.value)}
          className={INPUT_CLASS}
        />
      )}
    </FilterField>
  );
}
