/**
 * `/robots.txt`: everything may be crawled except the API (its feeds excepted), the managers' and
 * admins' areas and the sign-in flow; names the sitemap by its absolute URL.
 */
import type { APIRoute } from 'astro';
import { paths } from '@/lib/shared/paths.ts';

export const GET: APIRoute = ({ site, url }) => {
  const base = site ?? url;
  const body = [
    'User-agent: *',
    'Allow: /',
    'Allow: /api/blog/feed/',
    'Disallow: /api/',
    `Disallow: ${paths.blogManage()}`,
    'Disallow: /admin',
    'Disallow: /proxy',
    'Disallow: /auth',
    '',
    `Sitemap: ${new URL('/sitemap.xml', base).href}`,
    '',
  ].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
