/**
 * The security headers of every site response: the content security policy by kind of file, and
 * the headers @fastify/helmet would send. They are part of each stored response (static-files.ts),
 * computed once instead of per request.
 */
import { PERMISSIONS_POLICY } from '../common/permissions-policy.ts';

/** Headers of one stored representation; names are lower-case as Node and Fastify keep them. */
export type HeaderMap = Readonly<Record<string, string>>;

export const HTML_CSP =
  "frame-ancestors 'none'; base-uri 'self'; object-src 'none'; form-action 'self'";

const META_CSP = /<meta\s+http-equiv="content-security-policy"\s+content="([^"]*)"/i;

/**
 * The header CSP of a page: the policy Astro wrote into its meta tag (script and style hashes),
 * plus what only a header can say. As a header it also covers the inline theme script, which
 * comes before the meta tag in <head>, and `frame-ancestors`, which browsers ignore in a meta.
 */
export function pageCsp(html: Buffer): string {
  const meta = META_CSP.exec(html.toString('utf8', 0, Math.min(html.length, 64 * 1024)))?.[1];
  if (!meta) return HTML_CSP;
  const policy = meta.replaceAll('&#39;', "'").replaceAll('&quot;', '"').replaceAll('&amp;', '&');
  return `${policy.trim().replace(/;$/, '')}; frame-ancestors 'none'`;
}

/**
 * CSP of every other file, for when one is opened as a document (an SVG, a text file): nothing
 * runs, nothing loads, nothing frames it. It does not apply when a page uses the file.
 */
export const FILE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'; sandbox";

/**
 * CSP of scripts. A script's own CSP matters only when it runs as a worker (Pagefind searches in
 * one): it may load scripts and data from this origin and compile WebAssembly, nothing else.
 */
export const SCRIPT_CSP =
  "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'; frame-ancestors 'none'";

/** The CSP header of a stored file: a page's own, a script's, or every other file's. */
export function cspOf(path: string, body: Buffer, isHtml: boolean): string {
  if (isHtml) return pageCsp(body);
  return /\.m?js$/.test(path) ? SCRIPT_CSP : FILE_CSP;
}

/**
 * The security headers of every site response. They are what @fastify/helmet 8 sends by default
 * (the API's answers carry them), precomputed here because the site route opts out of helmet:
 * helmet builds its middleware anew on every request, which halved the static rate. X-Frame-Options
 * says DENY to agree with `frame-ancestors 'none'`.
 */
export const SECURITY_HEADERS: HeaderMap = Object.freeze({
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'permissions-policy': PERMISSIONS_POLICY,
  // The client reads document.referrer to remember the page a visitor came from before /auth.
  'referrer-policy': 'strict-origin-when-cross-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
});
