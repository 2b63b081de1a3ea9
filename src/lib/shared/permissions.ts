/** Permission and role names (design.md §4). A user's `permissions` list holds both. */
export const Permission = {
  USER_MANAGE: 'sys:user:manage',
  BLOG_ARTICLE_MANAGE: 'blog:article:manage',
  BLOG_CATEGORY_MANAGE: 'blog:category:manage',
  BLOG_TAG_MANAGE: 'blog:tag:manage',
  PROXY_NODE_MANAGE: 'proxy:node:manage',
  PROXY_SUB_MANAGE: 'proxy:sub:manage',
  PROXY_TOKEN_MANAGE: 'proxy:token:manage',
} as const;

export type PermissionName = (typeof Permission)[keyof typeof Permission];

/** Any one of these opens the blog's manage area (and its rebuild status). */
export const BLOG_MANAGE_ANY: readonly PermissionName[] = [
  Permission.BLOG_ARTICLE_MANAGE,
  Permission.BLOG_CATEGORY_MANAGE,
  Permission.BLOG_TAG_MANAGE,
];

/** Role names as stored (without the `ROLE_` prefix the permission list gives them). */
export const Role = {
  SUPER_ADMIN: 'super_admin',
  BLOG_ADMIN: 'blog_admin',
  PROXY_ADMIN: 'proxy_admin',
} as const;

export type RoleName = (typeof Role)[keyof typeof Role];

/** The authority string a role contributes to a user's permission list. */
export function roleAuthority(role: RoleName): string {
  return `ROLE_${role}`;
}

export const ROLE_SUPER_ADMIN = roleAuthority(Role.SUPER_ADMIN);
export const ROLE_BLOG_ADMIN = roleAuthority(Role.BLOG_ADMIN);
export const ROLE_PROXY_ADMIN = roleAuthority(Role.PROXY_ADMIN);

/** What each role grants. Seeded at start, insert-if-missing. */
export const ROLE_PERMISSIONS: Readonly<Record<RoleName, readonly PermissionName[]>> = {
  [Role.SUPER_ADMIN]: [Permission.USER_MANAGE],
  [Role.BLOG_ADMIN]: [
    Permission.BLOG_ARTICLE_MANAGE,
    Permission.BLOG_CATEGORY_MANAGE,
    Permission.BLOG_TAG_MANAGE,
  ],
  [Role.PROXY_ADMIN]: [
    Permission.PROXY_NODE_MANAGE,
    Permission.PROXY_SUB_MANAGE,
    Permission.PROXY_TOKEN_MANAGE,
  ],
};

export const ROLE_NAMES: readonly RoleName[] = Object.values(Role);

/** Any-of semantics: an empty requirement is always met. */
export function hasAnyPermission(held: readonly string[], required: readonly string[]): boolean {
  return required.length === 0 || required.some((p) => held.includes(p));
}
