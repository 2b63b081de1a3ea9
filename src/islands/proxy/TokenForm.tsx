import { useId, useRef, useState } from 'react';
import { createToken, updateToken, type TokenDto, type TokenSecret } from '@/lib/api/proxy.ts';
import { PROXY_NAME_MAX, PROXY_NOTES_MAX } from '@/lib/shared/limits.ts';
import { paths } from '@/lib/shared/paths.ts';
import Msg from '../common/Msg.tsx';
import TextField from '../common/TextField.tsx';
import { HINT_CLASS, INPUT_CLASS, LABEL_CLASS } from '../common/ui.ts';
import { useFeedback } from '../common/use-feedback.ts';
import DailyLimitField from './DailyLimitField.tsx';
import ExpiryField from './ExpiryField.tsx';
import FormActions from './FormActions.tsx';
import ScopeFields from './ScopeFields.tsx';
import TokenSecretCard from './TokenSecretCard.tsx';
import {
  tokenBodyOf,
  tokenDraftOf,
  tokenProblems,
  type TokenDraft,
  type TokenField,
} from './token-draft.ts';

const FIELD_ORDER: readonly TokenField[] = [
  'name',
  'scope',
  'include',
  'exclude',
  'expiry',
  'dailyLimit',
];

/**
 * The form of a token (/proxy/token/add, and the edit page's): its name, what it gives, when it
 * expires (a date or never, chosen explicitly), its daily limit and notes. A new token's link is
 * shown once, right after it is made.
 */
export default function TokenForm({
  token = null,
  onSaved,
}: {
  /** The token edited; null (or absent) to make one. */
  token?: TokenDto | null;
  onSaved?: (token: TokenDto) => void;
}) {
  const form = useFeedback();
  const [draft, setDraft] = useState<TokenDraft>(() => tokenDraftOf(token));
  const [tried, setTried] = useState(false);
  const [created, setCreated] = useState<TokenSecret | null>(null);
  const refs = useRef<Partial<Record<TokenField, HTMLInputElement | null>>>({});
  const ids = { error: useId(), notes: useId(), notesHint: useId() };
  const problems = tried ? tokenProblems(draft, new Date(), token) : {};

  // The form starts again from the token each time it is saved here.
  const [shown, setShown] = useState(token);
  if (token !== shown) {
    setShown(token);
    setDraft(tokenDraftOf(token));
  }

  const refOf = (field: TokenField) => (element: HTMLInputElement | null) => {
    refs.current[field] = element;
  };

  const change = (patch: Partial<TokenDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    if (!form.busy) form.reset();
  };

  const submit = () => {
    setTried(true);
    const found = tokenProblems(draft, new Date(), token);
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) {
      form.refuse({ key: 'proxy.form.fix' }, first);
      refs.current[first]?.focus();
      return;
    }
    void form.run(async () => {
      const body = tokenBodyOf(draft, token);
      if (token) {
        const saved = await updateToken(token.id, body);
        setTried(false);
        onSaved?.(saved);
        return { key: 'proxy.token.saved' };
      }
      setCreated(await createToken(body));
      return null;
    });
  };

  if (created) {
    return (
      <div className="grid max-w-4xl gap-4">
        <TokenSecretCard secret={created} made="created" />
        <div className="flex flex-wrap gap-3">
          <a href={paths.proxyEdit('token', created.token.id)} className="btn">
            <Msg k="proxy.token.open" vars={{ name: created.token.name }} />
          </a>
          <a href={paths.proxyList('token')} className="btn">
            <Msg k="proxy.token.back" />
          </a>
        </div>
      </div>
    );
  }

  return (
    <form
      noValidate
      className="card grid max-w-4xl gap-6 p-5 sm:p-6"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <TextField
        label="proxy.token.name"
        name="name"
        value={draft.name}
        onValue={(name) => change({ name })}
        autoComplete="off"
        required
        maxLength={PROXY_NAME_MAX}
        inputRef={refOf('name')}
        error={problems.name}
        hint={<Msg k="proxy.token.nameHint" />}
      />
      <ScopeFields
        draft={draft}
        onChange={change}
        problems={problems}
        firstRef={refOf('scope')}
        inputRef={refOf}
      />
      <ExpiryField
        draft={draft}
        onChange={change}
        problem={problems.expiry}
        firstRef={refOf('expiry')}
      />
      <DailyLimitField
        draft={draft}
        onChange={change}
        problem={problems.dailyLimit}
        inputRef={refOf('dailyLimit')}
      />
      <div>
        <label htmlFor={ids.notes} className={LABEL_CLASS}>
          <Msg k="proxy.token.notes" />
        </label>
        <textarea
          id={ids.notes}
          name="notes"
          rows={3}
          value={draft.notes}
          maxLength={PROXY_NOTES_MAX}
          aria-describedby={ids.notesHint}
          onChange={(event) => change({ notes: event.target.value })}
          className={INPUT_CLASS}
        />
        <p id={ids.notesHint} className={HINT_CLASS}>
          <Msg k="proxy.token.notesHint" />
        </p>
      </div>
      <FormActions
        kind="token"
        submit={token ? 'proxy.save' : 'proxy.token.create'}
        form={form}
        errorId={ids.error}
        describedBy={ids.error}
      />
    </form>
  );
}
