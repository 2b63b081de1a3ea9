/**
 * Exports what readers can see of the blog for the page build (the contract is in
 * src/lib/shared/blog-snapshot.ts): visible articles in list order with their Markdown, and the
 * categories and tags with their visible counts.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  BLOG_SNAPSHOT_VERSION,
  type BlogSnapshot,
  type SnapshotArticle,
} from '../../lib/shared/blog-snapshot.ts';
import type { Database } from '../db/database.ts';
import { findArticlesByIds, findTagsOf, findVisibleIds } from './article.repo.ts';
import { countVisibleByCategory, countVisibleByTag, findTerms } from './taxonomy.repo.ts';
import { safeImageUrl } from '../../lib/shared/image-url.ts';
import { summaryOf } from './summaries.ts';

/** Ids per query: well under the bound-parameter limits of both databases. */
const CHUNK = 500;

export async function exportBlogSnapshot(db: Kysely<Database>, now: Date): Promise<BlogSnapshot> {
  const at = now.toISOString();
  const ids = await findVisibleIds(db, at, null);
  const [categories, tags, byCategory, byTag] = await Promise.all([
    findTerms(db, 'blog_categories'),
    findTerms(db, 'blog_tags'),
    countVisibleByCategory(db, at),
    countVisibleByTag(db, at),
  ]);
  const categoryName = new Map(categories.map((c) => [c.id, c.name]));
  const articles: SnapshotArticle[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    const [rows, tagsOf] = await Promise.all([findArticlesByIds(db, chunk), findTagsOf(db, chunk)]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const id of chunk) {
      const row = byId.get(id);
      if (!row) continue; // deleted between the two queries
      articles.push({
        id: row.id,
        title: row.title,
        summary: summaryOf(row),
        cover: safeImageUrl(row.cover),
        category: { id: row.category_id, name: categoryName.get(row.category_id) ?? '' },
        tags: tagsOf.get(row.id) ?? [],
        pinned: Boolean(row.pinned),
        publishTime: row.publish_time ?? row.create_time,
        createTime: row.create_time,
        updateTime: row.update_time,
        content: row.content,
      });
    }
  }
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
  return {
    version: BLOG_SNAPSHOT_VERSION,
    generatedAt: at,
    articles,
    categories: categories
      .map((c) => ({ id: c.id, name: c.name, count: byCategory.get(c.id) ?? 0 }))
      .sort(byName),
    tags: tags.map((t) => ({ id: t.id, name: t.name, count: byTag.get(t.id) ?? 0 })).sort(byName),
  };
}

/**
 * A digest of what the pages show: equal digests mean a rebuild would produce the same blog.
 * The export time is left out (and the snapshot holds no view counts), or every export would
 * make the pages stale.
 */
export function snapshotDigest(snapshot: BlogSnapshot): string {
  const stable = { ...snapshot, generatedAt: undefined };
  return createHash('sha256').update(JSON.stringify(stable)).digest('hex');
}
