/** The id in the address of an edit page (`/admin/user/edit/<id>`, `/blog/manage/tag/edit/<id>`…). */
import { SHELL_ID } from './shared/routes.ts';

/**
 * The decoded segment after `prefix`; null for the shell itself (`_`), for a blank, nested or
 * undecodable segment, and for another path.
 */
export function idFromEditPath(prefix: string, pathname: string): string | null {
  if (!pathname.startsWith(prefix)) return null;
  const segment = pathname.slice(prefix.length).replace(/\/$/, '');
  if (segment === '' || segment.includes('/')) return null;
  let id: string;
  try {
    id = decodeURIComponent(segment);
  } catch {
    return null;
  }
  return id === SHELL_ID || id.trim() === '' ? null : id;
}
