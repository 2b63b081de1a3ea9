import { allTasks, cleanStores, keepMount } from 'nanostores';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { User } from '@/server/user/user.schema.ts';
import type * as HttpModule from '../http.ts';
import type * as SessionModule from './session.ts';

type Session = typeof SessionModule;
type Http = typeof HttpModule;

const alice: User = {
  id: '1',
  username: 'alice',
  isLocked: false,
  email: null,
  permissions: ['ROLE_super_admin', 'sys:user:manage'],
  nickname: 'Alice',
  avatar: null,
  createTime: '2026-01-01T00:00:00+00:00',
  updateTime: '2026-01-01T00:00:00+00:00',
};

const PROFILE = 'GET /api/user/info/private';
const HEARTBEAT = 'GET /api/user/auth/heartbeat';
const REFRESH = 'POST /api/user/auth/refresh';
const LOGOUT = 'POST /api/user/auth/logout';

type Reply = { code: number; message?: string; data?: unknown } | 'network-error';

/** The fake server: what each `METHOD /path` answers, and every call it received. */
let replies: Record<string, Reply>;
let calls: { key: string; auth: string | null }[];
let reload: ReturnType<typeof vi.fn<() => void>>;
let session: Session;
let http: Http;

const callsTo = (key: string) => calls.filter((call) => call.key === key);
const storedToken = () => localStorage.getItem('token');

async function load(token: string | null): Promise<void> {
  if (token === null) localStorage.removeItem('token');
  else localStorage.setItem('token', token);
  vi.resetModules();
  session = await import('./session.ts');
  http = await import('../http.ts');
  keepMount(session.$auth);
}

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  calls = [];
  replies = {
    [PROFILE]: { code: 1, data: alice },
    [HEARTBEAT]: { code: 1, data: null },
    [REFRESH]: { code: 1, data: 'token-2' },
    [LOGOUT]: { code: 1, data: null },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const key = `${request.method} ${new URL(request.url).pathname}`;
      calls.push({ key, auth: request.headers.get('Authorization') });
      const reply = replies[key] ?? { code: -404, message: 'no such route' };
      if (reply === 'network-error') throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify({ message: '', data: null, ...reply }), {
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  reload = vi.fn<() => void>();
  vi.spyOn(window.location, 'reload').mockImplementation(reload);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanStores(session.$auth, session.$token, session.$user, session.$sessionStatus);
  vi.clearAllTimers();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

test('the timer constants are the spec’s', async () => {
  await load(null);
  expect(session.HEARTBEAT_MS).toBe(10_000);
  expect(session.REFRESH_MS).toBe(30 * 60_000);
});

test('$token mirrors localStorage["token"] from the start', async () => {
  await load('token-1');
  expect(session.$token.get()).toBe('token-1');
});

test('no token: the session is ready as anonymous, nothing is fetched', async () => {
  await load(null);
  expect(session.$sessionStatus.get()).toBe('idle');
  expect(session.$auth.get()).toEqual({ kind: 'anonymous' });
  await session.startSession();
  expect(session.$sessionStatus.get()).toBe('ready');
  expect(session.$auth.get()).toEqual({ kind: 'anonymous' });
  expect(calls).toEqual([]);
});

test('a stored token: loading at once, then the profile is fetched and the user set', async () => {
  await load('token-1');
  expect(session.$auth.get()).toEqual({ kind: 'loading' });
  void session.startSession();
  expect(session.$sessionStatus.get()).toBe('loading');
  expect(session.$auth.get()).toEqual({ kind: 'loading' });
  await allTasks();
  expect(callsTo(PROFILE)).toEqual([{ key: PROFILE, auth: 'Bearer token-1' }]);
  expect(session.$user.get()).toEqual(alice);
  expect(session.$sessionStatus.get()).toBe('ready');
  expect(session.$auth.get()).toEqual({ kind: 'user', permissions: alice.permissions });
});

test('startSession is idempotent: one fetch however often it is called', async () => {
  await load('token-1');
  void session.startSession();
  void session.startSession();
  await allTasks();
  await session.startSession();
  await allTasks();
  expect(callsTo(PROFILE)).toHaveLength(1);
});

test.each([0, -401, -500])(
  'profile fetch answered with code %i clears the session',
  async (code) => {
    replies[PROFILE] = { code, message: 'no' };
    await load('token-1');
    await session.startSession();
    await allTasks();
    expect(storedToken()).toBeNull();
    expect(session.$token.get()).toBeNull();
    expect(session.$user.get()).toBeNull();
    expect(session.$auth.get()).toEqual({ kind: 'anonymous' });
    expect(callsTo(HEARTBEAT)).toHaveLength(0);
  },
);

test('profile fetch answered with -2 clears the session and reloads the page', async () => {
  replies[PROFILE] = { code: -2, message: 'expired' };
  await load('token-1');
  await session.startSession();
  await allTasks();
  expect(storedToken()).toBeNull();
  expect(session.$auth.get()).toEqual({ kind: 'anonymous' });
  expect(reload).toHaveBeenCalledTimes(1);
});

test('profile fetch that gets no answer keeps the token (next page load retries)', async () => {
  replies[PROFILE] = 'network-error';
  await load('token-1');
  await session.startSession();
  await allTasks();
  expect(storedToken()).toBe('token-1');
  expect(session.$user.get()).toBeNull();
  expect(session.$sessionStatus.get()).toBe('ready');
  expect(session.$auth.get()).toEqual({ kind: 'anonymous' });
});

test('heartbeat: once at once when the user is set, then every 10 s', async () => {
  await load('token-1');
  await session.startSession();
  await allTasks();
  expect(callsTo(HEARTBEAT)).toHaveLength(1);
  await vi.advanceTimersByTimeAsync(9_999);
  expect(callsTo(HEARTBEAT)).toHaveLength(1);
  await vi.advanceTimersByTimeAsync(1);
  expect(callsTo(HEARTBEAT)).toHaveLength(2);
  await vi.advanceTimersByTimeAsync(30_000);
  expect(callsTo(HEARTBEAT)).toHaveLength(5);
  expect(callsTo(HEARTBEAT).every((call) => call.auth === 'Bearer token-1')).toBe(true);
});

test('refresh every 30 min stores the new token, which later calls send', async () => {
  await load('token-1');
  await session.startSession();
  await allTasks();
  await vi.advanceTimersByTimeAsync(30 * 60_000 - 1);
  expect(callsTo(REFRESH)).toHaveLength(0);
  await vi.advanceTimersByTimeAsync(1);
  await allTasks();
  expect(callsTo(REFRESH)).toHaveLength(1);
  expect(storedToken()).toBe('token-2');
  expect(session.$token.get()).toBe('token-2');
  await vi.advanceTimersByTimeAsync(10_000);
  expect(callsTo(HEARTBEAT).at(-1)?.auth).toBe('Bearer token-2');
  replies[REFRESH] = { code: 1, data: 'token-3' };
  await vi.advanceTimersByTimeAsync(30 * 60_000);
  await allTasks();
  expect(callsTo(REFRESH)).toHaveLength(2);
  expect(storedToken()).toBe('token-3');
});

test.each([0, -500])('refresh answered with code %i clears the session', async (code) => {
  replies[REFRESH] = { code };
  await load('token-1');
  await session.startSession();
  await allTasks();
  await vi.advanceTimersByTimeAsync(30 * 60_000);
  await allTasks();
  expect(storedToken()).toBeNull();
  expect(session.$user.get()).toBeNull();
  expect(session.$auth.get()).toEqual({ kind: 'anonymous' });
});

test.each([0, -401])('heartbeat answered with code %i clears the session', async (code) => {
  await load('token-1');
  await session.startSession();
  await allTasks();
  replies[HEARTBEAT] = { code };
  await vi.advanceTimersByTimeAsync(10_000);
  await allTasks();
  expect(storedToken()).toBeNull();
  expect(session.$user.get()).toBeNull();
});

test('a heartbeat that gets no answer keeps the session', async () => {
  await load('token-1');
  await session.startSession();
  await allTasks();
  replies[HEARTBEAT] = 'network-error';
  await vi.advanceTimersByTimeAsync(10_000);
  await allTasks();
  expect(storedToken()).toBe('token-1');
  expect(session.$user.get()).toEqual(alice);
});

test('clearing the session removes the token, resets the user and stops both timers', async () => {
  await load('token-1');
  await session.startSession();
  await allTasks();
  session.clearSession();
  expect(storedToken()).toBeNull();
  expect(session.$token.get()).toBeNull();
  expect(session.$user.get()).toBeNull();
  const beats = callsTo(HEARTBEAT).length;
  await vi.advanceTimersByTimeAsync(2 * 60 * 60_000);
  expect(callsTo(HEARTBEAT)).toHaveLength(beats);
  expect(callsTo(REFRESH)).toHaveLength(0);
  expect(vi.getTimerCount()).toBe(0);
});

test('-1 from any call clears the session and reloads', async () => {
  replies['GET /api/blog/article'] = { code: -1, message: 'bad token' };
  await load('token-1');
  await session.startSession();
  await allTasks();
  await expect(http.request('get', 'blog/article')).rejects.toMatchObject({
    code: -1,
    message: '令牌失效/错误',
  });
  expect(storedToken()).toBeNull();
  expect(session.$user.get()).toBeNull();
  expect(reload).toHaveBeenCalledTimes(1);
});

test('signOut: POST logout, then the session is cleared', async () => {
  await load('token-1');
  await session.startSession();
  await allTasks();
  await session.signOut();
  expect(callsTo(LOGOUT)).toEqual([{ key: LOGOUT, auth: 'Bearer token-1' }]);
  expect(storedToken()).toBeNull();
  expect(session.$user.get()).toBeNull();
  expect(vi.getTimerCount()).toBe(0);
});

test('signOut refused by the server rejects and keeps the session', async () => {
  replies[LOGOUT] = { code: 0, message: 'try again' };
  await load('token-1');
  await session.startSession();
  await allTasks();
  await expect(session.signOut()).rejects.toMatchObject({ code: 0, message: 'try again' });
  expect(storedToken()).toBe('token-1');
  expect(session.$user.get()).toEqual(alice);
});

test('signIn with a user stores the token, sets the user and starts the heartbeat', async () => {
  await load(null);
  await session.startSession();
  await session.signIn('token-9', alice);
  expect(storedToken()).toBe('token-9');
  expect(session.$token.get()).toBe('token-9');
  expect(session.$auth.get()).toEqual({ kind: 'user', permissions: alice.permissions });
  await allTasks();
  expect(callsTo(HEARTBEAT)).toEqual([{ key: HEARTBEAT, auth: 'Bearer token-9' }]);
  expect(callsTo(PROFILE)).toHaveLength(0);
});

test('signIn without a user loads it with the new token', async () => {
  await load(null);
  await session.startSession();
  const signingIn = session.signIn('token-9');
  expect(session.$auth.get()).toEqual({ kind: 'loading' });
  await signingIn;
  expect(callsTo(PROFILE)).toEqual([{ key: PROFILE, auth: 'Bearer token-9' }]);
  expect(session.$user.get()).toEqual(alice);
});

test('a profile answer for a token that was replaced meanwhile is ignored', async () => {
  const bob: User = { ...alice, id: '2', username: 'bob', permissions: [] };
  await load('token-1');
  void session.startSession();
  await session.signIn('token-9', bob);
  await allTasks();
  expect(session.$user.get()).toEqual(bob);
  expect(storedToken()).toBe('token-9');
});

test('updateUser shows the changed record of the signed-in user, keeping the session', async () => {
  await load('token-1');
  await session.startSession();
  await allTasks();
  const renamed: User = { ...alice, nickname: 'Alice B', avatar: 'a.webp' };
  session.updateUser(renamed);
  expect(session.$user.get()).toEqual(renamed);
  expect(storedToken()).toBe('token-1');
  session.updateUser({ ...alice, id: '2', nickname: 'Mallory' });
  expect(session.$user.get()).toEqual(renamed);
});

test('updateUser does nothing when nobody is signed in', async () => {
  await load(null);
  await session.startSession();
  session.updateUser(alice);
  expect(session.$user.get()).toBeNull();
  expect(session.$auth.get()).toEqual({ kind: 'anonymous' });
});
