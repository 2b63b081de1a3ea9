/**
 * `/sitemap.xml`: every public prebuilt page — the static ones from the route table, the blog's
 * list pages (all, per category, per tag) and each article with its last change. Guarded pages,
 * shells, sign-in pages, search and system pages are left out.
 */
import type { APIRoute } from 'astro';
import { loadBlogSnapshot, pagesOf } from '@/lib/build/blog-snapshot.ts';
import type { SnapshotArticle } from '@/lib/shared/blog-snapshot.ts';
import { escapeHtml } from '@/lib/shared/escape.ts';
import { paths } from '@/lib/shared/paths.ts';
import { ROUTES, isDynamic, isProtected } from '@/lib/shared/routes.ts';

interface Entry {
  path: string;
  lastmod?: string;
}

/** Pages that are not content: system pages, sign-in and recovery, search results. */
const EXCLUDED: readonly string[] = [
  paths.forbidden(),
  paths.notFound(),
  paths.maintenance(),
  paths.requireDesktop(),
  paths.error(),
  paths.blogSearch(),
];

function isListed(pattern: string): boolean {
  return !pattern.includes(':') && !EXCLUDED.includes(pattern) && !pattern.startsWith('/auth/');
}

/** The latest change among some articles (none: no lastmod). */
function latest(articles: readonly SnapshotArticle[]): string | undefined {
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

export const GET: APIRoute = ({ site, url }) => {
  const base = site ?? url;
  const { articles, categories, tags } = loadBlogSnapshot();
  const entries: Entry[] = [];

  for (const route of ROUTES) {
    if (isProtected(route) || isDynamic(route) || !isListed(route.pattern)) continue;
    entries.push(
      route.pattern === paths.blog()
        ? { path: route.pattern, lastmod: latest(articles) }
        : { path: route.pattern },
    );
  }
  for (const page of pagesOf(articles)) {
    if (page.n > 1) entries.push({ path: paths.blogPage(page.n), lastmod: latest(page.articles) });
  }
  for (const term of categories) {
    const own = articles.filter((article) => article.category.id === term.id);
    for (const page of pagesOf(own)) {
      entries.push({ path: paths.blogCategory(term.id, page.n), lastmod: latest(page.articles) });
    }
  }
  for (const term of tags) {
    const own = articles.filter((article) => article.tags.some((tag) => tag.id === term.id));
    for (const page of pagesOf(own)) {
      entries.push({ path: paths.blogTag(term.id, page.n), lastmod: latest(page.articles) });
    }
  }
  for (const article of articles) {
    entries.push({ path: paths.blogArticle(article.id), lastmod: latest([article]) });
  }

  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries.map(
      ({ path, lastmod }) =>
        `  <url><loc>${escapeHtml(new URL(path, base).href)}</loc>${
          lastmod ? `<lastmod>${lastmod}</lastmod>` : ''
        }</url>`,
    ),
    '</urlset>',
    '',
  ].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
