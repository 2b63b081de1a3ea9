/** The sections of the site, as the header and the index page list them. */
import { paths } from './paths.ts';
import { Permission, ROLE_PROXY_ADMIN, ROLE_SUPER_ADMIN } from './permissions.ts';

export interface Section {
  readonly key: string;
  readonly href: string;
  /** Shown only to users holding any of these. */
  readonly permissions?: readonly string[];
}

export const SECTIONS: readonly Section[] = [
  { key: 'blog', href: paths.blog() },
  { key: 'nav', href: paths.nav() },
  { key: 'kill', href: paths.kill() },
  { key: 'love', href: paths.love() },
  { key: 'pic', href: paths.pic() },
  { key: 'practice', href: paths.practice() },
  { key: 'resume', href: paths.resume() },
  {
    key: 'blogManage',
    href: paths.blogManage(),
    permissions: [
      Permission.BLOG_ARTICLE_MANAGE,
      Permission.BLOG_CATEGORY_MANAGE,
      Permission.BLOG_TAG_MANAGE,
    ],
  },
  { key: 'proxy', href: paths.proxyList('node'), permissions: [ROLE_PROXY_ADMIN] },
  { key: 'admin', href: paths.adminUserList(), permissions: [ROLE_SUPER_ADMIN] },
];
