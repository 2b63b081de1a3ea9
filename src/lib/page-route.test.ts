import { expect, test } from 'vitest';
import { pageRoute } from './page-route.ts';

test('a page gets its route-table entry', () => {
  expect(pageRoute('/admin/user/edit/_/', false).pattern).toBe('/admin/user/edit/:id');
});

test('an unknown path fails the build, but renders as the 404 page in the dev server', () => {
  expect(() => pageRoute('/nope', false)).toThrow('No route in ROUTES for page /nope');
  expect(pageRoute('/nope', true).pattern).toBe('/404');
});
