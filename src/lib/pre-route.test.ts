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

test('takeRememberedRoute returns the route and clears it', () => {
  rememberRoute('/pic?a=1');
  expect(peekRememberedRoute()).toBe('/pic?a=1');
  expect(takeRememberedRoute()).toBe('/pic?a=1');
  expect(stored()).toBeNull();
  expect(takeRememberedRoute()).toBe('/');
});

test('takeRememberedRoute returns / when nothing or something unsafe is stored', () => {
  expect(takeRememberedRoute()).toBe('/');
  localStorage.setItem('pre-route', '//evil.example');
  expect(peekRememberedRoute()).toBeNull();
  expect(takeRememberedRoute()).toBe('/');
  expect(stored()).toBeNull();
});
