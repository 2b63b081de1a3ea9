/**
 * Base64 as share links use it: standard or URL-safe, with or without padding, always UTF-8
 * (names in vmess JSON are often Chinese). Pure: atob/btoa and TextEncoder exist in browsers and
 * Node alike.
 */

const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

/** The UTF-8 text `text` encodes, or null when it is not base64 of valid UTF-8. */
export function decodeBase64(text: string): string | null {
  const compact = text.replace(/\s+/g, '');
  if (compact === '' || !BASE64.test(compact)) return null;
  const standard = compact.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  if (standard.length % 4 === 1) return null;
  try {
    const binary = atob(standard + '='.repeat((4 - (standard.length % 4)) % 4));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** Standard base64 (with padding) of the UTF-8 bytes of `text`. */
export function encodeBase64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** URL-safe base64 without padding (SIP002's user info). */
export function encodeBase64Url(text: string): string {
  return encodeBase64(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
