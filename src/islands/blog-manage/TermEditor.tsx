import { useEffect, useId, useRef, useState } from 'react';
import { createTerm, getTerm, renameTerm, type Term } from '@/lib/api/blog-manage.ts';
import type { MessageKey } from '@/lib/i18n/index.ts';
import { useT } from '@/lib/i18n/use-t.ts';
import { TERM_NAME_MAX } from '@/lib/shared/limits.ts';
import { paths } from '@/lib/shared/paths.ts';
import type { TermKind } from '@/lib/shared/term-kinds.ts';
import Feedback from '../common/Feedback.tsx';
import LoadStateCard, { type LoadState } from '../common/LoadStateCard.tsx';
import { loadFailure } from '../common/load-failure.ts';
import { fieldErrorProps, useFeedback } from '../common/use-feedback.ts';
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

type Loaded = LoadState | { kind: 'ready'; term: Term | null };

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
  const { locale } = useT();
  const [loaded, setLoaded] = useState<Loaded>(
    mode === 'add' ? { kind: 'ready', term: null } : { kind: 'loading' },
  );
  const [name, setName] = useState('');
  const [attempt, setAttempt] = useState(0);
  const [created, setCreated] = useState<Term | null>(null);
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
      (error: unknown) => setLoaded(loadFailure(error)),
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
      form.refuse({ key: 'blogManage.terms.nameRequired' }, 'name');
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
        return { key: 'blogManage.terms.created', vars: { name: made.name } };
      }
      const renamed = await renameTerm(kind, term.id, trimmed);
      setLoaded({ kind: 'ready', term: renamed });
      setName(renamed.name);
      return { key: 'blogManage.terms.renamed', vars: { name: renamed.name } };
    });
  };

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
          maxLength={TERM_NAME_MAX}
          autoComplete="off"
          {...fieldErrorProps(form.feedback, 'name', ids.error, ids.hint)}
          onChange={(event) => {
            setName(event.target.value);
            if (form.feedback.kind !== 'busy') form.reset();
          }}
          className={INPUT_CLASS}
        />
        <p id={ids.hint} className={HINT_CLASS}>
          <Msg k={words.hint} vars={{ max: TERM_NAME_MAX }} />
        </p>
        <Feedback
          feedback={form.feedback}
          errorId={ids.error}
          busyText={<Msg k="blogManage.saving" />}
        />
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
            <dd className="mt-0.5">{formatTime(term.createTime, locale)}</dd>
          </div>
          <div>
            <dt className="text-muted">
              <Msg k="blogManage.col.updated" />
            </dt>
            <dd className="mt-0.5">{formatTime(term.updateTime, locale)}</dd>
          </div>
        </dl>
      )}
    </div>
  );
}
