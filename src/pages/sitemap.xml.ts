/**
 * `/sitemap.xml`: every public page — the static ones from the route table and what the sections'
 * page sets list (the blog's list pages and articles, with their last change). Rendered from its
 * page input (src/lib/build/site-pages.ts).
 */
import type { APIRoute } from 'astro';
import { pageInput } from '@/lib/build/page-input.ts';
import type { SitePageInput } from '@/lib/build/site-pages.ts';
import { escapeHtml } from '@/lib/shared/escape.ts';

export const prerender = false;

export const GET: APIRoute = ({ locals, site, url }) => {
  const base = site ?? url;
  const { entries } = pageInput<SitePageInput, 'site.sitemap'>(locals, 'site.sitemap');
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
