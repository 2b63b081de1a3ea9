/** The blog's RSS 2.0 feed, prebuilt (src/lib/build/feeds.ts). */
import type { APIRoute } from 'astro';
import { feedResponse } from '@/lib/build/feeds.ts';

export const GET: APIRoute = ({ site }) => feedResponse('rss', site);
