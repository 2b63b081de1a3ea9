/**
 * The route table: every page of the site with its guard rules (design.md §6). It feeds the client
 * guards, the server's mapping from dynamic paths to shell pages, and the CDN rewrite rules.
 */
import {
  BLOG_MANAGE_ANY,
  Permission,
  ROLE_PROXY_ADMIN,
  ROLE_SUPER_ADMIN,
  hasAnyPermission,
} from './permissions.ts';

export interface RouteMeta {
  /** URL pattern; `:id` marks a dynamic segment. */
  readonly pattern: string;
  /** Message key of the page title (src/lib/i18n). */
  readonly titleKey: string;
  readonly login?: boolean;
  /** Each group is any-of; every group must be met (a child adds its own group to its parent's). */
  readonly permissions?: readonly (readonly string[])[];
  readonly desktopOnly?: boolean;
  /** Under maintenance while the site's maintenance switch for it is on. */
  readonly maintenance?: boolean;
}

function crud(
  base: string,
  titleKey: string,
  rules: Omit<RouteMeta, 'pattern' | 'titleKey'>,
): RouteMeta[] {
  return ['add', 'list', 'edit/:id'].map((leaf) => ({
    pattern: `${base}/${leaf}`,
    titleKey: `${titleKey}.${leaf === 'edit/:id' ? 'edit' : leaf}`,
    ...rules,
  }));
}

export const PRACTICE_DEMOS = [
  'html-table-to-excel-workbook',
  'echarts-bar',
  'file-upload',
  'carousel',
  'dropdown',
  'hyperscript',
  'mock',
  'tabs',
  'parse-excel-workbook',
  'svg',
  'abortable-request',
  'zip',
  'browser-viewport',
  'linear-progress-bar',
] as const;

export type PracticeDemo = (typeof PRACTICE_DEMOS)[number];

export const ROUTES: readonly RouteMeta[] = [
  { pattern: '/', titleKey: 'page.index' },

  { pattern: '/auth/login', titleKey: 'page.login' },
  { pattern: '/auth/register', titleKey: 'page.register' },
  { pattern: '/auth/oauth2/github', titleKey: 'page.oauthGithub' },
  { pattern: '/auth/recover/initiate', titleKey: 'page.recoverInitiate' },
  { pattern: '/auth/recover/complete', titleKey: 'page.recoverComplete' },
  { pattern: '/auth/profile', titleKey: 'page.profile', login: true },

  { pattern: '/kill', titleKey: 'page.kill', login: true, desktopOnly: true, maintenance: true },
  {
    pattern: '/kill/game',
    titleKey: 'page.killGame',
    login: true,
    desktopOnly: true,
    maintenance: true,
  },

  { pattern: '/blog', titleKey: 'page.blog' },
  { pattern: '/blog/page/:n', titleKey: 'page.blog' },
  { pattern: '/blog/category/:term', titleKey: 'page.blogCategory' },
  { pattern: '/blog/category/:term/page/:n', titleKey: 'page.blogCategory' },
  { pattern: '/blog/tag/:term', titleKey: 'page.blogTag' },
  { pattern: '/blog/tag/:term/page/:n', titleKey: 'page.blogTag' },
  { pattern: '/blog/search', titleKey: 'page.blogSearch' },
  { pattern: '/blog/contact', titleKey: 'page.contact' },
  { pattern: '/blog/:id', titleKey: 'page.article' },
  {
    pattern: '/blog/manage',
    titleKey: 'page.blogManage',
    login: true,
    permissions: [BLOG_MANAGE_ANY],
  },
  ...crud('/blog/manage/article', 'page.article', {
    login: true,
    permissions: [BLOG_MANAGE_ANY, [Permission.BLOG_ARTICLE_MANAGE]],
  }),
  ...crud('/blog/manage/category', 'page.category', {
    login: true,
    permissions: [BLOG_MANAGE_ANY, [Permission.BLOG_CATEGORY_MANAGE]],
  }),
  ...crud('/blog/manage/tag', 'page.tag', {
    login: true,
    permissions: [BLOG_MANAGE_ANY, [Permission.BLOG_TAG_MANAGE]],
  }),
  {
    pattern: '/blog/manage/contact/list',
    titleKey: 'page.contactInbox',
    login: true,
    permissions: [[ROLE_SUPER_ADMIN]],
  },

  {
    pattern: '/admin/user/list',
    titleKey: 'page.userList',
    login: true,
    permissions: [[ROLE_SUPER_ADMIN]],
  },
  {
    pattern: '/admin/user/edit/:id',
    titleKey: 'page.userEdit',
    login: true,
    permissions: [[ROLE_SUPER_ADMIN], [Permission.USER_MANAGE]],
  },

  ...crud('/proxy/node', 'page.node', { login: true, permissions: [[ROLE_PROXY_ADMIN]] }),
  ...crud('/proxy/sub', 'page.sub', { login: true, permissions: [[ROLE_PROXY_ADMIN]] }),
  ...crud('/proxy/token', 'page.token', { login: true, permissions: [[ROLE_PROXY_ADMIN]] }),

  { pattern: '/love', titleKey: 'page.love' },
  { pattern: '/nav', titleKey: 'page.nav' },
  { pattern: '/resume', titleKey: 'page.resume' },
  { pattern: '/pic', titleKey: 'page.pic', login: true },

  { pattern: '/practice', titleKey: 'page.practice' },
  ...PRACTICE_DEMOS.map((demo) => ({ pattern: `/practice/${demo}`, titleKey: `practice.${demo}` })),

  { pattern: '/403', titleKey: 'page.forbidden' },
  { pattern: '/404', titleKey: 'page.notFound' },
  { pattern: '/maintenance', titleKey: 'page.maintenance' },
  { pattern: '/require-desktop', titleKey: 'page.requireDesktop' },
  { pattern: '/error', titleKey: 'page.error' },
];

/** The segment that stands for `:id` in the built shell of a dynamic route. */
export const SHELL_ID = '_';

export function isDynamic(route: RouteMeta): boolean {
  return route.pattern.includes(':id');
}

/** The built path of a dynamic route's shell page, e.g. `/admin/user/edit/_`. */
export function shellPath(route: RouteMeta): string {
  return route.pattern.replace(':id', SHELL_ID);
}

export const DYNAMIC_ROUTES: readonly RouteMeta[] = ROUTES.filter(isDynamic);

/**
 * Routes with build-time parameters (`:n` a page number, `:term` a category or tag id): one page
 * is prebuilt per value, and a value without a page is a 404, not a shell.
 */
const PARAM_ROUTES: readonly RouteMeta[] = ROUTES.filter(
  (r) => !isDynamic(r) && r.pattern.includes(':'),
);

function normalise(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

function matches(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return false;
  return want.every((seg, i) =>
    seg.startsWith(':') ? /^[\w-]{1,64}$/.test(got[i] ?? '') : seg === got[i],
  );
}

/** The route a path belongs to; static patterns win over dynamic ones (`/blog/contact` vs `/blog/:id`). */
export function findRoute(pathname: string): RouteMeta | undefined {
  const path = normalise(pathname);
  return (
    ROUTES.find((r) => !isDynamic(r) && r.pattern === path) ??
    PARAM_ROUTES.find((r) => matches(r.pattern, path)) ??
    DYNAMIC_ROUTES.find((r) => matches(r.pattern, path))
  );
}

/** The `:id` value of a path that matches a dynamic route. */
export function routeId(route: RouteMeta, pathname: string): string | undefined {
  const index = route.pattern.split('/').indexOf(':id');
  return index < 0 ? undefined : normalise(pathname).split('/')[index];
}

export function meetsPermissions(route: RouteMeta, held: readonly string[]): boolean {
  return (route.permissions ?? []).every((group) => hasAnyPermission(held, group));
}

export function isProtected(route: RouteMeta): boolean {
  return Boolean(route.login || route.permissions?.length);
}

/** Whether the page guard has anything to decide on the route (else every visitor may see it). */
export function isGuarded(route: RouteMeta): boolean {
  return isProtected(route) || Boolean(route.desktopOnly || route.maintenance);
}
