/**
 * How the site's files are compressed — by the page build, once (src/lib/build/compress.ts), into
 * `<file>.br` and `<file>.gz` beside each one; the server and any static host serve those.
 */

/** How hard to compress one file. */
export interface Effort {
  readonly brotliQuality: number;
  readonly gzipLevel: number;
}

/**
 * Pages (thousands): brotli 8 and gzip 6, ≈ 0.25 ms a 26 KB page each; brotli 11 makes pages 8 %
 * smaller but costs ≈ 30 ms a page (2.5 minutes for 5,000 pages).
 */
export const PAGE_EFFORT: Effort = { brotliQuality: 8, gzipLevel: 6 };
/** Hashed assets (few, cached for a year): the most that pays. */
export const ASSET_EFFORT: Effort = { brotliQuality: 11, gzipLevel: 9 };

/** Files smaller than this are sent as they are: the framing would eat the gain. */
export const COMPRESS_MIN_BYTES = 1024;

/** The compressed copies beside a file, by the encoding they hold. */
export const TWIN_SUFFIX = { br: '.br', gzip: '.gz' } as const;

/** Whether a site path is one of Astro's hashed assets (`/_astro/…`). */
export function isHashedAsset(sitePath: string): boolean {
  return sitePath.startsWith('/_astro/');
}

export function effortFor(sitePath: string): Effort {
  return isHashedAsset(sitePath) ? ASSET_EFFORT : PAGE_EFFORT;
}
