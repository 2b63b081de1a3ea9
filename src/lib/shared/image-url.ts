/**
 * Which image addresses the site puts into `<img src>`: absolute http(s) URLs and paths on this
 * site (`/uploads/…`). Anything else — `javascript:`, `data:`, protocol-relative `//host` — is
 * refused when saved and dropped if an older row still holds it.
 */
// Spelled case-insensitively by hand: JSON-schema patterns take no flags.
export const IMAGE_URL_PATTERN =
  '^(?:[hH][tT][tT][pP][sS]?://[^\\s/?#]+[^\\s]*|/(?![/\\\\])[^\\s]*)$';

const IMAGE_URL = new RegExp(IMAGE_URL_PATTERN);

export function isSafeImageUrl(url: string): boolean {
  return IMAGE_URL.test(url);
}

/** The URL when it is safe, else null. */
export function safeImageUrl(url: string | null): string | null {
  return url !== null && isSafeImageUrl(url) ? url : null;
}
