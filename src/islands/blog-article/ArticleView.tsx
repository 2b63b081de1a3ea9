import type { ReactNode } from 'react';
import type { RenderedArticle } from '@/lib/markdown/render.ts';
import { paths } from '@/lib/shared/paths.ts';
import Msg from '../common/Msg.tsx';
import { dateText, showToc, wasUpdated, type ArticleViewData } from './article-view.ts';

interface Props {
  view: ArticleViewData;
  rendered: RenderedArticle;
  /** The share bar (an island of its own on the prebuilt page). */
  share?: ReactNode;
}

/** Also in RESERVED_IDS of src/lib/markdown/render.ts (no heading gets these ids). */
const TOC_LABEL_ID = 'article-toc-label';
const NEIGHBOURS_LABEL_ID = 'article-neighbours-label';

function pagefindMeta(view: ArticleViewData): string {
  const meta = [`date:${dateText(view.publishTime ?? view.updateTime)}`];
  // Pagefind separates entries with commas: a URL holding one is left out.
  if (view.cover && !view.cover.includes(',')) meta.push(`image:${view.cover}`);
  return meta.join(', ');
}

/**
 * One article: header (category, title, dates, views when known, reading time, tags, cover), table of contents,
 * the rendered Markdown, the share bar, then links to the previous and next articles. The prebuilt
 * page renders it to static HTML (no script); the shell page renders it in the browser. Labels use
 * `<Msg>` (both languages, CSS shows one), so the static HTML needs no script to be right.
 *
 * Pagefind indexes only the `data-pagefind-body` element; the parts that are not the article's text
 * are `data-pagefind-ignore` (their filters — category, tags — still count).
 */
export default function ArticleView({ view, rendered, share }: Props) {
  const published = view.publishTime;
  const toc = showToc(rendered.toc) ? rendered.toc : [];
  return (
    <>
      <article
        className="article mx-auto grid max-w-3xl grid-cols-1 gap-8 lg:max-w-6xl lg:grid-cols-[minmax(0,1fr)_15rem] lg:gap-x-12"
        data-pagefind-body=""
        data-pagefind-meta={pagefindMeta(view)}
        data-pagefind-sort={`date:${dateText(published ?? view.updateTime)}`}
      >
        <header className="min-w-0 lg:col-start-1">
          {!view.public && (
            <p
              className="mb-4 rounded-md border border-warn-fg/40 bg-warn-soft px-3 py-2 text-sm text-warn-fg"
              data-pagefind-ignore="all"
            >
              <Msg k="blogPage.hidden" />
            </p>
          )}
          <p className="text-sm font-medium" data-pagefind-ignore="">
            <span className="sr-only">
              <Msg k="blogPage.category" />
            </span>
            <a
              className="link"
              href={paths.blogCategory(view.category.id)}
              data-pagefind-filter="category"
            >
              {view.category.name}
            </a>
          </p>
          <h1 className="mt-2 text-3xl leading-tight font-bold tracking-tight text-balance sm:text-4xl">
            {view.title}
          </h1>
          <dl
            className="mt-4 flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted"
            data-pagefind-ignore=""
          >
            {published !== null && (
              <div className="flex gap-1">
                <dt>
                  <Msg k="blogPage.published" />
                </dt>
                <dd>
                  <time dateTime={published}>{dateText(published)}</time>
                </dd>
              </div>
            )}
            {wasUpdated(published, view.updateTime) && (
              <div className="flex gap-1">
                <dt>
                  <Msg k="blogPage.updated" />
                </dt>
                <dd>
                  <time dateTime={view.updateTime}>{dateText(view.updateTime)}</time>
                </dd>
              </div>
            )}
            {view.views !== null && (
              <div>
                <dt className="sr-only">
                  <Msg k="blogPage.viewsLabel" />
                </dt>
                <dd>
                  <Msg k="blogPage.views" vars={{ count: view.views }} />
                </dd>
              </div>
            )}
            <div>
              <dt className="sr-only">
                <Msg k="blogPage.readingLabel" />
              </dt>
              <dd>
                <Msg k="blogPage.readingTime" vars={{ minutes: rendered.readingMinutes }} />
              </dd>
            </div>
          </dl>
          {view.tags.length > 0 && (
            <div className="mt-3 flex flex-wrap items-center gap-2" data-pagefind-ignore="">
              <span className="sr-only">
                <Msg k="blogPage.tags" />
              </span>
              <ul className="flex flex-wrap gap-2">
                {view.tags.map((tag) => (
                  <li key={tag.id}>
                    <a
                      className="inline-block rounded-full border border-line bg-surface px-3 py-1 text-xs font-medium text-fg transition-colors hover:border-accent hover:text-accent"
                      href={paths.blogTag(tag.id)}
                      data-pagefind-filter="tag"
                    >
                      # {tag.name}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          )}
          {view.cover && (
            <img
              className="mt-6 aspect-[2/1] w-full rounded-xl border border-line bg-surface object-cover"
              src={view.cover}
              alt=""
              decoding="async"
            />
          )}
        </header>

        {toc.length > 0 && (
          <nav
            aria-labelledby={TOC_LABEL_ID}
            className="min-w-0 rounded-xl border border-line bg-surface p-4 text-sm lg:sticky lg:top-6 lg:col-start-2 lg:row-span-3 lg:row-start-1 lg:max-h-[calc(100dvh-3rem)] lg:self-start lg:overflow-y-auto"
            data-pagefind-ignore="all"
            data-print-hide=""
          >
            <h2 id={TOC_LABEL_ID} className="font-semibold">
              <Msg k="blogPage.toc" />
            </h2>
            <ol className="mt-2 space-y-1">
              {toc.map((entry) => (
                <li key={entry.id} className={entry.depth === 3 ? 'pl-4' : undefined}>
                  <a
                    className="block rounded py-0.5 text-muted transition-colors hover:text-accent"
                    href={`#${entry.id}`}
                  >
                    {entry.text}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
        )}

        <div
          className="prose-article min-w-0 lg:col-start-1"
          dangerouslySetInnerHTML={{ __html: rendered.html }}
        />

        {share !== undefined && (
          <footer
            className="min-w-0 border-t border-line pt-6 lg:col-start-1"
            data-pagefind-ignore="all"
            data-print-hide=""
          >
            {share}
          </footer>
        )}
      </article>

      <nav
        aria-labelledby={NEIGHBOURS_LABEL_ID}
        className="mx-auto mt-12 max-w-3xl lg:max-w-6xl"
        data-pagefind-ignore="all"
        data-print-hide=""
      >
        <h2 id={NEIGHBOURS_LABEL_ID} className="sr-only">
          <Msg k="blogPage.articleNav" />
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2">
          {view.previous && (
            <li className="sm:col-start-1">
              <a
                className="card block h-full p-4 transition-colors hover:border-accent"
                href={paths.blogArticle(view.previous.id)}
                rel="prev"
              >
                <span className="block text-sm text-muted">
                  ← <Msg k="blogPage.previous" />
                </span>
                <span className="mt-1 block font-medium">{view.previous.title}</span>
              </a>
            </li>
          )}
          {view.next && (
            <li className="sm:col-start-2">
              <a
                className="card block h-full p-4 text-right transition-colors hover:border-accent"
                href={paths.blogArticle(view.next.id)}
                rel="next"
              >
                <span className="block text-sm text-muted">
                  <Msg k="blogPage.next" /> →
                </span>
                <span className="mt-1 block font-medium">{view.next.title}</span>
              </a>
            </li>
          )}
        </ul>
        <p className="mt-6 text-center text-sm">
          <a className="link" href={paths.blog()}>
            <Msg k="blogPage.backToList" />
          </a>
        </p>
      </nav>
    </>
  );
}
