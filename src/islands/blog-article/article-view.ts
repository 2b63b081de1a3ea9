/**
 * What the article view shows, from either source: the page input (the prebuilt `/blog/{id}`
 * pages) or the API (the shell page). One shape, so both render the same markup.
 */
import type { Article } from '@/server/blog/article.schema.ts';
import type { BlogPageInput } from '@/lib/build/blog-pages.ts';

export interface TermLink {
  readonly id: number;
  readonly name: string;
}

export interface ArticleLink {
  readonly id: string;
  readonly title: string;
}

export interface ArticleViewData {
  readonly id: string;
  readonly title: string;
  readonly cover: string | null;
  readonly category: TermLink;
  readonly tags: readonly TermLink[];
  /**
   * The live count from the API; null on a prebuilt page, whose build-time count would be stale at
   * once (views do not rebuild the pages).
   */
  readonly views: number | null;
  /** ISO 8601; null only for an article that was never published (seen by a manager). */
  readonly publishTime: string | null;
  readonly updateTime: string;
  /** The article above this one in the `/blog` order (pinned first, then newer). */
  readonly previous: ArticleLink | null;
  /** The article below this one in the `/blog` order (older). */
  readonly next: ArticleLink | null;
  /** False for a draft or scheduled article that only a manager can open. */
  readonly public: boolean;
}

/** The TOC is shown only when it helps: two entries or more. */
export const TOC_MIN_ENTRIES = 2;

export function showToc(toc: readonly unknown[]): boolean {
  return toc.length >= TOC_MIN_ENTRIES;
}

/** An article page's input (src/lib/build/blog-pages.ts): the article and its neighbours in the list. */
export function fromPageInput(
  input: Extract<BlogPageInput, { kind: 'blog.article' }>,
): ArticleViewData {
  const { article } = input;
  return {
    id: article.id,
    title: article.title,
    cover: article.cover,
    category: article.category,
    tags: article.tags,
    views: null,
    publishTime: article.publishTime,
    updateTime: article.updateTime,
    previous: input.previous,
    next: input.next,
    public: true,
  };
}

export function fromApi(article: Article): ArticleViewData {
  return {
    id: article.id,
    title: article.title,
    cover: article.cover,
    category: article.category,
    tags: article.tags,
    views: article.views,
    publishTime: article.publishTime,
    updateTime: article.updateTime,
    previous: article.previous,
    next: article.next,
    public:
      article.status === 'published' ||
      (article.status === 'scheduled' && isPast(article.publishTime)),
  };
}

function isPast(iso: string | null): boolean {
  return iso !== null && Date.parse(iso) <= Date.now();
}

/**
 * `YYYY-MM-DD` (UTC): the same text at build time and in any browser, in either language. An
 * unreadable time is shown as it is.
 */
export function dateText(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : new Date(time).toISOString().slice(0, 10);
}

/** Whether the article changed after it was published (by more than a minute). */
export function wasUpdated(publishTime: string | null, updateTime: string): boolean {
  if (publishTime === null) return false;
  return Date.parse(updateTime) - Date.parse(publishTime) > 60_000;
}

/** The article's absolute URL on `site` (its canonical address). */
export function articleUrl(site: string | URL, path: string): string {
  return new URL(path, site).href;
}
