/**
 * Everything the content pages are made from, by section: the server exports it from the database
 * (src/server/pages/site-data.ts), the page sets make pages of it (src/lib/build/site-pages.ts).
 */
import type { BlogSnapshot } from './blog-snapshot.ts';

export interface SiteData {
  readonly blog: BlogSnapshot;
}
