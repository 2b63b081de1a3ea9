/**
 * How long browsers and CDNs may keep a file: Astro's hashed assets (`/_astro/`) for a year, since
 * a new build gives them new names; everything else is revalidated (its ETag answers 304).
 */
export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
export const CACHE_REVALIDATE = 'no-cache';

/** Whether a site path is a hashed asset, cacheable forever. */
export function isImmutable(path: string): boolean {
  return path.startsWith('/_astro/');
}

export function cacheControlOf(path: string): string {
  return isImmutable(path) ? CACHE_IMMUTABLE : CACHE_REVALIDATE;
}
