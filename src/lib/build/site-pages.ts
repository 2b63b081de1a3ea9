/**
 * Every page the page pipeline renders from the site's data: each section's page set, and the
 * sitemap made of what they list plus the static pages of the route table. A new section adds its
 * page set to PAGE_SETS (docs/architecture.md, "The page pipeline").
 */
import { paths } from '../shared/paths.ts';
import { ROUTES, isDynamic, isProtected } from '../shared/routes.ts';
import { blogPages } from './blog-pages.ts';
import { pageSpec, type PageSet, type PageSpec, type SiteData } from './page-set.ts';

const PAGE_SETS: readonly PageSet[] = [blogPages];

export interface SitemapEntry {
  readonly path: string;
  /** ISO 8601 */
  readonly lastmod?: string;
}

export type SitePageInput = { readonly kind: 'site.sitemap'; readonly entries: SitemapEntry[] };

/** Static pages that are not content: system pages, sign-in and recovery. */
const NOT_LISTED: readonly string[] = [
  paths.forbidden(),
  paths.notFound(),
  paths.maintenance(),
  paths.requireDesktop(),
  paths.error(),
  paths.blogSearch(),
];

function staticListed(pattern: string): boolean {
  return !pattern.includes(':') && !NOT_LISTED.includes(pattern) && !pattern.startsWith('/auth/');
}

function sitemapOf(specs: readonly PageSpec[]): PageSpec<SitePageInput> {
  const rendered = new Set(specs.map((spec) => spec.url));
  const entries: SitemapEntry[] = ROUTES.filter(
    (route) =>
      !isProtected(route) &&
      !isDynamic(route) &&
      staticListed(route.pattern) &&
      !rendered.has(route.pattern),
  ).map((route) => ({ path: route.pattern }));
  for (const { url, sitemap } of specs) {
    if (sitemap === undefined) continue;
    entries.push(
      sitemap.lastmod === undefined ? { path: url } : { path: url, lastmod: sitemap.lastmod },
    );
  }
  return pageSpec('/sitemap.xml', { kind: 'site.sitemap', entries });
}

/** Every rendered page, for the data as it is now; throws if two pages claim one URL or file. */
export function sitePages(data: SiteData): PageSpec[] {
  const specs = PAGE_SETS.flatMap((set) => set(data));
  specs.push(sitemapOf(specs));
  const seen = new Set<string>();
  for (const { url, file } of specs) {
    for (const key of [`url ${url}`, `file ${file}`]) {
      if (seen.has(key)) throw new Error(`page sets: two pages have the ${key}`);
      seen.add(key);
    }
  }
  return specs;
}
