import { allTasks, cleanStores } from 'nanostores';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { findRoute, isGuarded } from './shared/routes.ts';
import type * as CoreModule from './guard-core.ts';
import type * as RuntimeModule from './guard-runtime.ts';
import type * as SessionModule from './stores/session.ts';
import { testUser } from './test-user.ts';

type Core = typeof CoreModule;
type Runtime = typeof RuntimeModule;
type Session = typeof SessionModule;

const DESKTOP_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const IPAD_UA =
  'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

const alice = testUser();

let profile: { code: number; data?: unknown };
let replace: ReturnType<typeof vi.fn<(url: string | URL) => void>>;
let referrer: string;
let userAgent: string;
let runtime: Runtime;
let core: Core;
let started: Promise<void> = Promise.resolve();
let session: Session;

const guardFlag = () => document.documentElement.dataset.guard;
const remembered = () => localStorage.getItem('pre-route');

/** Runs the page guard; `settle` waits for its session half (loaded only with a token). */
async function guard() {
  const result = runtime.runPageGuard();
  started = result.session;
  return result.decision;
}

async function settle() {
  await started;
  await allTasks();
}

/** Opens `url` (path + search + hash) in this window and loads fresh modules. */
async function open(url: string, options: { token?: string; width?: number } = {}) {
  history.replaceState(null, '', url);
  // What the layout prebuilds: the mark of a route the guard has something to decide on.
  const route = findRoute(new URL(url, window.location.origin).pathname);
  document.documentElement.toggleAttribute('data-guarded-route', route ? isGuarded(route) : false);
  window.innerWidth = options.width ?? 1280;
  if (options.token) localStorage.setItem('token', options.token);
  vi.resetModules();
  runtime = await import('./guard-runtime.ts');
  core = await import('./guard-core.ts');
  session = await import('./stores/session.ts');
}

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  delete document.documentElement.dataset.guard;
  profile = { code: 1, data: alice };
  referrer = '';
  userAgent = DESKTOP_UA;
  vi.spyOn(document, 'referrer', 'get').mockImplementation(() => referrer);
  vi.spyOn(navigator, 'userAgent', 'get').mockImplementation(() => userAgent);
  replace = vi.fn<(url: string | URL) => void>();
  vi.spyOn(window.location, 'replace').mockImplementation(replace);
  vi.spyOn(window.location, 'reload').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname;
      const body = path === '/api/user/info/private' ? profile : { code: 1, data: null };
      return new Response(JSON.stringify({ message: '', data: null, ...body }));
    }),
  );
});

afterEach(() => {
  cleanStores(session.$auth, session.$token, session.$user, session.$sessionStatus);
  vi.clearAllTimers();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

test('a public page is allowed at once and the session still starts', async () => {
  await open('/blog?page=2', { token: 'token-1' });
  expect(await guard()).toEqual({ kind: 'allow' });
  expect(guardFlag()).toBe('ok');
  expect(replace).not.toHaveBeenCalled();
  await settle();
  expect(session.$user.get()).toEqual(alice);
});

test('a login page for an anonymous visitor: redirect to login, remembering path+search+hash', async () => {
  await open('/pic?album=3#photo-2');
  expect(await guard()).toEqual({ kind: 'redirect', to: '/auth/login', remember: true });
  expect(replace).toHaveBeenCalledWith('/auth/login');
  expect(remembered()).toBe('/pic?album=3#photo-2');
  expect(guardFlag()).toBeUndefined();
});

test('with a stored token the guard waits for the user, then allows', async () => {
  await open('/pic', { token: 'token-1' });
  expect(await guard()).toEqual({ kind: 'pending' });
  expect(guardFlag()).toBeUndefined();
  await settle();
  expect(guardFlag()).toBe('ok');
  expect(replace).not.toHaveBeenCalled();
});

test('a signed-in user without the permission goes to /403, remembering the target', async () => {
  await open('/admin/user/list?q=a', { token: 'token-1' });
  expect((await guard()).kind).toBe('pending');
  await settle();
  expect(replace).toHaveBeenCalledWith('/403');
  expect(remembered()).toBe('/admin/user/list?q=a');
  expect(guardFlag()).toBeUndefined();
});

test('a token the server refuses ends in the login redirect', async () => {
  profile = { code: 0 };
  await open('/auth/profile', { token: 'token-1' });
  expect((await guard()).kind).toBe('pending');
  await settle();
  expect(localStorage.getItem('token')).toBeNull();
  expect(replace).toHaveBeenCalledWith('/auth/login');
  expect(remembered()).toBe('/auth/profile');
});

test('a phone (by width) visiting /kill goes to /require-desktop, even anonymous, remembering nothing', async () => {
  await open('/kill', { width: 599 });
  expect(await guard()).toEqual({
    kind: 'redirect',
    to: '/require-desktop',
    remember: false,
  });
  expect(replace).toHaveBeenCalledWith('/require-desktop');
  expect(remembered()).toBeNull();
});

test('a tablet (by user agent) visiting /kill/game goes to /require-desktop', async () => {
  userAgent = IPAD_UA;
  await open('/kill/game', { width: 1024 });
  await guard();
  expect(replace).toHaveBeenCalledWith('/require-desktop');
});

test('/kill on a desktop goes to /maintenance while the switch is on (the default)', async () => {
  await open('/kill');
  await guard();
  expect(replace).toHaveBeenCalledWith('/maintenance');
});

test('/kill with the switch off sends an anonymous desktop visitor to login', async () => {
  vi.stubEnv('PUBLIC_KILL_MAINTENANCE', 'false');
  await open('/kill');
  await guard();
  expect(replace).toHaveBeenCalledWith('/auth/login');
  expect(remembered()).toBe('/kill');
});

test('entering /auth from a same-origin page remembers that page', async () => {
  referrer = `${window.location.origin}/blog/12?c=1#comments`;
  await open('/auth/login');
  expect(await guard()).toEqual({ kind: 'allow' });
  expect(remembered()).toBe('/blog/12?c=1#comments');
});

test('entering /auth keeps a route already remembered', async () => {
  localStorage.setItem('pre-route', '/pic');
  referrer = `${window.location.origin}/blog`;
  await open('/auth/register');
  await guard();
  expect(remembered()).toBe('/pic');
});

test('entering /auth from another site or another /auth page remembers nothing', async () => {
  referrer = 'https://elsewhere.example/page';
  await open('/auth/login');
  await guard();
  expect(remembered()).toBeNull();
  referrer = `${window.location.origin}/auth/register`;
  await guard();
  expect(remembered()).toBeNull();
});

test('a non-auth page does not remember its referrer', async () => {
  referrer = `${window.location.origin}/blog`;
  await open('/nav');
  await guard();
  expect(remembered()).toBeNull();
});

test('an unknown path is allowed (the 404 page shows)', async () => {
  await open('/no/such/page', { width: 320 });
  expect(await guard()).toEqual({ kind: 'allow' });
  expect(guardFlag()).toBe('ok');
});

test('guardDecisionFor reads the viewport, the user agent and the given auth state', async () => {
  await open('/');
  expect(core.guardDecisionFor('/pic', { kind: 'user', permissions: [] })).toEqual({
    kind: 'allow',
  });
  expect(core.guardDecisionFor('/pic', { kind: 'loading' })).toEqual({ kind: 'pending' });
  window.innerWidth = 500;
  expect(core.currentDevice()).toBe('phone');
  expect(core.guardDecisionFor('/kill', { kind: 'anonymous' }).kind).toBe('redirect');
});

test('referrerPath keeps same-origin referrers only', async () => {
  await open('/');
  const origin = window.location.origin;
  expect(runtime.referrerPath(`${origin}/a?b=1#c`, origin)).toBe('/a?b=1#c');
  expect(runtime.referrerPath('https://evil.example/a', origin)).toBeNull();
  expect(runtime.referrerPath('', origin)).toBeNull();
  expect(runtime.referrerPath('not a url', origin)).toBeNull();
});

test('after sign-in, the remembered route is used only when the new user may open it, once', async () => {
  await open('/auth/login');
  const plain = { kind: 'user', permissions: [] } as const;
  const owner = { kind: 'user', permissions: ['ROLE_super_admin'] } as const;

  localStorage.setItem('pre-route', '/admin/user/list?q=a');
  expect(core.routeAfterSignIn(plain)).toBe('/');
  expect(remembered()).toBeNull();
  expect(core.routeAfterSignIn(owner)).toBe('/');

  localStorage.setItem('pre-route', '/admin/user/list?q=a');
  expect(core.routeAfterSignIn(owner)).toBe('/admin/user/list?q=a');
  expect(remembered()).toBeNull();

  localStorage.setItem('pre-route', '/pic#top');
  expect(core.routeAfterSignIn(plain)).toBe('/pic#top');
});

test('after sign-in, a remembered route the guard would turn away on this device is not used', async () => {
  vi.stubEnv('PUBLIC_KILL_MAINTENANCE', 'false');
  await open('/auth/login', { width: 500 });
  localStorage.setItem('pre-route', '/kill');
  expect(core.routeAfterSignIn({ kind: 'user', permissions: [] })).toBe('/');
});

test('after sign-in, the signed-in session decides', async () => {
  await open('/auth/login', { token: 'token-1' });
  await guard();
  await settle();
  localStorage.setItem('pre-route', '/blog/manage');
  expect(core.routeAfterSignIn(session.$auth.get())).toBe('/');
  localStorage.setItem('pre-route', '/auth/profile');
  expect(core.routeAfterSignIn(session.$auth.get())).toBe('/auth/profile');
});

test('the "signed out" notice waits for a page that stays, then shows once', async () => {
  document.body.innerHTML =
    '<div id="session-notice"><p role="status"></p><button hidden>x</button></div>';
  sessionStorage.setItem('session-ended', 'locked');
  await open('/pic');
  await guard();
  expect(replace).toHaveBeenCalledWith('/auth/login');
  expect(document.querySelector('[role="status"]')?.textContent).toBe('');
  expect(sessionStorage.getItem('session-ended')).toBe('locked');

  await open('/auth/login');
  await guard();
  await vi.dynamicImportSettled();
  expect(document.querySelector('[role="status"] [data-i18n="en"]')?.textContent).toMatch(
    /account has been locked/,
  );
  expect(sessionStorage.getItem('session-ended')).toBeNull();
  document.body.innerHTML = '';
});
