/**
 * Build-time access (pages and feeds only: it reads a file) to the blog snapshot (src/lib/shared/blog-snapshot.ts) for pages and feeds.
 * The file is named by ATRIUM_BLOG_SNAPSHOT (the server's build sets it); without it, or when the
 * file is missing, the blog is built empty (e.g. `astro check`, or a build with no database yet).
 */
import { readFileSync } from 'node:fs';
import {
  BLOG_PAGE_SIZE,
  BLOG_SNAPSHOT_ENV,
  BLOG_SNAPSHOT_VERSION,
  EMPTY_BLOG_SNAPSHOT,
  type BlogSnapshot,
  type SnapshotArticle,
} from '../shared/blog-snapshot.ts';

let cached: { file: string; snapshot: BlogSnapshot } | undefined;

/** Reads the snapshot once per build. */
export function loadBlogSnapshot(): BlogSnapshot {
  const file = process.env[BLOG_SNAPSHOT_ENV]?.trim() ?? '';
  if (cached?.file === file) return cached.snapshot;
  let snapshot = EMPTY_BLOG_SNAPSHOT;
  if (file !== '') {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as BlogSnapshot;
    if (parsed.version !== BLOG_SNAPSHOT_VERSION) {
      throw new Error(
        `${file}: blog snapshot version ${parsed.version}, expected ${BLOG_SNAPSHOT_VERSION}`,
      );
    }
    snapshot = parsed;
  }
  cached = { file, snapshot };
  return snapshot;
}

export interface ListPage {
  /** 1-based */
  readonly n: number;
  readonly total: number;
  readonly articles: readonly SnapshotArticle[];
}

/** Splits an ordered list into list pages; an empty list still has page 1. */
export function pagesOf(articles: readonly SnapshotArticle[], size = BLOG_PAGE_SIZE): ListPage[] {
  const total = Math.max(1, Math.ceil(articles.length / size));
  return Array.from({ length: total }, (_, i) => ({
    n: i + 1,
    total,
    articles: articles.slice(i * size, (i + 1) * size),
  }));
}
