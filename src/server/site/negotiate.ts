/**
 * Accept-Encoding negotiation (RFC 9110 §12.5.3) between the codings this server stores:
 * br is preferred over gzip, gzip over identity, among the codings the client accepts (q > 0).
 * Browsers send a handful of distinct header values, so results are memoised in a small map.
 */

export const ACCEPT_BR = 1;
export const ACCEPT_GZIP = 2;

const cache = new Map<string, number>();
const CACHE_MAX = 256;

function parse(header: string): number {
  let br = -1; // -1: not named; otherwise its q-value
  let gzip = -1;
  let star = -1;
  for (const part of header.split(',')) {
    const semi = part.indexOf(';');
    const name = (semi < 0 ? part : part.slice(0, semi)).trim().toLowerCase();
    if (name === '') continue;
    let q = 1;
    if (semi >= 0) {
      // A malformed q-value makes the coding unacceptable: identity is always safe.
      const match = /;\s*q\s*=([^;]*)/i.exec(part.slice(semi));
      if (match) {
        const value = (match[1] ?? '').trim();
        q = /^[0-9.]+$/.test(value) ? Number(value) : 0;
        if (!Number.isFinite(q)) q = 0;
      }
    }
    if (name === 'br') br = Math.max(br, q);
    else if (name === 'gzip' || name === 'x-gzip') gzip = Math.max(gzip, q);
    else if (name === '*') star = Math.max(star, q);
  }
  if (br < 0) br = star;
  if (gzip < 0) gzip = star;
  return (br > 0 ? ACCEPT_BR : 0) | (gzip > 0 ? ACCEPT_GZIP : 0);
}

/** The stored codings a request accepts, as a bit set of `ACCEPT_BR` and `ACCEPT_GZIP`. */
export function acceptedEncodings(header: string | undefined): number {
  if (header === undefined || header === '') return 0;
  let bits = cache.get(header);
  if (bits === undefined) {
    bits = parse(header);
    if (cache.size >= CACHE_MAX) cache.clear();
    cache.set(header, bits);
  }
  return bits;
}
