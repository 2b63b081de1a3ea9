/**
 * The blog as the page build sees it: every article readers can see (with its Markdown), and the
 * categories and tags with their visible counts. The server exports it before each build
 * (src/server/blog/snapshot.ts); the pages read it at build time (src/lib/blog/snapshot.ts), so no
 * page imports server code or opens the database.
 */

export const BLOG_SNAPSHOT_VERSION = 1;

/** Articles per list page (`/blog`, category and tag pages). */
export const BLOG_PAGE_SIZE = 10;

/** The environment variable naming the snapshot file a build reads. */
export const BLOG_SNAPSHOT_ENV = 'ATRIUM_BLOG_SNAPSHOT';

export interface SnapshotTermRef {
  readonly id: number;
  readonly name: string;
}

export interface SnapshotTerm extends SnapshotTermRef {
  /** Visible articles in it. */
  readonly count: number;
}

export interface SnapshotArticle {
  /** uuidv7 */
  readonly id: string;
  readonly title: string;
  /** Written, or an excerpt of the content (plain text). */
  readonly summary: string;
  readonly cover: string | null;
  readonly category: SnapshotTermRef;
  readonly tags: readonly SnapshotTermRef[];
  readonly pinned: boolean;
  // No view count: views do not rebuild the pages, so a page built with one would show it stale.
  /** ISO 8601; when it became visible. */
  readonly publishTime: string;
  readonly createTime: string;
  readonly updateTime: string;
  /** Markdown source. */
  readonly content: string;
}

export interface BlogSnapshot {
  readonly version: typeof BLOG_SNAPSHOT_VERSION;
  /** ISO 8601 */
  readonly generatedAt: string;
  /** Pinned first, then newest published first: the order of `/blog`. */
  readonly articles: readonly SnapshotArticle[];
  /** By name. */
  readonly categories: readonly SnapshotTerm[];
  /** By name. */
  readonly tags: readonly SnapshotTerm[];
}

export const EMPTY_BLOG_SNAPSHOT: BlogSnapshot = {
  version: BLOG_SNAPSHOT_VERSION,
  generatedAt: new Date(0).toISOString(),
  articles: [],
  categories: [],
  tags: [],
};

/**
 * The environment variable naming a folder where the build keeps rendered articles between builds
 * (by a hash of the Markdown), so a rebuild renders only what changed.
 */
export const RENDER_CACHE_ENV = 'ATRIUM_RENDER_CACHE';
