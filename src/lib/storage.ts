/**
 * Safe access to localStorage: every function swallows the errors browsers throw when storage is
 * disabled, full or blocked (private modes, sandboxed frames), so callers never need a try.
 */

/** The session token (design.md §5). */
export const TOKEN_KEY = 'token';
/** The route to return to after sign-in (design.md §5). */
export const PRE_ROUTE_KEY = 'pre-route';
/** sessionStorage: why the session ended, for the notice on the next page (src/lib/session-notice.ts). */
export const SESSION_ENDED_KEY = 'session-ended';

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** The stored value, or null when absent or when storage is unavailable. */
export function readItem(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Stores a value; false when storage is unavailable or refused the write. */
export function writeItem(key: string, value: string): boolean {
  try {
    const store = storage();
    if (!store) return false;
    store.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

/** Removes a value; does nothing when storage is unavailable. */
export function removeItem(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // Nothing stored can be removed from unavailable storage.
  }
}
