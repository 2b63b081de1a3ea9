/** The blog's JSON Feed 1.1 feed, prebuilt (src/lib/build/feeds.ts). */
import type { APIRoute } from 'astro';
import { feedResponse } from '@/lib/build/feeds.ts';

export const GET: APIRoute = ({ site }) => feedResponse('json', site);
