/** Avatar URLs (design.md §5): image host + avatar folder + key; no key → the default silhouette. */
import { publicConfig } from './config.ts';
import { AVATAR_FOLDER, DEFAULT_AVATAR } from './shared/paths.ts';

const ABSOLUTE_HTTP = /^https?:\/\//i;

/**
 * The URL to show for a user's `avatar` key. A key that is already an absolute http(s) URL (e.g.
 * a GitHub picture) is returned as is; other keys are URI-encoded segment by segment. Empty keys
 * and keys with `.`/`..` segments give the default avatar.
 */
export function avatarUrl(
  avatar: string | null | undefined,
  imageHost: string = publicConfig.imageHost,
): string {
  const key = avatar?.trim() ?? '';
  if (key === '') return DEFAULT_AVATAR;
  if (ABSOLUTE_HTTP.test(key)) return key;
  const segments = key.replace(/^[/\\]+/, '').split('/');
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) {
    return DEFAULT_AVATAR;
  }
  const host = imageHost.replace(/\/+$/, '');
  return host + AVATAR_FOLDER + segments.map(encodeURIComponent).join('/');
}
