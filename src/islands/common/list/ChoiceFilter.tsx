import type { MessageKey } from '@/lib/i18n/index.ts';
import { useT } from '@/lib/i18n/use-t.ts';
import SelectField from './SelectField.tsx';

/** A list's filter by one of a fixed set of values, each in its words, or by none ('': every one). */
export default function ChoiceFilter<V extends string>({
  label,
  value,
  onChange,
  all,
  choices,
  words,
}: {
  label: MessageKey;
  value: '' | V;
  onChange: (value: '' | V) => void;
  /** The words of '' (e.g. "Every type"). */
  all: MessageKey;
  choices: readonly V[];
  words: Readonly<Record<V, MessageKey>>;
}) {
  const { t } = useT();
  return (
    <SelectField label={label} value={value} onChange={(choice) => onChange(choice as '' | V)}>
      <option value="">{t(all)}</option>
      {choices.map((choice) => (
        <option key={choice} value={choice}>
          {t(words[choice])}
        </option>
      ))}
    </SelectField>
  );
}
