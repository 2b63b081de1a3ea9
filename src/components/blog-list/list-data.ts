/**
 * What the blog list pages compute from the build-time snapshot: the articles of a category or a
 * tag, the page numbers a pagination bar shows, and dates as the cards print them.
 */
import { pagesOf, type ListPage } from '@/lib/build/blog-snapshot.ts';
import type { BlogSnapshot, SnapshotArticle, SnapshotTerm } from '@/lib/shared/blog-snapshot.ts';
import type { TermKind } from '@/lib/shared/term-kinds.ts';

/** The articles filed under a term, in the list's order (pinned first, then newest). */
export function articlesOf(
  snapshot: BlogSnapshot,
  kind: TermKind,
  id: number,
): readonly SnapshotArticle[] {
  return snapshot.articles.filter((article) =>
    kind === 'category' ? article.category.id === id : article.tags.some((tag) => tag.id === id),
  );
}

/** The terms of a kind (by name, as the snapshot keeps them). */
export function termsOf(snapshot: BlogSnapshot, kind: TermKind): readonly SnapshotTerm[] {
  return kind === 'category' ? snapshot.categories : snapshot.tags;
}

/**
 * The page numbers a pagination bar shows: all of them when there are few, otherwise the first,
 * the last and the current one with its neighbours; `null` marks a gap ("…").
 */
export function pageWindow(current: number, total: number, around = 1): (number | null)[] {
  if (total <= 7) return Array.from({ length: total }, (_, i) => i + 1);
  const shown = new Set<number>([1, total]);
  for (let n = current - around; n <= current + around; n += 1) {
    if (n >= 1 && n <= total) shown.add(n);
  }
  const sorted = [...shown].sort((a, b) => a - b);
  const result: (number | null)[] = [];
  for (const [index, n] of sorted.entries()) {
    const before = sorted[index - 1];
    if (before !== undefined && n - before === 2) result.push(before + 1);
    else if (before !== undefined && n - before > 2) result.push(null);
    result.push(n);
  }
  return result;
}

/** "2026-05-04": the calendar day in UTC (the same in both languages, and at every build). */
export function dayOf(iso: string): string {
  const time = new Date(iso);
  return Number.isNaN(time.getTime()) ? iso.slice(0, 10) : time.toISOString().slice(0, 10);
}

/** A page of a category's or tag's list, with what its page needs (a type: Astro props need one). */
export type TermPage = {
  term: SnapshotTerm;
  kind: TermKind;
  page: ListPage;
  /** Articles in the term (all pages). */
  count: number;
};

/** Every list page of every term of a kind (a term with no visible article still has page 1). */
export function termPages(snapshot: BlogSnapshot, kind: TermKind): TermPage[] {
  return termsOf(snapshot, kind).flatMap((term) => {
    const articles = articlesOf(snapshot, kind, term.id);
    return pagesOf(articles).map((page) => ({ term, kind, page, count: articles.length }));
  });
}
