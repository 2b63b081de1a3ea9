/**
 * What the content pages are made from, exported from the database for the render worker: each
 * section's part of SiteData (src/lib/shared/site-data.ts). A new section with pages adds its export
 * here, and the topics whose events change its pages to PAGE_TOPICS.
 */
import type { Kysely } from 'kysely';
import type { SiteData } from '../../lib/shared/site-data.ts';
import { BLOG_TOPIC } from '../../lib/shared/topics.ts';
import { exportBlogSnapshot } from '../blog/index.ts';
import type { Database } from '../db/database.ts';

export async function exportSiteData(db: Kysely<Database>, now: Date): Promise<SiteData> {
  return { blog: await exportBlogSnapshot(db, now) };
}

/** Topics whose events may change a content page: each asks for a page build. */
export const PAGE_TOPICS = [BLOG_TOPIC] as const;
