/**
 * The blog's feeds — RSS, Atom and JSON Feed, for the whole blog and per category and tag
 * (`/api/blog/feed/[category|tag/{id}/]{rss.xml,atom.xml,feed.json}`): each renders the articles
 * its input holds (src/lib/build/blog-pages.ts, src/lib/build/feeds.ts).
 */
import type { APIRoute } from 'astro';
import type { BlogPageInput } from '@/lib/build/blog-pages.ts';
import { feedResponse } from '@/lib/build/feeds.ts';
import { pageInput } from '@/lib/build/page-input.ts';

export const prerender = false;

export const GET: APIRoute = ({ locals, site }) =>
  feedResponse(pageInput<BlogPageInput, 'blog.feed'>(locals, 'blog.feed'), site);
