import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import type { MessageKey } from '@/lib/i18n/index.ts';
import Msg from './Msg.tsx';

type NativeProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'name' | 'value' | 'onChange' | 'type' | 'autoComplete' | 'className' | 'children'
>;

export interface TextFieldProps extends NativeProps {
  label: MessageKey;
  name: string;
  value: string;
  onValue: (value: string) => void;
  autoComplete: string;
  type?: 'text' | 'email' | 'password';
  /** Shown under the field when there is no error. */
  hint?: ReactNode;
  error?: MessageKey | undefined;
  inputRef?: Ref<HTMLInputElement>;
  /** Inside the field, at its right end (e.g. the show-password button). */
  inside?: ReactNode;
  /** Beside the field (e.g. the nickname buttons). */
  beside?: ReactNode;
}

const INPUT_CLASS =
  'block min-h-11 w-full min-w-0 rounded-md border border-line bg-surface px-3 py-2 text-base text-fg placeholder:text-muted transition-colors hover:border-muted aria-[invalid=true]:border-warn-fg aria-[invalid=true]:bg-warn-soft/40';

/**
 * A labelled input with its hint and error. The error is tied to the input (aria-invalid,
 * aria-describedby), so a screen reader reads it with the field.
 */
export default function TextField({
  label,
  name,
  value,
  onValue,
  autoComplete,
  type = 'text',
  hint,
  error,
  inputRef,
  inside,
  beside,
  ...native
}: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        <Msg k={label} />
      </label>
      <div className="flex items-stretch gap-2">
        <div className="relative min-w-0 flex-1">
          <input
            {...native}
            ref={inputRef}
            id={id}
            name={name}
            type={type}
            value={value}
            onChange={(event) => onValue(event.currentTarget.value)}
            autoComplete={autoComplete}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy || undefined}
            className={inside ? `${INPUT_CLASS} pr-12` : INPUT_CLASS}
          />
          {inside && (
            <div className="absolute inset-y-0 right-0 flex items-center pr-1">{inside}</div>
          )}
        </div>
        {beside}
      </div>
      {error && (
        <p id={errorId} className="text-sm text-warn-fg">
          <Msg k={error} />
        </p>
      )}
      {hint && (
        <div id={hintId} className="text-sm text-muted">
          {hint}
        </div>
      )}
    </div>
  );
}
