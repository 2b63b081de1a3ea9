/**
 * The blog snapshot (src/lib/shared/blog-snapshot.ts) from the file ATRIUM_BLOG_SNAPSHOT names, for
 * `npm run dev` (src/middleware.ts); without it the blog is empty. The page pipeline hands the
 * render worker its data itself (src/lib/build/render-worker.ts).
 */
import { readFileSync } from 'node:fs';
import {
  BLOG_SNAPSHOT_ENV,
  BLOG_SNAPSHOT_VERSION,
  EMPTY_BLOG_SNAPSHOT,
  type BlogSnapshot,
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
