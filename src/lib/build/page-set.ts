/**
 * The pages a section produces from the site's data (docs/architecture.md, "The page pipeline"):
 * each with its URL, the file it is written to, and the input it is rendered from — nothing else.
 * A page's input decides its output, so a page whose input did not change needs no rendering:
 * that is what makes a rebuild incremental, and why it gives the same files as a full one.
 */
import type { SiteData } from '../shared/site-data.ts';

export type { SiteData };

/** The input of a page, tagged with the kind of page it is (what its route expects). */
export interface PageInput {
  readonly kind: string;
}

export interface PageSpec<I extends PageInput = PageInput> {
  /** The path it is served at, e.g. `/blog/page/2`, `/api/blog/feed/rss.xml`. */
  readonly url: string;
  /** Where it is written under the site's root, e.g. `blog/page/2/index.html`. */
  readonly file: string;
  readonly input: I;
  /** Listed in the sitemap, with its last change if known; absent: not listed. */
  readonly sitemap?: { readonly lastmod?: string };
}

/** A section's pages: all of them, for the data as it is now. */
export type PageSet = (data: SiteData) => PageSpec[];

/** The file of a URL: a path with an extension is a file, any other a directory's index. */
export function fileOf(url: string): string {
  const path = url.replace(/^\/+/, '').replace(/\/+$/, '');
  if (path === '') return 'index.html';
  const last = path.slice(path.lastIndexOf('/') + 1);
  return last.includes('.') ? path : `${path}/index.html`;
}

export function pageSpec<const I extends PageInput>(
  url: string,
  input: I,
  sitemap?: { readonly lastmod?: string | undefined },
): PageSpec<I> {
  const spec = { url, file: fileOf(url), input };
  if (sitemap === undefined) return spec;
  return { ...spec, sitemap: sitemap.lastmod === undefined ? {} : { lastmod: sitemap.lastmod } };
}
