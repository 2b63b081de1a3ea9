import { describe, expect, test } from 'vitest';
import { decideGuard, type AuthState, type GuardContext, type GuardDecision } from './guards.ts';
import { Permission, ROLE_PROXY_ADMIN, ROLE_SUPER_ADMIN } from './shared/permissions.ts';
import { findRoute, type RouteMeta } from './shared/routes.ts';

const anonymous: AuthState = { kind: 'anonymous' };
const loading: AuthState = { kind: 'loading' };
const user = (...permissions: string[]): AuthState => ({ kind: 'user', permissions });

const allow: GuardDecision = { kind: 'allow' };
const pending: GuardDecision = { kind: 'pending' };
const toLogin: GuardDecision = { kind: 'redirect', to: '/auth/login', remember: true };
const to403: GuardDecision = { kind: 'redirect', to: '/403', remember: true };
const toDesktop: GuardDecision = { kind: 'redirect', to: '/require-desktop', remember: false };
const toMaintenance: GuardDecision = { kind: 'redirect', to: '/maintenance', remember: false };

function ctx(over: Partial<GuardContext> = {}): GuardContext {
  return { device: 'desktop', maintenanceEnabled: false, auth: anonymous, ...over };
}

function routeOf(path: string): RouteMeta {
  const route = findRoute(path);
  if (!route) throw new Error(`no route for ${path}`);
  return route;
}

describe('against the route table', () => {
  test.each<[string, string, Partial<GuardContext>, GuardDecision]>([
    // (1) desktop only comes first: before maintenance and before login
    [
      'phone, anonymous, maintenance on',
      '/kill',
      { device: 'phone', maintenanceEnabled: true },
      toDesktop,
    ],
    ['tablet, signed in', '/kill/game', { device: 'tablet', auth: user() }, toDesktop],
    ['phone, loading', '/kill', { device: 'phone', auth: loading }, toDesktop],
    // (2) maintenance comes before login
    ['desktop, anonymous, maintenance on', '/kill', { maintenanceEnabled: true }, toMaintenance],
    [
      'desktop, signed in, maintenance on',
      '/kill/game',
      { maintenanceEnabled: true, auth: user() },
      toMaintenance,
    ],
    // (3) login required
    ['desktop, anonymous, maintenance off', '/kill', {}, toLogin],
    ['desktop, loading, maintenance off', '/kill', { auth: loading }, pending],
    ['desktop, signed in, maintenance off', '/kill', { auth: user() }, allow],
    ['profile, anonymous', '/auth/profile', {}, toLogin],
    ['profile, loading', '/auth/profile', { auth: loading }, pending],
    [
      'profile, signed in (phone is fine)',
      '/auth/profile',
      { device: 'phone', auth: user() },
      allow,
    ],
    ['pic, anonymous', '/pic', {}, toLogin],
    // (4) permissions
    ['admin list, anonymous', '/admin/user/list', {}, toLogin],
    ['admin list, loading', '/admin/user/list', { auth: loading }, pending],
    ['admin list, no role', '/admin/user/list', { auth: user(ROLE_PROXY_ADMIN) }, to403],
    ['admin list, super admin', '/admin/user/list', { auth: user(ROLE_SUPER_ADMIN) }, allow],
    [
      'admin edit, role without sys:user:manage',
      '/admin/user/edit/7',
      { auth: user(ROLE_SUPER_ADMIN) },
      to403,
    ],
    [
      'admin edit, role and permission',
      '/admin/user/edit/7',
      { auth: user(ROLE_SUPER_ADMIN, Permission.USER_MANAGE) },
      allow,
    ],
    [
      'blog manage, any one blog permission',
      '/blog/manage',
      { auth: user(Permission.BLOG_TAG_MANAGE) },
      allow,
    ],
    ['blog manage, none', '/blog/manage', { auth: user(Permission.PROXY_NODE_MANAGE) }, to403],
    [
      'article list needs its own permission',
      '/blog/manage/article/list',
      { auth: user(Permission.BLOG_TAG_MANAGE) },
      to403,
    ],
    [
      'article list with it',
      '/blog/manage/article/list',
      { auth: user(Permission.BLOG_ARTICLE_MANAGE) },
      allow,
    ],
    ['proxy, proxy admin', '/proxy/node/edit/3', { auth: user(ROLE_PROXY_ADMIN) }, allow],
    ['proxy, signed in without role', '/proxy/token/list', { auth: user() }, to403],
    // public pages
    [
      'home, anonymous phone, maintenance on',
      '/',
      { device: 'phone', maintenanceEnabled: true },
      allow,
    ],
    ['article, loading', '/blog/12', { auth: loading }, allow],
    ['login page, anonymous', '/auth/login', {}, allow],
  ])('%s: %s', (_name, path, over, expected) => {
    expect(decideGuard(routeOf(path), ctx(over))).toEqual(expected);
  });

  test('prebuilt list pages are their own routes, not the article shell', () => {
    expect(findRoute('/blog/page/3')?.pattern).toBe('/blog/page/:n');
    expect(findRoute('/blog/category/7')?.pattern).toBe('/blog/category/:term');
    expect(findRoute('/blog/tag/2/page/4')?.pattern).toBe('/blog/tag/:term/page/:n');
    expect(findRoute('/blog/0193a0b2-aaaa-7bbb-8ccc-123456789abc')?.pattern).toBe('/blog/:id');
  });

  test('an unknown path is allowed (the 404 page shows)', () => {
    expect(findRoute('/no/such/page')).toBeUndefined();
    expect(decideGuard(undefined, ctx({ device: 'phone', auth: loading }))).toEqual(allow);
  });
});

describe('each rule on its own', () => {
  const plain: RouteMeta = { pattern: '/x', titleKey: 'x' };

  test('desktop only: phones and tablets go to /require-desktop, desktops pass', () => {
    const route = { ...plain, desktopOnly: true };
    expect(decideGuard(route, ctx({ device: 'phone' }))).toEqual(toDesktop);
    expect(decideGuard(route, ctx({ device: 'tablet' }))).toEqual(toDesktop);
    expect(decideGuard(route, ctx({ device: 'desktop' }))).toEqual(allow);
  });

  test('maintenance: only while the switch is on', () => {
    const route = { ...plain, maintenance: true };
    expect(decideGuard(route, ctx({ maintenanceEnabled: true }))).toEqual(toMaintenance);
    expect(decideGuard(route, ctx({ maintenanceEnabled: false }))).toEqual(allow);
  });

  test('a permission route without the login flag still sends anonymous users to login', () => {
    const route = { ...plain, permissions: [['p']] };
    expect(decideGuard(route, ctx())).toEqual(toLogin);
    expect(decideGuard(route, ctx({ auth: loading }))).toEqual(pending);
    expect(decideGuard(route, ctx({ auth: user('q') }))).toEqual(to403);
    expect(decideGuard(route, ctx({ auth: user('q', 'p') }))).toEqual(allow);
  });

  test('a route without any rule is allowed whatever the state', () => {
    for (const auth of [anonymous, loading, user()]) {
      expect(decideGuard(plain, ctx({ auth, device: 'phone', maintenanceEnabled: true }))).toEqual(
        allow,
      );
    }
  });
});
