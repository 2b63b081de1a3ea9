import type { MessageKey } from '@/lib/i18n/index.ts';
import { PAGE_SIZES } from './list-query.ts';
import SelectField from './SelectField.tsx';

/** How many rows a page of the list shows. */
export default function PageSizeSelect({
  label,
  value,
  onChange,
}: {
  label: MessageKey;
  value: number;
  onChange: (pageSize: number) => void;
}) {
  return (
    <SelectField label={label} value={value} onChange={(size) => onChange(Number(size))}>
      {PAGE_SIZES.map((size) => (
        <option key={size} value={size}>
          {size}
        </option>
      ))}
    </SelectField>
  );
}
