import { useEffect, useId, useRef, useState } from 'react';
import {
  createTerm,
  getTerm,
  renameTerm,
  type Term,
  type TermKind,
} from '../../lib/api/blog-manage.ts';
import { useFeedback } from '../../lib/api/feedback.ts';
import type { MessageKey } from '../../lib/i18n/index.ts';
import { ApiError } from '../../lib/http.ts';
import { Code } from '../../lib/shared/codes.ts';
import { paths } from '../../lib/shared/paths.ts';
import Feedback from '../common/Feedback.tsx';
import LoadStateCard from '../common/LoadStateCard.tsx';
import Msg from '../common/Msg.tsx';
import { articleListHref, termIdFromPath } from './list-query.ts';
import {
  BUTTON_BUSY_CLASS,
  HINT_CLASS,
  INPUT_CLASS,
  LABEL_CLASS,
  formatTime,
} from '../common/ui.ts';

interface Props {
  kind: TermKind;
  mode: 'add' | 'edit';
}

/** The longest name the server takes. */
const NAME_MAX = 50;

type Loaded =
  | { kind: 'loading' }
  | { kind: 'ready'; term: Term | null }
  | { kind: 'missing' }
  | { kind: 'error'; text: string };

const WORDS: Record<TermKind, Record<'name' | 'hint' | 'back' | 'missing', MessageKey>> = {
  category: {
    name: 'blogManage.categories.name',
    hint: 'blogManage.categories.nameHint',
    back: 'blogManage.categories.back',
    missing: 'blogManage.categories.missing',
  },
  tag: {
    name: 'blogManage.tags.name',
    hint: 'blogManage.tags.nameHint',
    back: 'blogManage.tags.back',
    missing: 'blogManage.tags.missing',
  },
};

/** The form of /blog/manage/{category,tag}/add and …/edit/{id}: the name, created or renamed. */
export default function TermEditor({ kind, mode }: Props) {
  const form = useFeedback();
  const { t, describe } = form;
  const [loaded, setLoaded] = useState<Loaded>(
    mode === 'add' ? { kind: 'ready', term: null } : { kind: 'loading' },
  );
  const [name, setName] = useState('');
  const [attempt, setAttempt] = useState(0);
  const [created, setCreated] = useState<Term | null>(null);
  const describeRef = useRef(describe);
  describeRef.current = describe;
  const input = useRef<HTMLInputElement>(null);
  const ids = { name: useId(), hint: useId(), error: useId() };
  const words = WORDS[kind];

  useEffect(() => {
    if (mode !== 'edit') return;
    const id = termIdFromPath(kind, window.location.pathname);
    if (id === null) {
      setLoaded({ kind: 'missing' });
      return;
    }
    setLoaded({ kind: 'loading' });
    getTerm(kind, id).then(
      (term) => {
        setLoaded({ kind: 'ready', term });
        setName(term.name);
      },
      (error: unknown) =>
        setLoaded(
          error instanceof ApiError && error.code === Code.NOT_FOUND
            ? { kind: 'missing' }
            : { kind: 'error', text: describeRef.current(error) },
        ),
    );
  }, [kind, mode, attempt]);

  const back = (
    <a href={paths.blogManageList(kind)} className="link text-sm">
      <Msg k={words.back} />
    </a>
  );

  if (loaded.kind !== 'ready') {
    return (
      <LoadStateCard
        state={loaded}
        words={{ loading: 'blogManage.loading', missing: words.missing, retry: 'blogManage.retry' }}
        onRetry={() => setAttempt((n) => n + 1)}
        back={back}
        className="max-w-xl"
      />
    );
  }

  const term = loaded.term;
  const unchanged = term !== null && name.trim() === term.name;

  const submit = () => {
    const trimmed = name.trim();
    if (trimmed === '') {
      form.refuse(t('blogManage.terms.nameRequired'), 'name');
      input.current?.focus();
      return;
    }
    setCreated(null);
    void form.run(async () => {
      if (term === null) {
        const made = await createTerm(kind, trimmed);
        setCreated(made);
        setName('');
        input.current?.focus();
        return t('blogManage.terms.created', { name: made.name });
      }
      const renamed = await renameTerm(kind, term.id, trimmed);
      setLoaded({ kind: 'ready', term: renamed });
      setName(renamed.name);
      return t('blogManage.terms.renamed', { name: renamed.name });
    });
  };

  const invalid = form.feedback.kind === 'error' && form.feedback.field === 'name';

  return (
    <div className="grid max-w-xl gap-4">
      <form
        noValidate
        className="card p-5 sm:p-6"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label htmlFor={ids.name} className={LABEL_CLASS}>
          <Msg k={words.name} />
        </label>
        <input
          ref={input}
          id={ids.name}
          name="name"
          type="text"
          value={name}
          required
          maxLength={NAME_MAX}
          autoComplete="off"
          aria-invalid={invalid ? true : undefined}
          aria-describedby={invalid ? `${ids.error} ${ids.hint}` : ids.hint}
          onChange={(event) => {
            setName(event.target.value);
            if (form.feedback.kind !== 'busy') form.reset();
          }}
          className={INPUT_CLASS}
        />
        <p id={ids.hint} className={HINT_CLASS}>
          <Msg k={words.hint} vars={{ max: NAME_MAX }} />
        </p>
        <Feedback feedback={form.feedback} errorId={ids.error} busyText={t('blogManage.saving')} />
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <button
            type="submit"
            className={`btn btn-primary ${BUTTON_BUSY_CLASS}`}
            disabled={form.busy || unchanged}
          >
            <Msg k={term === null ? 'blogManage.terms.create' : 'blogManage.save'} />
          </button>
          {back}
        </div>
      </form>

      {created && (
        <p className="text-sm">
          <a href={paths.blogManageEdit(kind, String(created.id))} className="link">
            <Msg k="blogManage.terms.editCreated" vars={{ name: created.name }} />
          </a>
        </p>
      )}

      {term && (
        <dl className="card grid gap-x-6 gap-y-3 p-5 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-muted">
              <Msg k="blogManage.col.count" />
            </dt>
            <dd className="mt-0.5">
              <a className="link" href={articleListHref(kind, term.id)}>
                {term.count}
              </a>
            </dd>
          </div>
          <div>
            <dt className="text-muted">
              <Msg k="blogManage.col.created" />
            </dt>
            <dd className="mt-0.5">{formatTime(term.createTime, form.locale)}</dd>
          </div>
          <div>
            <dt className="text-muted">
              <Msg k="blogManage.col.updated" />
            </dt>
            <dd className="mt-0.5">{formatTime(term.updateTime, form.locale)}</dd>
          </div>
        </dl>
      )}
    </div>
  );
}
