import { useId, type Ref } from 'react';
import type { MessageKey } from '@/lib/i18n/index.ts';
import { PROXY_PATTERN_MAX } from '@/lib/shared/limits.ts';
import { NODE_TYPES } from '@/lib/shared/proxy/node.ts';
import Msg from '../common/Msg.tsx';
import TextField from '../common/TextField.tsx';
import { ERROR_CLASS } from '../common/ui.ts';
import NodePicker from './NodePicker.tsx';
import SubscriptionChecklist from './SubscriptionChecklist.tsx';
import type { ScopeMode, TokenDraft, TokenField } from './token-draft.ts';
import { TYPE_KEY } from './words.ts';

const MODES: readonly { mode: ScopeMode; label: MessageKey; hint: MessageKey }[] = [
  { mode: 'all', label: 'proxy.scope.all', hint: 'proxy.scope.allHint' },
  { mode: 'pick', label: 'proxy.scope.pick', hint: 'proxy.scope.pickHint' },
  { mode: 'filter', label: 'proxy.scope.filter', hint: 'proxy.scope.filterHint' },
];

/**
 * What a token's link gives: every node; chosen subscriptions and nodes; or the nodes whose name
 * matches a pattern (and not another), of the ticked types.
 */
export default function ScopeFields({
  draft,
  onChange,
  problems,
  firstRef,
  inputRef,
}: {
  draft: TokenDraft;
  onChange: (patch: Partial<TokenDraft>) => void;
  problems: Partial<Record<TokenField, MessageKey>>;
  /** The chosen mode, focused when the scope is what is wrong. */
  firstRef: Ref<HTMLInputElement>;
  /** The include and exclude fields, focused when they are wrong. */
  inputRef: (field: 'include' | 'exclude') => Ref<HTMLInputElement>;
}) {
  const name = useId();
  const ids = { error: useId(), types: useId() };
  return (
    <fieldset className="min-w-0" aria-describedby={problems.scope ? ids.error : undefined}>
      <legend className="font-semibold">
        <Msg k="proxy.scope.legend" />
      </legend>
      <div className="mt-2 grid gap-2">
        {MODES.map(({ mode, label, hint }) => (
          <label key={mode} className="flex items-start gap-2 text-sm">
            <input
              ref={draft.scope === mode ? firstRef : undefined}
              type="radio"
              name={name}
              value={mode}
              checked={draft.scope === mode}
              onChange={() => onChange({ scope: mode })}
              className="mt-0.5 size-4 accent-[var(--atrium-accent)]"
            />
            <span>
              <span className="font-medium">
                <Msg k={label} />
              </span>
              <span className="block text-xs text-muted">
                <Msg k={hint} />
              </span>
            </span>
          </label>
        ))}
      </div>

      {draft.scope === 'pick' && (
        <div className="mt-4 grid gap-5 rounded-lg border border-line p-4">
          <SubscriptionChecklist
            chosen={draft.subscriptionIds}
            onChange={(subscriptionIds) => onChange({ subscriptionIds })}
          />
          <NodePicker chosen={draft.nodeIds} onChange={(nodeIds) => onChange({ nodeIds })} />
        </div>
      )}

      {draft.scope === 'filter' && (
        <div className="mt-4 grid gap-4 rounded-lg border border-line p-4 sm:grid-cols-2">
          <TextField
            label="proxy.pattern.include"
            name="include"
            value={draft.include}
            onValue={(include) => onChange({ include })}
            autoComplete="off"
            spellCheck={false}
            maxLength={PROXY_PATTERN_MAX}
            inputRef={inputRef('include')}
            error={problems.include}
            hint={<Msg k="proxy.pattern.includeHint" />}
          />
          <TextField
            label="proxy.pattern.exclude"
            name="exclude"
            value={draft.exclude}
            onValue={(exclude) => onChange({ exclude })}
            autoComplete="off"
            spellCheck={false}
            maxLength={PROXY_PATTERN_MAX}
            inputRef={inputRef('exclude')}
            error={problems.exclude}
            hint={<Msg k="proxy.pattern.excludeHint" />}
          />
          <fieldset className="min-w-0 sm:col-span-2" aria-describedby={ids.types}>
            <legend className="text-sm font-medium">
              <Msg k="proxy.scope.types" />
            </legend>
            <p id={ids.types} className="text-xs text-muted">
              <Msg k="proxy.scope.typesHint" />
            </p>
            <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
              {NODE_TYPES.map((type) => (
                <li key={type}>
                  <label className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      checked={draft.types.includes(type)}
                      onChange={(event) =>
                        onChange({
                          types: event.target.checked
                            ? NODE_TYPES.filter((t) => t === type || draft.types.includes(t))
                            : draft.types.filter((t) => t !== type),
                        })
                      }
                      className="size-4 accent-[var(--atrium-accent)]"
                    />
                    <Msg k={TYPE_KEY[type]} />
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        </div>
      )}

      {problems.scope && (
        <p id={ids.error} className={`${ERROR_CLASS} mt-2`}>
          <Msg k={problems.scope} />
        </p>
      )}
    </fieldset>
  );
}
