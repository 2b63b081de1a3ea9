/**
 * The static paths of the category and tag list pages, for their route files: page 1 is
 * `/blog/{kind}/{id}` (`[term]/index.astro`), the later ones `/blog/{kind}/{id}/page/{n}`
 * (`[term]/page/[n].astro`). Each page gets what TermList.astro shows as its props.
 */
import { loadBlogSnapshot } from '@/lib/build/blog-snapshot.ts';
import type { TermKind } from '@/lib/shared/term-kinds.ts';
import { termPages, type TermPage } from './list-data.ts';

export function termListPaths(
  kind: TermKind,
  pages: 'first' | 'later',
): { params: { term: string; n?: string }; props: TermPage }[] {
  return termPages(loadBlogSnapshot(), kind)
    .filter(({ page }) => (pages === 'first' ? page.n === 1 : page.n > 1))
    .map((props) => ({
      params:
        pages === 'first'
          ? { term: String(props.term.id) }
          : { term: String(props.term.id), n: String(props.page.n) },
      props,
    }));
}
