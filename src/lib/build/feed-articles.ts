/** Which articles a feed holds (the page set decides it, the feed page renders it). */
import type { SnapshotArticle } from '../shared/blog-snapshot.ts';
import type { TermKind } from '../shared/term-kinds.ts';

export type FeedFormat = 'rss' | 'atom' | 'json';

/** A type, not an interface: it travels as page input, which must be plain data. */
export type FeedTerm = {
  readonly kind: TermKind;
  readonly id: number;
  readonly name: string;
};

/** Articles per feed. */
export const FEED_SIZE = 20;

/** The articles of a feed: in the term (if any), newest published first, at most FEED_SIZE. */
export function feedArticles(
  articles: readonly SnapshotArticle[],
  term?: Pick<FeedTerm, 'kind' | 'id'>,
): SnapshotArticle[] {
  const inTerm = (a: SnapshotArticle) =>
    term === undefined ||
    (term.kind === 'category' ? a.category.id === term.id : a.tags.some((t) => t.id === term.id));
  // Ties by id, newest first (uuidv7 ids sort by creation).
  const newest = (a: SnapshotArticle, b: SnapshotArticle) =>
    Date.parse(b.publishTime) - Date.parse(a.publishTime) || (a.id < b.id ? 1 : -1);
  return articles.filter(inTerm).sort(newest).slice(0, FEED_SIZE);
}
