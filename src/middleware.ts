/**
 * In `npm run dev` only: gives a content page its page input, as the render worker does in a page
 * build (src/lib/build/render-worker.ts), from the snapshot `npm run dev` took at start. A path no
 * page set produces is a 404. In a page build every input is already there, and nothing happens.
 */
import { defineMiddleware } from 'astro:middleware';
import { loadBlogSnapshot } from './lib/build/blog-snapshot.ts';
import { sitePages } from './lib/build/site-pages.ts';

export const onRequest = defineMiddleware((context, next) => {
  if (!import.meta.env.DEV || context.isPrerendered || context.locals.pageInput !== undefined) {
    return next();
  }
  const path = context.url.pathname.replace(/\/+$/, '') || '/';
  const spec = sitePages({ blog: loadBlogSnapshot() }).find((page) => page.url === path);
  if (spec === undefined) return new Response(null, { status: 404 });
  context.locals.pageInput = spec.input;
  return next();
});
