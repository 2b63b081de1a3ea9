import { useId, type Ref } from 'react';
import type { MessageKey } from '@/lib/i18n/index.ts';
import Msg from '../common/Msg.tsx';
import {
  ERROR_CLASS,
  HINT_CLASS,
  INPUT_CLASS,
  LABEL_CLASS,
  SMALL_BUTTON_CLASS,
} from '../common/ui.ts';
import {
  EXPIRY_PICKS,
  dateText,
  pickedDate,
  type ExpiryPick,
  type TokenDraft,
} from './token-draft.ts';

const PICK_KEY: Readonly<Record<ExpiryPick, MessageKey>> = {
  days7: 'proxy.expiry.days7',
  days30: 'proxy.expiry.days30',
  nextMonth: 'proxy.expiry.nextMonth',
};

/** The browser's time zone, for the hint. */
function timeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return '';
  }
}

/**
 * When a token's link stops working: an explicit choice between a date (typed, or a quick pick)
 * and never. Nothing is chosen for a new token until the owner chooses.
 */
export default function ExpiryField({
  draft,
  onChange,
  problem,
  firstRef,
}: {
  draft: TokenDraft;
  onChange: (patch: Partial<TokenDraft>) => void;
  problem: MessageKey | undefined;
  /** The first control, focused when the expiry is what is wrong. */
  firstRef: Ref<HTMLInputElement>;
}) {
  const ids = { date: useId(), hint: useId(), error: useId(), quick: useId() };
  const name = useId();
  const described = [problem ? ids.error : null, ids.hint].filter(Boolean).join(' ');
  return (
    <fieldset className="min-w-0" aria-describedby={problem ? ids.error : undefined}>
      <legend className="font-semibold">
        <Msg k="proxy.expiry.legend" />
      </legend>
      <div className="mt-2 grid gap-2">
        <label className="flex items-start gap-2 text-sm">
          <input
            ref={firstRef}
            type="radio"
            name={name}
            checked={draft.expiry === 'date'}
            aria-invalid={problem ? true : undefined}
            onChange={() => onChange({ expiry: 'date' })}
            className="mt-0.5 size-4 accent-[var(--atrium-accent)]"
          />
          <span className="font-medium">
            <Msg k="proxy.expiry.onDate" />
          </span>
        </label>
        {draft.expiry === 'date' && (
          <div className="ml-6 grid gap-2">
            <div>
              <label htmlFor={ids.date} className={LABEL_CLASS}>
                <Msg k="proxy.expiry.date" />
              </label>
              <input
                id={ids.date}
                type="date"
                value={draft.expireDate}
                min={dateText(new Date())}
                required
                aria-invalid={problem ? true : undefined}
                aria-describedby={described}
                onChange={(event) => onChange({ expireDate: event.target.value })}
                className={`${INPUT_CLASS} max-w-56`}
              />
              <p id={ids.hint} className={HINT_CLASS}>
                <Msg k="proxy.expiry.dateHint" vars={{ zone: timeZone() }} />
              </p>
            </div>
            <div className="flex flex-wrap gap-2" role="group" aria-labelledby={ids.quick}>
              <span id={ids.quick} className="self-center text-sm text-muted">
                <Msg k="proxy.expiry.quick" />
              </span>
              {EXPIRY_PICKS.map((pick) => (
                <button
                  key={pick}
                  type="button"
                  className={SMALL_BUTTON_CLASS}
                  onClick={() => onChange({ expireDate: pickedDate(pick, new Date()) })}
                >
                  <Msg k={PICK_KEY[pick]} />
                </button>
              ))}
            </div>
          </div>
        )}
        <label className="flex items-start gap-2 text-sm">
          <input
            type="radio"
            name={name}
            checked={draft.expiry === 'never'}
            aria-invalid={problem ? true : undefined}
            onChange={() => onChange({ expiry: 'never' })}
            className="mt-0.5 size-4 accent-[var(--atrium-accent)]"
          />
          <span>
            <span className="font-medium">
              <Msg k="proxy.expiry.never" />
            </span>
            <span className="block text-xs text-muted">
              <Msg k="proxy.expiry.neverHint" />
            </span>
          </span>
        </label>
      </div>
      {problem && (
        <p id={ids.error} className={`${ERROR_CLASS} mt-2`}>
          <Msg k={problem} />
        </p>
      )}
    </fieldset>
  );
}
