/**
 * The session (design.md §4, §5; style.md point 16): the token, the signed-in user and the state
 * the guards read. Only the actions below write these stores; the heartbeat and refresh timers
 * are reactions in a listener on `$user`.
 */
import { atom, batch, computed, task } from 'nanostores';
import type { User } from '@/server/user/user.schema.ts';
import { getPrivateInfo, heartbeat, logout, refreshToken } from '../api/user.ts';
import type { AuthState } from '../guards.ts';
import { ApiError, onSessionGone } from '../http.ts';
import { TOKEN_KEY, readItem, removeItem, writeItem } from '../storage.ts';

/** Spec §9: heartbeat every 10 seconds. */
export const HEARTBEAT_MS = 10_000;
/** Spec §9: token refresh every 30 minutes. */
export const REFRESH_MS = 30 * 60_000;

export type SessionStatus = 'idle' | 'loading' | 'ready';

/** Mirrors localStorage["token"]. */
export const $token = atom<string | null>(readItem(TOKEN_KEY));
export const $user = atom<User | null>(null);
/** 'idle' before startSession(), 'loading' while the user is fetched, 'ready' after. */
export const $sessionStatus = atom<SessionStatus>('idle');

/** What the guards see: a user, a session still loading, or nobody. */
export const $auth = computed([$token, $user, $sessionStatus], (token, user, status): AuthState => {
  if (user) return { kind: 'user', permissions: user.permissions };
  if (token && status !== 'ready') return { kind: 'loading' };
  return { kind: 'anonymous' };
});

/**
 * True when the server answered with a non-positive code. A call that got no answer at all
 * (network failure, timeout, unreadable body) is not a verdict on the session: it keeps the token.
 */
function refusedByServer(error: unknown): boolean {
  return error instanceof ApiError && !error.transport && error.code <= 0;
}

function storeToken(token: string): void {
  writeItem(TOKEN_KEY, token);
  $token.set(token);
}

let loading: Promise<void> | null = null;
let loadingToken: string | null = null;

function loadUser(token: string): Promise<void> {
  if (loading && loadingToken === token) return loading;
  $sessionStatus.set('loading');
  loadingToken = token;
  const current = task(async () => {
    try {
      const user = await getPrivateInfo();
      if ($token.get() !== token) return; // signed out or in again meanwhile
      batch(() => {
        $user.set(user);
        $sessionStatus.set('ready');
      });
    } catch (error) {
      if ($token.get() !== token) return;
      if (refusedByServer(error)) clearSession();
      else $sessionStatus.set('ready');
    } finally {
      if (loading === current) {
        loading = null;
        loadingToken = null;
      }
    }
  });
  loading = current;
  return current;
}

/**
 * Starts the session on page start (idempotent, call it as often as you like): with a stored
 * token and no user loaded, fetches the user; without a token, the session is ready as anonymous.
 */
export function startSession(): Promise<void> {
  if ($user.get()) return Promise.resolve();
  const token = readItem(TOKEN_KEY);
  if ($token.get() !== token) $token.set(token);
  if (!token) {
    $sessionStatus.set('ready');
    return Promise.resolve();
  }
  return loadUser(token);
}

/** Signs in with a token from the login, register or OAuth answer; loads the user if not given. */
export function signIn(token: string, user?: User): Promise<void> {
  batch(() => {
    storeToken(token);
    $user.set(user ?? null);
    $sessionStatus.set(user ? 'ready' : 'loading');
  });
  return user ? Promise.resolve() : loadUser(token);
}

/**
 * Shows the user's own record as a profile or admin call returned it (nickname, avatar, email,
 * roles changed). Ignored when nobody is signed in or the record is someone else's.
 */
export function updateUser(user: User): void {
  const current = $user.get();
  if (current && current.id === user.id) $user.set(user);
}

/** Forgets the session: removes the token from storage and resets the user. */
export function clearSession(): void {
  removeItem(TOKEN_KEY);
  batch(() => {
    $token.set(null);
    $user.set(null);
    $sessionStatus.set('ready');
  });
}

/** Logs out on the server; on success the session is cleared. Rejects with the ApiError otherwise. */
export function signOut(): Promise<void> {
  return task(async () => {
    await logout();
    clearSession();
  });
}

// Any -1/-2 answer, from whichever call, clears the session.
onSessionGone(clearSession);

// ——— Reactions: the heartbeat and refresh timers live while a user is set. ———

let heartbeatTimer: ReturnType<typeof setInterval> | undefined;
let refreshTimer: ReturnType<typeof setInterval> | undefined;

function beat(): void {
  void task(async () => {
    try {
      await heartbeat();
    } catch (error) {
      if (refusedByServer(error)) clearSession();
    }
  });
}

function refresh(): void {
  void task(async () => {
    const token = $token.get();
    try {
      const next = await refreshToken();
      if ($user.get() && $token.get() === token && typeof next === 'string' && next !== '') {
        storeToken(next);
      }
    } catch (error) {
      if (refusedByServer(error)) clearSession();
    }
  });
}

function startTimers(): void {
  if (heartbeatTimer !== undefined) return;
  heartbeatTimer = setInterval(beat, HEARTBEAT_MS);
  refreshTimer = setInterval(refresh, REFRESH_MS);
  beat();
}

function stopTimers(): void {
  clearInterval(heartbeatTimer);
  clearInterval(refreshTimer);
  heartbeatTimer = undefined;
  refreshTimer = undefined;
}

$user.listen((user) => {
  if (user) startTimers();
  else stopTimers();
});
