import { beforeEach, expect, test } from 'vitest';
import {
  peekRememberedRoute,
  rememberOnEnteringAuth,
  rememberRoute,
  safeTarget,
  takeRememberedRoute,
} from './pre-route.ts';

const stored = () => localStorage.getItem('pre-route');

beforeEach(() => {
  localStorage.clear();
});

test('remembers path + search + hash under localStorage["pre-route"]', () => {
  expect(rememberRoute('/blog/manage/article/list?page=2#top')).toBe(true);
  expect(stored()).toBe('/blog/manage/article/list?page=2#top');
});

test('a later target replaces the remembered one', () => {
  rememberRoute('/pic');
  rememberRoute('/kill');
  expect(stored()).toBe('/kill');
});

test.each(['/auth/login', '/auth/register', '/auth/login?x=1', '/auth/register/', '/auth/login#a'])(
  'never saves the login or register page: %s',
  (target) => {
    expect(rememberRoute(target)).toBe(false);
    expect(stored()).toBeNull();
  },
);

test('other /auth pages can be remembered (e.g. the profile)', () => {
  expect(rememberRoute('/auth/profile')).toBe(true);
  expect(stored()).toBe('/auth/profile');
});

test.each([
  '//evil.example/x',
  '/\\evil.example',
  'http://evil.example/',
  'https://evil.example/pic',
  'javascript:alert(1)',
  'pic',
  '',
  '/\t/evil.example',
  '/\n/evil.example',
  ' /pic',
  // Dot segments and backslashes that normalise to a protocol-relative '//host'.
  '/.//evil.example',
  '/..//evil.example',
  '/a/..//evil.example',
  '/./\\evil.example',
  '/.\\/evil.example',
  '/%2e//evil.example',
  '/.%2E//evil.example',
  '/..\\\\evil.example/x?y#z',
])('rejects anything but a same-origin path: %j', (target) => {
  expect(safeTarget(target)).toBeNull();
  expect(rememberRoute(target)).toBe(false);
  expect(stored()).toBeNull();
});

test('entering /auth from a non-auth page saves that page when none is stored', () => {
  expect(rememberOnEnteringAuth('/blog/12?c=3#comments')).toBe(true);
  expect(stored()).toBe('/blog/12?c=3#comments');
});

test('entering /auth keeps an already stored route', () => {
  rememberRoute('/admin/user/list');
  expect(rememberOnEnteringAuth('/blog')).toBe(false);
  expect(stored()).toBe('/admin/user/list');
});

test('entering /auth from another /auth page, from nowhere or from elsewhere saves nothing', () => {
  expect(rememberOnEnteringAuth('/auth/register')).toBe(false);
  expect(rememberOnEnteringAuth('/auth/profile')).toBe(false);
  expect(rememberOnEnteringAuth('/auth')).toBe(false);
  expect(rememberOnEnteringAuth(null)).toBe(false);
  expect(rememberOnEnteringAuth('https://evil.example/')).toBe(false);
  expect(stored()).toBeNull();
});

test('a path that merely starts with "auth" is not an /auth page', () => {
  expect(rememberOnEnteringAuth('/authors')).toBe(true);
  expect(stored()).toBe('/authors');
});

test('whatever the mix of dot segments, slashes and backslashes, no result is protocol-relative', () => {
  const parts = ['.', '..', '%2e', '%2E.', '', '\\', 'x', 'evil.example'];
  const results: string[] = [];
  for (const a of parts) {
    for (const b of parts) {
      for (const c of parts) {
        for (const sep of ['/', '\\']) {
          const result = safeTarget(`/${a}${sep}${b}/${c}`);
          if (result !== null) results.push(result);
        }
      }
    }
  }
  expect(results.length).toBeGreaterThan(0);
  expect(results.filter((r) => !/^\/(?![/\\])/.test(r))).toEqual([]);
});

test('a dot segment that is not followed by a second slash stays a plain path', () => {
  expect(safeTarget('/./blog')).toBe('/blog');
  expect(safeTarget('/a/../pic?x=1')).toBe('/pic?x=1');
  expect(safeTarget('/.')).toBe('/');
});

test('a stored route that normalises to a protocol-relative URL is never returned', () => {
  localStorage.setItem('pre-route', '/.//evil.example');
  expect(peekRememberedRoute()).toBeNull();
  expect(takeRememberedRoute(() => true)).toBe('/');
});

test('takeRememberedRoute returns the route only when the signed-in user may open it', () => {
  const asked: string[] = [];
  rememberRoute('/admin/user/list?q=a#top');
  expect(
    takeRememberedRoute((pathname) => {
      asked.push(pathname);
      return false;
    }),
  ).toBe('/');
  expect(asked).toEqual(['/admin/user/list']);
  // Used up even though it was refused: the next sign-in does not meet it again.
  expect(stored()).toBeNull();
  expect(takeRememberedRoute(() => true)).toBe('/');

  rememberRoute('/admin/user/list?q=a#top');
  expect(takeRememberedRoute(() => true)).toBe('/admin/user/list?q=a#top');
  expect(stored()).toBeNull();
});

test('takeRememberedRoute returns the route and clears it', () => {
  rememberRoute('/pic?a=1');
  expect(peekRememberedRoute()).toBe('/pic?a=1');
  expect(takeRememberedRoute(() => true)).toBe('/pic?a=1');
  expect(stored()).toBeNull();
  expect(takeRememberedRoute(() => true)).toBe('/');
});

test('takeRememberedRoute returns / when nothing or something unsafe is stored', () => {
  expect(takeRememberedRoute(() => true)).toBe('/');
  localStorage.setItem('pre-route', '//evil.example');
  expect(peekRememberedRoute()).toBeNull();
  expect(takeRememberedRoute(() => true)).toBe('/');
  expect(stored()).toBeNull();
});
