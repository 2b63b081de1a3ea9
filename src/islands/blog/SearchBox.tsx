import { useCallback, useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { searchArticles, type SearchHit } from '@/lib/api/blog.ts';
import { readFailure, type Notice } from '@/lib/api/failure.ts';
import { useT } from '@/lib/i18n/use-t.ts';
import { ARTICLE_SEARCH_MAX } from '@/lib/shared/limits.ts';
import { paths } from '@/lib/shared/paths.ts';
import FormAlert from '../common/FormAlert.tsx';
import Msg from '../common/Msg.tsx';
import Excerpt from './Excerpt.tsx';
import NoticeText from '../common/NoticeText.tsx';
import { useTypedBeforeHydration } from '../common/use-typed-before-hydration.ts';
import { EXCERPT_LENGTH, resultExcerpt } from './pagefind-excerpt.ts';
import { loadPagefind, type PagefindResult } from './pagefind.ts';
import { pagefindQuery } from './search-terms.ts';

/** Results shown at a time ("more results" shows the next ones). */
export const RESULTS_STEP = 10;

/** A result as the list shows it, from either source. */
export interface Hit {
  key: string;
  url: string;
  /** Plain text (Pagefind's page title) or highlighted HTML (the database's). */
  title: { text: string } | { html: string };
  /** Highlighted HTML: escaped text with the matches in <mark>. */
  excerpt: string;
}

/** The `q` of a search page URL, trimmed ('' when absent). */
export function termFromUrl(search: string): string {
  return (new URLSearchParams(search).get('q') ?? '').trim().slice(0, ARTICLE_SEARCH_MAX);
}

export function databaseHit(hit: SearchHit): Hit {
  return {
    key: hit.id,
    url: paths.blogArticle(hit.id),
    title: { html: hit.highlights.title },
    excerpt: hit.highlights.snippet,
  };
}

type Source =
  | { kind: 'pagefind'; results: PagefindResult[] }
  | { kind: 'database'; pageNum: number; totalPageNum: number; fallback: 'missing' | 'nothing' };

type State =
  | { status: 'idle' }
  | { status: 'searching'; term: string }
  | { status: 'failed'; term: string; notice: Notice }
  | { status: 'done'; term: string; source: Source; hits: Hit[]; total: number };

async function pagefindHits(results: readonly PagefindResult[]): Promise<Hit[]> {
  const data = await Promise.all(results.map((result) => result.data()));
  return data.map((entry, index) => ({
    key: results[index]?.id ?? entry.url,
    url: entry.url,
    title: { text: entry.meta.title ?? entry.url },
    excerpt: resultExcerpt(entry, EXCERPT_LENGTH),
  }));
}

/**
 * Asks the static index: its first results, 'nothing' when it found none, 'missing' when there is
 * no index or it failed (not built yet, refused by the browser): the database answers instead.
 */
async function searchPagefind(
  term: string,
): Promise<
  { kind: 'found'; results: PagefindResult[]; hits: Hit[] } | { kind: 'nothing' | 'missing' }
> {
  const pagefind = await loadPagefind();
  if (!pagefind) return { kind: 'missing' };
  try {
    const results = (await pagefind.search(pagefindQuery(term)))?.results ?? [];
    if (results.length === 0) return { kind: 'nothing' };
    return { kind: 'found', results, hits: await pagefindHits(results.slice(0, RESULTS_STEP)) };
  } catch (error) {
    console.warn('[search] the static index failed:', error);
    return { kind: 'missing' };
  }
}

async function searchDatabase(term: string, pageNum: number) {
  const page = await searchArticles(term, pageNum, RESULTS_STEP);
  return { page, hits: page.records.map(databaseHit) };
}

/**
 * The search page: the static Pagefind index when it is there, the database otherwise (or when
 * the index finds nothing). The term lives in the URL (`?q=`), so results can be linked and the
 * back button works.
 */
export default function SearchBox() {
  const { t } = useT();
  const [query, setQuery] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(formRef, { q: setQuery });
  const [state, setState] = useState<State>({ status: 'idle' });
  const [more, setMore] = useState<{ busy: boolean; notice: Notice | null }>({
    busy: false,
    notice: null,
  });
  const generation = useRef(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const resultsRef = useRef<HTMLHeadingElement>(null);
  const inputId = useId();
  const hintId = useId();

  const run = useCallback(async (term: string) => {
    const current = ++generation.current;
    setMore({ busy: false, notice: null });
    if (term === '') {
      setState({ status: 'idle' });
      return;
    }
    setState({ status: 'searching', term });
    const stale = () => current !== generation.current;
    try {
      const found = await searchPagefind(term);
      if (stale()) return;
      if (found.kind === 'found') {
        setState({
          status: 'done',
          term,
          source: { kind: 'pagefind', results: found.results },
          hits: found.hits,
          total: found.results.length,
        });
        return;
      }
      const { page, hits } = await searchDatabase(term, 1);
      if (stale()) return;
      setState({
        status: 'done',
        term,
        source: {
          kind: 'database',
          pageNum: page.pageNum,
          totalPageNum: page.totalPageNum,
          fallback: found.kind === 'nothing' ? 'nothing' : 'missing',
        },
        hits,
        total: page.totalRecordNum,
      });
    } catch (error) {
      if (stale()) return;
      setState({ status: 'failed', term, notice: readFailure(error).notice });
    }
  }, []);

  // The term comes from the URL on arrival and when the visitor goes back or forward.
  useEffect(() => {
    const fromUrl = () => {
      const term = termFromUrl(window.location.search);
      setQuery(term);
      void run(term);
    };
    fromUrl();
    window.addEventListener('popstate', fromUrl);
    return () => window.removeEventListener('popstate', fromUrl);
  }, [run]);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const term = query.trim().slice(0, ARTICLE_SEARCH_MAX);
    const target = paths.blogSearch(term || undefined);
    if (`${window.location.pathname}${window.location.search}` !== target) {
      window.history.pushState(null, '', target);
    }
    setQuery(term);
    void run(term).then(() => resultsRef.current?.focus());
    if (term === '') inputRef.current?.focus();
  };

  const showMore = () => {
    if (state.status !== 'done' || more.busy) return;
    const current = generation.current;
    const { source, term } = state;
    setMore({ busy: true, notice: null });
    const next: Promise<{ hits: Hit[]; source: Source }> =
      source.kind === 'pagefind'
        ? pagefindHits(
            source.results.slice(state.hits.length, state.hits.length + RESULTS_STEP),
          ).then((hits) => ({ hits, source }))
        : searchDatabase(term, source.pageNum + 1).then(({ page, hits }) => ({
            hits,
            source: { ...source, pageNum: page.pageNum, totalPageNum: page.totalPageNum },
          }));
    next.then(
      (added) => {
        if (current !== generation.current) return;
        setState((previous) =>
          previous.status === 'done'
            ? {
                ...previous,
                source: added.source,
                hits: [
                  ...previous.hits,
                  ...added.hits.filter((hit) => !previous.hits.some((h) => h.key === hit.key)),
                ],
              }
            : previous,
        );
        setMore({ busy: false, notice: null });
      },
      (error: unknown) => {
        if (current !== generation.current) return;
        setMore({ busy: false, notice: readFailure(error).notice });
      },
    );
  };

  const hasMore =
    state.status === 'done' &&
    (state.source.kind === 'pagefind'
      ? state.hits.length < state.source.results.length
      : state.source.pageNum < state.source.totalPageNum);

  return (
    <div className="flex flex-col gap-6">
      <form
        ref={formRef}
        role="search"
        className="flex flex-col gap-2"
        onSubmit={submit}
        noValidate
      >
        <label htmlFor={inputId} className="text-sm font-medium">
          <Msg k="blogReader.search.label" />
        </label>
        <div className="flex gap-2">
          <input
            ref={inputRef}
            id={inputId}
            name="q"
            type="search"
            value={query}
            onChange={(event) => setQuery(event.currentTarget.value)}
            maxLength={ARTICLE_SEARCH_MAX}
            autoComplete="off"
            placeholder={t('blogReader.search.placeholder')}
            aria-describedby={hintId}
            className="min-h-11 w-full min-w-0 flex-1 rounded-md border border-line bg-surface px-3 py-2 text-base text-fg placeholder:text-muted hover:border-muted"
          />
          <button
            type="submit"
            className="btn btn-primary min-h-11 shrink-0"
            disabled={state.status === 'searching'}
          >
            <Msg k="blogReader.search.submit" />
          </button>
        </div>
        <p id={hintId} className="text-sm text-muted">
          <Msg k="blogReader.search.prompt" />
        </p>
      </form>

      <section
        aria-labelledby={`${inputId}-results`}
        className={`flex flex-col gap-4 ${state.status === 'idle' ? 'hidden' : ''}`}
      >
        <h2
          id={`${inputId}-results`}
          ref={resultsRef}
          tabIndex={-1}
          className="text-lg font-semibold outline-none"
        >
          <Msg k="blogReader.search.results" />
        </h2>
        <div role="status" aria-live="polite" className="text-sm text-muted empty:hidden">
          {state.status === 'searching' && <Msg k="blogReader.search.searching" />}
          {state.status === 'done' && state.hits.length > 0 && (
            <Msg k="blogReader.search.count" vars={{ count: state.total }} />
          )}
          {state.status === 'done' && state.hits.length === 0 && (
            <Msg k="blogReader.search.empty" vars={{ term: state.term }} />
          )}
        </div>
        {state.status === 'failed' && (
          <FormAlert emptyClassName="">
            <Msg k="blogReader.search.failed" /> <NoticeText notice={state.notice} />
          </FormAlert>
        )}
        {state.status === 'done' &&
          state.source.kind === 'database' &&
          state.source.fallback === 'missing' && (
            <p className="text-sm text-muted">
              <Msg k="blogReader.search.indexMissing" />
            </p>
          )}
        {state.status === 'done' &&
          state.source.kind === 'database' &&
          state.source.fallback === 'nothing' &&
          state.hits.length > 0 && (
            <p className="text-sm text-muted">
              <Msg k="blogReader.search.fromDatabase" />
            </p>
          )}
        {state.status === 'done' && state.hits.length > 0 && (
          <ol className="flex flex-col gap-3">
            {state.hits.map((hit) => (
              <li key={hit.key} className="card p-4">
                <h3 className="text-base font-semibold">
                  <a className="hover:text-accent hover:underline" href={hit.url}>
                    {'text' in hit.title ? hit.title.text : <Excerpt html={hit.title.html} />}
                  </a>
                </h3>
                {hit.excerpt !== '' && (
                  <p className="mt-1 text-sm leading-relaxed text-muted">
                    <Excerpt html={hit.excerpt} />
                  </p>
                )}
              </li>
            ))}
          </ol>
        )}
        {hasMore && (
          <div className="flex flex-col items-start gap-2">
            <button type="button" className="btn" onClick={showMore} disabled={more.busy}>
              <Msg k={more.busy ? 'blogReader.search.searching' : 'blogReader.search.more'} />
            </button>
            <FormAlert emptyClassName="" notice={more.notice} />
          </div>
        )}
      </section>
    </div>
  );
}
