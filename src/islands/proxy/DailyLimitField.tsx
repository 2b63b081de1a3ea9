import { useId, type Ref } from 'react';
import type { MessageKey } from '@/lib/i18n/index.ts';
import { PROXY_DAILY_LIMIT_MAX } from '@/lib/shared/limits.ts';
import Msg from '../common/Msg.tsx';
import { ERROR_CLASS, HINT_CLASS, INPUT_CLASS } from '../common/ui.ts';
import type { TokenDraft } from './token-draft.ts';

/** How many requests a day the link answers: no limit, or at most a number (UTC days). */
export default function DailyLimitField({
  draft,
  onChange,
  problem,
  inputRef,
}: {
  draft: TokenDraft;
  onChange: (patch: Partial<TokenDraft>) => void;
  problem: MessageKey | undefined;
  inputRef: Ref<HTMLInputElement>;
}) {
  const ids = { check: useId(), input: useId(), hint: useId(), error: useId() };
  return (
    <fieldset className="min-w-0">
      <legend className="font-semibold">
        <Msg k="proxy.limit.legend" />
      </legend>
      <div className="mt-2 flex items-center gap-2">
        <input
          id={ids.check}
          type="checkbox"
          checked={draft.limited}
          onChange={(event) => onChange({ limited: event.target.checked })}
          className="size-4 accent-[var(--atrium-accent)]"
        />
        <label htmlFor={ids.check} className="text-sm">
          <Msg k="proxy.limit.limited" />
        </label>
      </div>
      {draft.limited && (
        <div className="mt-2 ml-6">
          <label htmlFor={ids.input} className="text-sm font-medium">
            <Msg k="proxy.limit.perDay" />
          </label>
          <input
            ref={inputRef}
            id={ids.input}
            type="text"
            inputMode="numeric"
            value={draft.dailyLimit}
            maxLength={6}
            required
            aria-invalid={problem ? true : undefined}
            aria-describedby={[problem ? ids.error : null, ids.hint].filter(Boolean).join(' ')}
            onChange={(event) => onChange({ dailyLimit: event.target.value })}
            className={`${INPUT_CLASS} max-w-40`}
          />
          {problem && (
            <p id={ids.error} className={`${ERROR_CLASS} mt-1`}>
              <Msg k={problem} vars={{ max: PROXY_DAILY_LIMIT_MAX }} />
            </p>
          )}
          <p id={ids.hint} className={HINT_CLASS}>
            <Msg k="proxy.limit.hint" />
          </p>
        </div>
      )}
      {!draft.limited && (
        <p className="mt-1 ml-6 text-xs text-muted">
          <Msg k="proxy.limit.noneHint" />
        </p>
      )}
    </fieldset>
  );
}
