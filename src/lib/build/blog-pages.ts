/**
 * The blog's pages (a page set, src/lib/build/page-set.ts): the list, category and tag pages, an
 * article page per visible article and the article shell, the search page and the feeds — each
 * with exactly what it shows, taken from the blog snapshot. Lists and articles are in the sitemap.
 */
import {
  BLOG_PAGE_SIZE,
  type BlogSnapshot,
  type SnapshotArticle,
  type SnapshotTermRef,
} from '../shared/blog-snapshot.ts';
import { paths } from '../shared/paths.ts';
import { SHELL_ID } from '../shared/routes.ts';
import type { TermKind } from '../shared/term-kinds.ts';
import { FEED_SIZE, feedArticles, type FeedFormat, type FeedTerm } from './feed-articles.ts';
import { pageSpec, type PageSet, type PageSpec } from './page-set.ts';

/** What a list card shows of an article: everything but its Markdown. */
export type ListEntry = Omit<SnapshotArticle, 'content'>;

export interface ListPage {
  /** 1-based */
  readonly n: number;
  readonly total: number;
  readonly articles: readonly ListEntry[];
}

/** The side column of the list and search pages: the terms, without counts (see BlogSidebar). */
export interface Sidebar {
  readonly categories: readonly SnapshotTermRef[];
  readonly tags: readonly SnapshotTermRef[];
}

/** The category or tag a list page shows. */
export interface ListTerm {
  readonly kind: TermKind;
  readonly id: number;
  readonly name: string;
}

export interface ArticleNeighbour {
  readonly id: string;
  readonly title: string;
}

export type BlogPageInput =
  | {
      readonly kind: 'blog.list';
      readonly page: ListPage;
      /** Articles in the whole list (all pages). */
      readonly count: number;
      /** The category or tag listed; absent on the blog's own list. */
      readonly term?: ListTerm;
      readonly sidebar: Sidebar;
    }
  | {
      readonly kind: 'blog.article';
      readonly article: SnapshotArticle;
      readonly previous: ArticleNeighbour | null;
      readonly next: ArticleNeighbour | null;
    }
  | { readonly kind: 'blog.shell' }
  | { readonly kind: 'blog.search'; readonly sidebar: Sidebar }
  | {
      readonly kind: 'blog.feed';
      readonly format: FeedFormat;
      readonly term?: FeedTerm;
      /** At most FEED_SIZE, newest published first. */
      readonly articles: readonly SnapshotArticle[];
    };

const FEED_FORMATS: readonly FeedFormat[] = ['rss', 'atom', 'json'];

/** Splits an ordered list into list pages; an empty list still has page 1. */
export function pagesOf(articles: readonly SnapshotArticle[], size = BLOG_PAGE_SIZE): ListPage[] {
  const total = Math.max(1, Math.ceil(articles.length / size));
  return Array.from({ length: total }, (_, i) => ({
    n: i + 1,
    total,
    articles: articles.slice(i * size, (i + 1) * size).map(listEntry),
  }));
}

function listEntry({ content: _content, ...entry }: SnapshotArticle): ListEntry {
  return entry;
}

/** The articles filed under a term, in the list's order (pinned first, then newest). */
export function articlesOf(
  articles: readonly SnapshotArticle[],
  kind: TermKind,
  id: number,
): SnapshotArticle[] {
  return articles.filter((article) =>
    kind === 'category' ? article.category.id === id : article.tags.some((tag) => tag.id === id),
  );
}

function termUrl(kind: TermKind, id: number, n = 1): string {
  return kind === 'category' ? paths.blogCategory(id, n) : paths.blogTag(id, n);
}

/** The latest change among some articles (none: no lastmod). */
function latest(articles: readonly ListEntry[]): string | undefined {
  let best: string | undefined;
  let bestTime = -Infinity;
  for (const article of articles) {
    const time = Date.parse(article.updateTime);
    if (time > bestTime) {
      bestTime = time;
      best = new Date(time).toISOString();
    }
  }
  return best;
}

function neighbour(article: SnapshotArticle | undefined): ArticleNeighbour | null {
  return article ? { id: article.id, title: article.title } : null;
}

type BlogSpec = PageSpec<BlogPageInput>;

function listPages(snapshot: BlogSnapshot, sidebar: Sidebar): BlogSpec[] {
  const { articles } = snapshot;
  return pagesOf(articles).map((page) =>
    pageSpec(
      paths.blogPage(page.n),
      { kind: 'blog.list', page, count: articles.length, sidebar },
      // The blog's front page changes with any article.
      { lastmod: latest(page.n === 1 ? articles : page.articles) },
    ),
  );
}

function termPages(snapshot: BlogSnapshot, kind: TermKind, sidebar: Sidebar): BlogSpec[] {
  const terms = kind === 'category' ? snapshot.categories : snapshot.tags;
  return terms.flatMap((term) => {
    const own = articlesOf(snapshot.articles, kind, term.id);
    const listTerm: ListTerm = { kind, id: term.id, name: term.name };
    return pagesOf(own).map((page) =>
      pageSpec(
        termUrl(kind, term.id, page.n),
        { kind: 'blog.list', page, count: own.length, term: listTerm, sidebar },
        { lastmod: latest(page.articles) },
      ),
    );
  });
}

function articlePages(snapshot: BlogSnapshot): BlogSpec[] {
  const { articles } = snapshot;
  return [
    ...articles.map((article, index) =>
      pageSpec(
        paths.blogArticle(article.id),
        {
          kind: 'blog.article',
          article,
          previous: neighbour(articles[index - 1]),
          next: neighbour(articles[index + 1]),
        },
        { lastmod: latest([article]) },
      ),
    ),
    pageSpec(paths.blogArticle(SHELL_ID), { kind: 'blog.shell' }),
  ];
}

function feedPages(snapshot: BlogSnapshot): BlogSpec[] {
  const terms: (FeedTerm | undefined)[] = [
    undefined,
    ...snapshot.categories.map((t) => ({ kind: 'category' as const, id: t.id, name: t.name })),
    ...snapshot.tags.map((t) => ({ kind: 'tag' as const, id: t.id, name: t.name })),
  ];
  return terms.flatMap((term) => {
    const articles = feedArticles(snapshot.articles, term).slice(0, FEED_SIZE);
    const ref = term && { kind: term.kind, id: term.id };
    return FEED_FORMATS.map((format) =>
      pageSpec(paths.blogFeed(format, ref), {
        kind: 'blog.feed',
        format,
        articles,
        ...(term ? { term } : {}),
      }),
    );
  });
}

/** Every page of the blog, for its snapshot. */
export const blogPages: PageSet = ({ blog }) => {
  const ref = ({ id, name }: SnapshotTermRef): SnapshotTermRef => ({ id, name });
  const sidebar: Sidebar = { categories: blog.categories.map(ref), tags: blog.tags.map(ref) };
  const lists = [
    ...listPages(blog, sidebar),
    ...termPages(blog, 'category', sidebar),
    ...termPages(blog, 'tag', sidebar),
  ];
  return [
    ...lists,
    ...articlePages(blog),
    pageSpec(paths.blogSearch(), { kind: 'blog.search', sidebar }),
    ...feedPages(blog),
  ];
};
