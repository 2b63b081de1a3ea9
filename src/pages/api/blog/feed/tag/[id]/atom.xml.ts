/** The Atom 1.0 feed of one tag, prebuilt (src/lib/build/feeds.ts). */
import type { APIRoute, GetStaticPaths } from 'astro';
import { feedResponse, feedTermPaths, type FeedTerm } from '@/lib/build/feeds.ts';

export const getStaticPaths = (() => feedTermPaths('tag')) satisfies GetStaticPaths;

export const GET: APIRoute<FeedTerm> = ({ site, props }) => feedResponse('atom', site, props);
