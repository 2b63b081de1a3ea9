/**
 * The static search index Pagefind writes next to the built pages (`/pagefind/`), loaded on
 * demand with a URL Vite leaves alone. Absent in `npm run dev` and before the first index: the
 * search page then asks the database instead.
 */
import { EXCERPT_LENGTH } from './pagefind-excerpt.ts';

/** What a result's page says about itself (the subset the search page shows). */
export interface PagefindResultData {
  url: string;
  /** HTML: escaped text with the matches in <mark>. */
  excerpt: string;
  /** The page's text, `<` and `>` escaped; Chinese words split by zero-width spaces. */
  raw_content?: string;
  /** Indexes of the matched words in `raw_content`. */
  locations?: number[];
  meta: { title?: string; image?: string };
}

export interface PagefindResult {
  id: string;
  data: () => Promise<PagefindResultData>;
}

export interface PagefindSearch {
  results: PagefindResult[];
}

/** The part of Pagefind's browser API this site uses. */
export interface Pagefind {
  options: (options: Record<string, unknown>) => Promise<void>;
  init?: () => Promise<void>;
  search: (term: string) => Promise<PagefindSearch | null>;
}

export const PAGEFIND_URL = '/pagefind/pagefind.js';

let loading: Promise<Pagefind | null> | null = null;

function isPagefind(value: unknown): value is Pagefind {
  const candidate = value as Partial<Pagefind> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    typeof candidate.search === 'function' &&
    typeof candidate.options === 'function'
  );
}

/**
 * Pagefind's module, set up once; null when the index is not there (or fails to start). `load`
 * is replaceable for tests.
 */
export function loadPagefind(
  load: (url: string) => Promise<unknown> = (url) => import(/* @vite-ignore */ url),
): Promise<Pagefind | null> {
  loading ??= (async () => {
    try {
      const module = await load(PAGEFIND_URL);
      if (!isPagefind(module)) return null;
      await module.options({ excerptLength: EXCERPT_LENGTH });
      await module.init?.();
      return module;
    } catch (error) {
      console.warn('[search] the static index is not available:', error);
      return null;
    }
  })();
  return loading;
}

/** Forgets the loaded module (tests). */
export function resetPagefind(): void {
  loading = null;
}
