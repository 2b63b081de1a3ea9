/**
 * From a request URL to a file of the built site. Rules, first match wins:
 *   1. the exact file (`/_astro/x.js`, `/index.html`);
 *   2. `<path>/index.html` (`/blog` and `/blog/`);
 *   3. `<path>.html` (`/404` → `/404.html`);
 *   4. a dynamic route of the route table → its shell (`/admin/user/edit/42` →
 *      `/admin/user/edit/_/index.html`);
 *   otherwise none (the caller answers with the 404 page).
 * Rules 1–3 are precomputed as a map of URL forms per file (`urlAliases`), so the common request is
 * one map lookup. Percent-decoding happens only when the raw path misses; dot segments, backslashes,
 * NUL bytes and malformed escapes never resolve, so nothing outside the table can be named.
 */
import { findRoute, isDynamic, shellPath } from '../../lib/shared/routes.ts';

/** What resolving needs of a table: its URL forms and its files. */
export interface ResolveTable<T> {
  readonly urls: ReadonlyMap<string, T>;
  readonly files: ReadonlyMap<string, T>;
}

/**
 * The URL paths that serve the file at `path`, each with its rule's priority (lower wins when two
 * files claim the same URL, e.g. `/a.html` and `/a/index.html` both claim `/a`).
 */
export function urlAliases(path: string): [url: string, priority: number][] {
  const out: [string, number][] = [[path, 0]];
  if (path.endsWith('/index.html')) {
    const dir = path.slice(0, -'index.html'.length); // keeps its trailing slash: `/a/`, `/`
    out.push([dir, 1]);
    if (dir !== '/') out.push([dir.slice(0, -1), 1]);
  }
  if (path.endsWith('.html')) {
    const base = path.slice(0, -'.html'.length);
    if (base !== '' && !base.endsWith('/')) out.push([base, 2], [base + '/', 2]);
  }
  return out;
}

/** The path part of a request URL (no query, no fragment), as sent. */
export function pathOf(url: string): string {
  const q = url.indexOf('?');
  const h = url.indexOf('#');
  const end = q < 0 ? h : h < 0 ? q : Math.min(q, h);
  return end < 0 ? url : url.slice(0, end);
}

/**
 * The decoded, checked form of a raw path, or null when it is malformed or could step outside the
 * site: not starting with `/`, a bad escape, a `.`/`..` segment, a backslash or a NUL byte.
 */
export function safePath(raw: string): string | null {
  let path = raw;
  if (path.includes('%')) {
    try {
      path = decodeURIComponent(path);
    } catch {
      return null;
    }
  }
  if (path[0] !== '/' || path.includes('\\') || path.includes('\0')) return null;
  for (const segment of path.split('/')) {
    if (segment === '.' || segment === '..') return null;
  }
  return path;
}

/** Whether a decoded path belongs to the API, which this site never answers for. */
export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/** The file serving a request URL, or null. */
export function resolve<T>(table: ResolveTable<T>, url: string): T | null {
  const raw = pathOf(url);
  const hit = table.urls.get(raw);
  if (hit !== undefined) return hit;
  const path = safePath(raw);
  if (path === null || isApiPath(path)) return null;
  if (path !== raw) {
    const decoded = table.urls.get(path);
    if (decoded !== undefined) return decoded;
  }
  const route = findRoute(path);
  if (route !== undefined && isDynamic(route)) {
    return table.files.get(`${shellPath(route)}/index.html`) ?? null;
  }
  return null;
}
