/** Every internal URL of the site is built here (style.md point 14). */
import type { PracticeDemo } from './routes.ts';
import type { TermKind } from './term-kinds.ts';

export const paths = {
  home: () => '/',
  login: () => '/auth/login',
  register: () => '/auth/register',
  recoverInitiate: () => '/auth/recover/initiate',
  recoverComplete: (token?: string) =>
    token ? `/auth/recover/complete?token=${encodeURIComponent(token)}` : '/auth/recover/complete',
  githubCallback: () => '/auth/oauth2/github',
  profile: () => '/auth/profile',
  kill: () => '/kill',
  killGame: () => '/kill/game',
  blog: () => '/blog',
  /** Page `n` (1-based) of the article list; page 1 is `/blog`. */
  blogPage: (n = 1) => (n <= 1 ? '/blog' : `/blog/page/${n}`),
  blogCategory: (id: number | string, n = 1) =>
    n <= 1 ? `/blog/category/${id}` : `/blog/category/${id}/page/${n}`,
  blogTag: (id: number | string, n = 1) =>
    n <= 1 ? `/blog/tag/${id}` : `/blog/tag/${id}/page/${n}`,
  blogSearch: (term?: string) =>
    term ? `/blog/search?q=${encodeURIComponent(term)}` : '/blog/search',
  blogContact: () => '/blog/contact',
  blogContactInbox: () => '/blog/manage/contact/list',
  /** The prebuilt feeds (served under /api like the spec's RSS address). */
  blogFeed: (format: 'rss' | 'atom' | 'json', term?: { kind: TermKind; id: number }) =>
    `/api/blog/feed/${term ? `${term.kind}/${term.id}/` : ''}${format === 'json' ? 'feed.json' : `${format}.xml`}`,
  blogArticle: (id: string) => `/blog/${encodeURIComponent(id)}`,
  blogManage: () => '/blog/manage',
  blogManageList: (kind: 'article' | TermKind) => `/blog/manage/${kind}/list`,
  blogManageAdd: (kind: 'article' | TermKind) => `/blog/manage/${kind}/add`,
  blogManageEdit: (kind: 'article' | TermKind, id: string) =>
    `/blog/manage/${kind}/edit/${encodeURIComponent(id)}`,
  adminUserList: () => '/admin/user/list',
  adminUserEdit: (id: string) => `/admin/user/edit/${encodeURIComponent(id)}`,
  proxyList: (kind: 'node' | 'sub' | 'token') => `/proxy/${kind}/list`,
  proxyAdd: (kind: 'node' | 'sub' | 'token') => `/proxy/${kind}/add`,
  proxyEdit: (kind: 'node' | 'sub' | 'token', id: string) =>
    `/proxy/${kind}/edit/${encodeURIComponent(id)}`,
  love: () => '/love',
  nav: () => '/nav',
  resume: () => '/resume',
  pic: () => '/pic',
  practice: () => '/practice',
  practiceDemo: (demo: PracticeDemo) => `/practice/${demo}`,
  forbidden: () => '/403',
  notFound: () => '/404',
  maintenance: () => '/maintenance',
  requireDesktop: () => '/require-desktop',
  error: () => '/error',
  apiDocs: () => '/api/docs',
} as const;

/** Where the avatar images live below the image host (spec §3: a fixed folder). */
export const AVATAR_FOLDER = '/uploads/avatar/';

/** The built-in default silhouette, used when a user has no avatar. */
export const DEFAULT_AVATAR = '/images/default-avatar.svg';
