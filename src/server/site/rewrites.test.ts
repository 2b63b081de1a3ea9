import { expect, test } from 'vitest';
import { DYNAMIC_ROUTES, findRoute } from '../../lib/shared/routes.ts';
import { nginxRegex, rewriteRules } from './rewrites.ts';

test('_redirects has one 200 rewrite per dynamic route, to its shell', () => {
  const { redirects } = rewriteRules();
  const rules = redirects.split('\n').filter((l) => l && !l.startsWith('#'));
  expect(rules).toHaveLength(DYNAMIC_ROUTES.length);
  expect(rules).toContainEqual(
    expect.stringMatching(/^\/admin\/user\/edit\/:id +\/admin\/user\/edit\/_\/ +200$/),
  );
  expect(rules).toContainEqual(expect.stringMatching(/^\/blog\/:id +\/blog\/_\/ +200$/));
  for (const rule of rules) expect(rule.split(/\s+/)).toHaveLength(3);
});

test('the nginx snippet maps each dynamic route to its shell and 404s to the 404 page', () => {
  const { nginx } = rewriteRules();
  expect(nginx).toContain('error_page 404 /404.html;');
  expect(nginx).toContain(
    'location ~ "^/admin/user/edit/[A-Za-z0-9_-]{1,64}/?$" {\n' +
      '    try_files $uri $uri/index.html /admin/user/edit/_/index.html;\n}',
  );
  expect(nginx.match(/^location ~ /gm)).toHaveLength(DYNAMIC_ROUTES.length);
  // Balanced braces: the snippet parses as a list of blocks.
  expect(nginx.split('{').length).toBe(nginx.split('}').length);
});

test('the nginx regex accepts exactly what the server’s route matcher accepts', () => {
  for (const route of DYNAMIC_ROUTES) {
    const regex = new RegExp(nginxRegex(route.pattern));
    for (const id of ['42', 'abc-DEF_9', 'x'.repeat(64)]) {
      const path = route.pattern.replace(':id', id);
      expect(regex.test(path), path).toBe(true);
      expect(regex.test(path + '/'), path).toBe(true);
      expect(findRoute(path)).toBe(route);
    }
    for (const id of ['a.b', 'x'.repeat(65), 'a/b', '']) {
      const path = route.pattern.replace(':id', id);
      expect(regex.test(path), path).toBe(false);
    }
  }
});

test('rules follow the routes given', () => {
  const { redirects, nginx } = rewriteRules([
    { pattern: '/a/:id', titleKey: 'x' },
    { pattern: '/static', titleKey: 'y' },
  ]);
  expect(redirects).toContain('/a/:id  /a/_/  200');
  expect(redirects).not.toContain('/static');
  expect(nginx).toContain('location ~ "^/a/[A-Za-z0-9_-]{1,64}/?$"');
});
