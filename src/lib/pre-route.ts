/**
 * The remembered route (design.md §5): where to send the user after sign-in, kept in
 * localStorage["pre-route"]. Only same-origin paths are ever stored or returned, so the value can
 * never become an open redirect.
 */
import { paths } from './shared/paths.ts';
import { PRE_ROUTE_KEY, readItem, removeItem, writeItem } from './storage.ts';

const PLACEHOLDER_ORIGIN = 'http://pre-route.invalid';
// Control characters and whitespace are stripped or rejected by URL parsers ('/\t/evil' would
// become '//evil'), so a target containing any of them is refused outright.
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARS = /[\u0000-\u0020\u007f]/;

/** A path a browser would read as another host: '//host' or '/\host'. */
function isProtocolRelative(path: string): boolean {
  return path.startsWith('//') || path.startsWith('/\\');
}

/**
 * The target normalised to path + search + hash, or null unless it is a same-origin path that
 * starts with exactly one '/' (rejects '//evil', '/\evil', 'http://…', 'javascript:…'), before
 * and after normalising: dot segments can turn '/.//evil' into '//evil'.
 */
export function safeTarget(target: string | null | undefined): string | null {
  if (typeof target !== 'string' || !target.startsWith('/')) return null;
  if (isProtocolRelative(target) || UNSAFE_CHARS.test(target)) return null;
  let url: URL;
  try {
    url = new URL(target, PLACEHOLDER_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PLACEHOLDER_ORIGIN || isProtocolRelative(url.pathname)) return null;
  return url.pathname + url.search + url.hash;
}

function pathnameOf(target: string): string {
  const path = new URL(target, PLACEHOLDER_ORIGIN).pathname.replace(/\/+$/, '');
  return path === '' ? '/' : path;
}

const NEVER_REMEMBERED = new Set<string>([paths.login(), paths.register()]);

function isAuthPath(pathname: string): boolean {
  return pathname === '/auth' || pathname.startsWith('/auth/');
}

/**
 * Remembers where to return after sign-in (replacing what was stored). Never saves the login or
 * register page, nor anything that is not a same-origin path. True when saved.
 */
export function rememberRoute(target: string): boolean {
  const safe = safeTarget(target);
  if (safe === null || NEVER_REMEMBERED.has(pathnameOf(safe))) return false;
  return writeItem(PRE_ROUTE_KEY, safe);
}

/**
 * Called when an /auth page opens: if the previous page was not under /auth and nothing is
 * remembered yet, remembers the previous page. True when saved.
 */
export function rememberOnEnteringAuth(previousPath: string | null): boolean {
  const safe = safeTarget(previousPath);
  if (safe === null || isAuthPath(pathnameOf(safe))) return false;
  if (peekRememberedRoute() !== null) return false;
  return rememberRoute(safe);
}

/** The remembered route without clearing it, or null. */
export function peekRememberedRoute(): string | null {
  return safeTarget(readItem(PRE_ROUTE_KEY));
}

/**
 * After a sign-in: the remembered route when `mayOpen(pathname)` says the signed-in user may open
 * it, else '/'. The stored route is cleared either way, so it serves one sign-in only.
 */
export function takeRememberedRoute(mayOpen: (pathname: string) => boolean): string {
  const route = peekRememberedRoute();
  removeItem(PRE_ROUTE_KEY);
  return route !== null && mayOpen(pathnameOf(route)) ? route : paths.home();
}
