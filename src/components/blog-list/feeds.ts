/** The three feed formats the blog offers (each for the whole blog and per category or tag). */
import type { TermKind } from '@/lib/shared/term-kinds.ts';

export const FEED_FORMATS = [
  { format: 'rss', type: 'application/rss+xml', label: 'RSS' },
  { format: 'atom', type: 'application/atom+xml', label: 'Atom' },
  { format: 'json', type: 'application/feed+json', label: 'JSON Feed' },
] as const;

/** A category or tag whose own feeds a page links. */
export interface TermFeed {
  kind: TermKind;
  id: number;
  name: string;
}
