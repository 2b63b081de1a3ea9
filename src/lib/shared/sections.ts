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

/** How closely a section's URL matches a path: the length of the longest matching prefix, or 0. */
function matchLength(section: Section, path: string): number {
  const prefixes = [section.href, `/${section.href.split('/')[1] ?? ''}`];
  return Math.max(
    0,
    ...prefixes
      .filter((p) => p !== '/' && (path === p || path.startsWith(`${p}/`)))
      .map((p) => p.length),
  );
}

/** The key of the section a path belongs to (the closest match), or null (the index, 404 …). */
export function currentSectionKey(
  pathname: string,
  sections: readonly Section[] = SECTIONS,
): string | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  let best: Section | null = null;
  let bestLength = 0;
  for (const section of sections) {
    const length = matchLength(section, path);
    if (length > bestLength) [best, bestLength] = [section, length];
  }
  return best?.key ?? null;
}
