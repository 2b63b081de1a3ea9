import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { deleteTerm, listTerms, type Term, type TermKind } from '../../lib/api/blog-manage.ts';
import { useFeedback } from '../../lib/api/feedback.ts';
import type { MessageKey } from '../../lib/i18n/index.ts';
import { ApiError } from '../../lib/http.ts';
import { Code } from '../../lib/shared/codes.ts';
import { paths } from '../../lib/shared/paths.ts';
import Msg from '../common/Msg.tsx';
import ConfirmDialog from '../common/ConfirmDialog.tsx';
import SortHeader from '../common/SortHeader.tsx';
import {
  DEFAULT_TERM_LIST,
  MAX_SEARCH,
  articleListHref,
  filterAndSortTerms,
  formatTermListState,
  parseTermListState,
  toggleSort,
  type TermListState,
  type TermSort,
} from './list-query.ts';
import { ERROR_CLASS, HINT_CLASS, INPUT_CLASS, LABEL_CLASS, formatTime } from '../common/ui.ts';

interface Props {
  kind: TermKind;
}

type Loaded =
  { kind: 'loading' } | { kind: 'ready'; terms: Term[] } | { kind: 'error'; text: string };

/** The words that differ between the category and the tag pages. */
const WORDS: Record<TermKind, Record<'caption' | 'new' | 'empty' | 'search', MessageKey>> = {
  category: {
    caption: 'blogManage.categories.caption',
    new: 'blogManage.categories.new',
    empty: 'blogManage.categories.empty',
    search: 'blogManage.categories.search',
  },
  tag: {
    caption: 'blogManage.tags.caption',
    new: 'blogManage.tags.new',
    empty: 'blogManage.tags.empty',
    search: 'blogManage.tags.search',
  },
};

/**
 * The categories or tags of /blog/manage/{category,tag}/list: every one with its count of visible
 * articles, filtered and sorted in the page, with edit links and delete. Deleting a category that
 * still has articles is refused unless they are moved to another category first.
 */
export default function TermTable({ kind }: Props) {
  const { locale, t, describe } = useFeedback();
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [state, setState] = useState<TermListState>(DEFAULT_TERM_LIST);
  const [ready, setReady] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [deleting, setDeleting] = useState<Term | null>(null);
  const [moveTo, setMoveTo] = useState('');
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const describeRef = useRef(describe);
  describeRef.current = describe;
  const moveSelect = useRef<HTMLSelectElement>(null);
  const ids = { search: useId(), caption: useId(), moveTo: useId(), moveHint: useId() };
  const words = WORDS[kind];

  useEffect(() => {
    setState(parseTermListState(window.location.search));
    setReady(true);
  }, []);

  useEffect(() => {
    if (!ready) return;
    const query = formatTermListState(state);
    window.history.replaceState(
      window.history.state,
      '',
      `${window.location.pathname}${query ? `?${query}` : ''}`,
    );
  }, [state, ready]);

  useEffect(() => {
    let current = true;
    setLoaded((l) => (l.kind === 'ready' ? l : { kind: 'loading' }));
    listTerms(kind).then(
      (terms) => {
        if (current) setLoaded({ kind: 'ready', terms });
      },
      (error: unknown) => {
        if (current) setLoaded({ kind: 'error', text: describeRef.current(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [kind, attempt]);

  const terms = loaded.kind === 'ready' ? loaded.terms : [];
  const shown = useMemo(() => filterAndSortTerms(terms, state, locale), [terms, state, locale]);

  const sortHeader = (key: TermSort, label: MessageKey) => (
    <SortHeader
      label={label}
      order={state.sort === key ? state.order : null}
      onToggle={() => setState((s) => toggleSort(s, key, ['name']))}
    />
  );

  const openDelete = (term: Term) => {
    setDeleteError(null);
    setMoveTo('');
    setDeleting(term);
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteBusy(true);
    setDeleteError(null);
    try {
      await deleteTerm(kind, deleting.id, moveTo ? Number(moveTo) : undefined);
      setNotice(t('blogManage.terms.deleted', { name: deleting.name }));
      setDeleting(null);
      setAttempt((n) => n + 1);
    } catch (error) {
      setDeleteError(describe(error));
      // Refused because the category has articles: the place to choose where they go.
      if (kind === 'category' && error instanceof ApiError && error.code === Code.REFUSED) {
        moveSelect.current?.focus();
      }
    } finally {
      setDeleteBusy(false);
    }
  };

  const others = terms.filter((term) => term.id !== deleting?.id);

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <a href={paths.blogManageAdd(kind)} className="btn btn-primary">
          <Msg k={words.new} />
        </a>
        <p role="status" className="text-sm text-accent">
          {notice}
        </p>
      </div>

      <div className="card min-w-0 overflow-hidden">
        <form
          role="search"
          aria-label={t('blogManage.list.filters')}
          className="grid gap-4 border-b border-line p-4 sm:max-w-md"
          onSubmit={(event) => event.preventDefault()}
        >
          <div>
            <label htmlFor={ids.search} className={LABEL_CLASS}>
              <Msg k={words.search} />
            </label>
            <input
              id={ids.search}
              type="search"
              value={state.search}
              maxLength={MAX_SEARCH}
              onChange={(event) => {
                const search = event.target.value;
                setState((s) => ({ ...s, search }));
              }}
              className={INPUT_CLASS}
            />
          </div>
        </form>

        <p role="status" className="sr-only">
          {loaded.kind === 'loading'
            ? t('blogManage.list.loading')
            : loaded.kind === 'ready'
              ? t('blogManage.list.found', { count: shown.length })
              : ''}
        </p>

        {loaded.kind === 'error' && (
          <div role="alert" className="flex flex-wrap items-center gap-3 border-b border-line p-4">
            <p className={ERROR_CLASS}>{loaded.text}</p>
            <button type="button" className="btn" onClick={() => setAttempt((n) => n + 1)}>
              <Msg k="blogManage.retry" />
            </button>
          </div>
        )}

        <div
          role="region"
          aria-labelledby={ids.caption}
          tabIndex={0}
          className="relative overflow-x-auto focus-visible:outline-offset-[-3px]"
        >
          <table
            className="w-full min-w-[36rem] border-collapse text-sm"
            aria-busy={loaded.kind === 'loading'}
          >
            <caption id={ids.caption} className="px-4 pt-4 pb-2 text-left text-sm text-muted">
              <Msg k={words.caption} />
              {loaded.kind === 'ready' && (
                <>
                  {' · '}
                  <Msg k="blogManage.list.total" vars={{ count: terms.length }} />
                </>
              )}
            </caption>
            <thead className="border-b border-line bg-bg/60">
              <tr>
                {sortHeader('name', 'blogManage.col.name')}
                {sortHeader('count', 'blogManage.col.count')}
                {sortHeader('updateTime', 'blogManage.col.updated')}
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  <span className="sr-only">
                    <Msg k="blogManage.col.actions" />
                  </span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {loaded.kind === 'loading' && (
                <tr>
                  <td colSpan={4} className="px-4 py-10 text-center text-muted">
                    <Msg k="blogManage.list.loading" />
                  </td>
                </tr>
              )}
              {loaded.kind === 'ready' && shown.length === 0 && (
                <tr>
                  <td colSpan={4} className="px-4 py-10 text-center text-muted">
                    <Msg k={terms.length === 0 ? words.empty : 'blogManage.list.noMatch'} />
                  </td>
                </tr>
              )}
              {shown.map((term) => (
                <tr key={term.id} className="hover:bg-accent-soft/40">
                  <th scope="row" className="px-3 py-2.5 text-left font-normal">
                    <a
                      href={paths.blogManageEdit(kind, String(term.id))}
                      className="font-medium hover:text-accent hover:underline"
                    >
                      {term.name}
                    </a>
                  </th>
                  <td className="px-3 py-2.5 tabular-nums">
                    <a
                      className="link"
                      href={articleListHref(kind, term.id)}
                      aria-label={t('blogManage.terms.articlesOf', {
                        name: term.name,
                        count: term.count,
                      })}
                    >
                      {term.count}
                    </a>
                  </td>
                  <td className="px-3 py-2.5 whitespace-nowrap">
                    <time dateTime={term.updateTime}>{formatTime(term.updateTime, locale)}</time>
                  </td>
                  <td className="px-3 py-2.5">
                    <div className="flex justify-end gap-2">
                      <a
                        href={paths.blogManageEdit(kind, String(term.id))}
                        className="btn min-h-9 py-1"
                        aria-label={t('blogManage.terms.editNamed', { name: term.name })}
                      >
                        <Msg k="blogManage.edit" />
                      </a>
                      <button
                        type="button"
                        className="btn min-h-9 py-1 hover:border-red-700 hover:text-red-700 dark:hover:border-red-300 dark:hover:text-red-300"
                        aria-label={t('blogManage.terms.deleteNamed', { name: term.name })}
                        onClick={() => openDelete(term)}
                      >
                        <Msg k="blogManage.delete" />
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>

      <ConfirmDialog
        open={deleting !== null}
        titleKey={
          kind === 'category' ? 'blogManage.categories.deleteTitle' : 'blogManage.tags.deleteTitle'
        }
        titleVars={{ name: deleting?.name ?? '' }}
        confirmKey={moveTo ? 'blogManage.categories.moveAndDelete' : 'blogManage.delete'}
        danger
        busy={deleteBusy}
        error={deleteError}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        {kind === 'category' ? (
          <>
            <p>
              <Msg k="blogManage.categories.deleteBody" />
            </p>
            {others.length > 0 && (
              <div className="mt-4 text-fg">
                <label htmlFor={ids.moveTo} className={LABEL_CLASS}>
                  <Msg k="blogManage.categories.moveTo" />
                </label>
                <select
                  ref={moveSelect}
                  id={ids.moveTo}
                  value={moveTo}
                  aria-describedby={ids.moveHint}
                  onChange={(event) => setMoveTo(event.target.value)}
                  className={INPUT_CLASS}
                >
                  <option value="">{t('blogManage.categories.moveNone')}</option>
                  {others.map((term) => (
                    <option key={term.id} value={term.id}>
                      {term.name}
                    </option>
                  ))}
                </select>
                <p id={ids.moveHint} className={HINT_CLASS}>
                  <Msg k="blogManage.categories.moveHint" />
                </p>
              </div>
            )}
          </>
        ) : (
          <p>
            <Msg k="blogManage.tags.deleteBody" />
          </p>
        )}
      </ConfirmDialog>
    </div>
  );
}
