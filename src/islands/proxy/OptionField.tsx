import { useId } from 'react';
import type { MessageKey } from '@/lib/i18n/index.ts';
import { useT } from '@/lib/i18n/use-t.ts';
import Msg from '../common/Msg.tsx';
import { ERROR_CLASS, INPUT_CLASS } from '../common/ui.ts';

/**
 * A labelled choice among the values clients know, with "not set"; a value the node holds that
 * is not among them stays offered, so opening and saving the form never changes it.
 */
export default function OptionField({
  label,
  value,
  options,
  onValue,
  required = false,
  error,
}: {
  label: MessageKey;
  value: string;
  options: readonly string[];
  onValue: (value: string) => void;
  required?: boolean;
  error?: MessageKey | undefined;
}) {
  const { t } = useT();
  const id = useId();
  const errorId = `${id}-error`;
  const offered = value === '' || options.includes(value) ? options : [value, ...options];
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        <Msg k={label} />
      </label>
      <select
        id={id}
        value={value}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onValue(event.target.value)}
        className={INPUT_CLASS}
      >
        <option value="">{t(required ? 'proxy.form.choose' : 'proxy.form.notSet')}</option>
        {offered.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      {error && (
        <p id={errorId} className={ERROR_CLASS}>
          <Msg k={error} />
        </p>
      )}
    </div>
  );
}
