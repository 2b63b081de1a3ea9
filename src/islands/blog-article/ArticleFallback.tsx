import { useCallback, useEffect, useState } from 'react';
import { getArticle } from '@/lib/api/blog-article.ts';
import { noticeText, readFailure } from '@/lib/api/failure.ts';
import { ApiError } from '@/lib/http.ts';
import { useT } from '@/lib/i18n/use-t.ts';
import type { RenderedArticle } from '@/lib/markdown/render.ts';
import { Code } from '@/lib/shared/codes.ts';
import { paths } from '@/lib/shared/paths.ts';
import Msg from '../common/Msg.tsx';
import Comments from '../blog/Comments.tsx';
import ArticleView from './ArticleView.tsx';
import ShareBar from './ShareBar.tsx';
import { articleUrl, fromApi, type ArticleViewData } from './article-view.ts';

type State =
  | { kind: 'loading' }
  | { kind: 'ready'; view: ArticleViewData; rendered: RenderedArticle }
  | { kind: 'missing' }
  | { kind: 'error'; error: unknown };

/** The article id of a `/blog/{id}` path ('' when there is none). */
export function articleIdFromPath(pathname: string): string {
  const match = /^\/blog\/([^/]+)\/?$/u.exec(pathname);
  if (!match?.[1]) return '';
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return '';
  }
}

/**
 * The article shell (`/blog/_`, which the server serves for any article the build did not know):
 * reads the id from the address, loads the article from the API and shows it exactly like a
 * prebuilt page, or says that it does not exist, or that loading failed (with a retry).
 */
export default function ArticleFallback() {
  const { locale, t } = useT();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    // Read here, not while rendering: the build renders this island's first state (loading).
    const id = articleIdFromPath(window.location.pathname);
    setState({ kind: 'loading' });
    if (id === '') {
      setState({ kind: 'missing' });
      return;
    }
    const renderer = import('@/lib/markdown/render.ts');
    getArticle(id)
      .then(async (article) => {
        // The renderer (Markdown, Prism, KaTeX) is large: loaded in parallel with the article.
        const { renderArticle } = await renderer;
        const rendered = await renderArticle(article.content);
        if (live) setState({ kind: 'ready', view: fromApi(article), rendered });
      })
      .catch((error: unknown) => {
        if (!live) return;
        const missing = error instanceof ApiError && error.code === Code.NOT_FOUND;
        setState(missing ? { kind: 'missing' } : { kind: 'error', error });
      });
    return () => {
      live = false;
    };
  }, [attempt]);

  useEffect(() => {
    if (state.kind === 'ready') document.title = `${state.view.title} · Atrium`;
    else if (state.kind === 'missing')
      document.title = `${t('blogPage.fallback.notFoundTitle')} · Atrium`;
  }, [state, t]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  if (state.kind === 'loading') {
    return (
      <p role="status" className="mx-auto max-w-3xl py-16 text-center text-muted">
        <Msg k="blogPage.fallback.loading" />
      </p>
    );
  }

  if (state.kind === 'missing') {
    return (
      <section className="mx-auto flex max-w-xl flex-col items-center py-10 text-center sm:py-16">
        <p className="text-sm font-semibold tracking-wide text-accent" role="status">
          <Msg k="blogPage.fallback.notFoundStatus" />
        </p>
        <h1 className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">
          <Msg k="blogPage.fallback.notFoundTitle" />
        </h1>
        <p className="mt-3 leading-relaxed text-muted">
          <Msg k="blogPage.fallback.notFoundText" />
        </p>
        <p className="mt-8">
          <a className="btn btn-primary" href={paths.blog()}>
            <Msg k="blogPage.backToList" />
          </a>
        </p>
      </section>
    );
  }

  if (state.kind === 'error') {
    return (
      <section className="mx-auto flex max-w-xl flex-col items-center py-10 text-center sm:py-16">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
          <Msg k="blogPage.fallback.errorTitle" />
        </h1>
        <p role="alert" className="mt-3 leading-relaxed text-warn-fg">
          {noticeText(readFailure(state.error).notice, locale)}
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <button type="button" className="btn btn-primary" onClick={retry}>
            <Msg k="blogPage.fallback.retry" />
          </button>
          <a className="btn" href={paths.blog()}>
            <Msg k="blogPage.backToList" />
          </a>
        </div>
      </section>
    );
  }

  const url = articleUrl(window.location.origin, paths.blogArticle(state.view.id));
  return (
    <>
      <ArticleView view={state.view} rendered={state.rendered} share={<ShareBar url={url} />} />
      <div className="mx-auto mt-12 max-w-3xl lg:max-w-6xl" data-print-hide="">
        <Comments articleId={state.view.id} />
      </div>
    </>
  );
}
