/** What this site has set up (GET /api/common/settings), asked once per page. */
import type { SiteSettings } from '@/server/settings/settings.schema.ts';
import { request } from '../http.ts';

export type { SiteSettings };

let asked: Promise<SiteSettings> | null = null;

/**
 * GET /api/common/settings — e.g. whether GitHub sign-in is set up. Every island of the page shares
 * one answer; a failed call is asked again next time.
 */
export function getSiteSettings(): Promise<SiteSettings> {
  asked ??= request<SiteSettings>('get', 'common/settings').catch((error: unknown) => {
    asked = null;
    throw error;
  });
  return asked;
}
