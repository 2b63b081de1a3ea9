/** The RSS 2.0 feed of one category, prebuilt (src/lib/build/feeds.ts). */
import type { APIRoute, GetStaticPaths } from 'astro';
import { feedResponse, feedTermPaths, type FeedTerm } from '@/lib/build/feeds.ts';

export const getStaticPaths = (() => feedTermPaths('category')) satisfies GetStaticPaths;

export const GET: APIRoute<FeedTerm> = ({ site, props }) => feedResponse('rss', site, props);
