/** Queries on articles, their tags, views and search. Plain functions; the executor comes first. */
import {
  PostgresAdapter,
  sql,
  type ExpressionBuilder,
  type Kysely,
  type SqlBool,
  type Expression,
} from 'kysely';
import type { Database } from '../db/database.ts';
import { likePattern } from '../db/like.ts';
import type { ArticleRow, ArticleUpdate, NewArticleRow } from './blog.table.ts';
import type { ManageQuery } from './article.schema.ts';

type Executor = Kysely<Database>;

const isPostgres = (db: Executor) => db.getExecutor().adapter instanceof PostgresAdapter;

/** Readers see published articles and scheduled ones whose time has come. */
export function visible(
  eb: ExpressionBuilder<Database, 'blog_articles'>,
  now: string,
): Expression<SqlBool> {
  return eb.or([
    eb('blog_articles.status', '=', 'published'),
    eb.and([
      eb('blog_articles.status', '=', 'scheduled'),
      eb('blog_articles.publish_time', '<=', now),
    ]),
  ]);
}

export type ListFilter = { categoryId: number } | { tagId: number } | null;

/** The ids of every visible article of a list, pinned first, then newest. */
export async function findVisibleIds(
  db: Executor,
  now: string,
  filter: ListFilter,
): Promise<string[]> {
  let query = db
    .selectFrom('blog_articles')
    .select('blog_articles.id')
    .where((eb) => visible(eb, now));
  if (filter && 'categoryId' in filter) {
    query = query.where('blog_articles.category_id', '=', filter.categoryId);
  }
  if (filter && 'tagId' in filter) {
    query = query
      .innerJoin('blog_article_tags', 'blog_article_tags.article_id', 'blog_articles.id')
      .where('blog_article_tags.tag_id', '=', filter.tagId);
  }
  const rows = await query
    .orderBy('blog_articles.pinned', 'desc')
    .orderBy('blog_articles.publish_time', 'desc')
    .orderBy('blog_articles.id', 'desc')
    .execute();
  return rows.map((r) => r.id);
}

/** The earliest publish time of a scheduled article still in the future. */
export async function findNextScheduledTime(db: Executor, now: string): Promise<string | null> {
  const row = await db
    .selectFrom('blog_articles')
    .select((eb) => eb.fn.min('publish_time').as('next'))
    .where('status', '=', 'scheduled')
    .where('publish_time', '>', now)
    .executeTakeFirst();
  return row?.next ?? null;
}

export async function findArticleById(db: Executor, id: string): Promise<ArticleRow | undefined> {
  return db.selectFrom('blog_articles').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Whether an article with this id exists, whatever its state (managers preview drafts). */
export async function articleExists(db: Executor, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('blog_articles')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

export async function findArticlesByIds(
  db: Executor,
  ids: readonly string[],
): Promise<ArticleRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('blog_articles').selectAll().where('id', 'in', ids).execute();
}

export async function findTitles(
  db: Executor,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('blog_articles')
    .select(['id', 'title'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r.title]));
}

/** The tags of each article, by name. */
export async function findTagsOf(
  db: Executor,
  articleIds: readonly string[],
): Promise<Map<string, { id: number; name: string }[]>> {
  const tags = new Map<string, { id: number; name: string }[]>();
  if (articleIds.length === 0) return tags;
  const rows = await db
    .selectFrom('blog_article_tags')
    .innerJoin('blog_tags', 'blog_tags.id', 'blog_article_tags.tag_id')
    .select(['blog_article_tags.article_id', 'blog_tags.id', 'blog_tags.name'])
    .where('blog_article_tags.article_id', 'in', articleIds)
    .orderBy('blog_tags.name')
    .execute();
  for (const row of rows) {
    const list = tags.get(row.article_id) ?? [];
    list.push({ id: row.id, name: row.name });
    tags.set(row.article_id, list);
  }
  return tags;
}

export async function insertArticles(db: Executor, rows: readonly NewArticleRow[]): Promise<void> {
  // Kept under the bound-parameter limits of both databases.
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insertInto('blog_articles')
      .values(rows.slice(i, i + 200))
      .execute();
  }
}

export async function updateArticle(db: Executor, id: string, changes: ArticleUpdate) {
  await db.updateTable('blog_articles').set(changes).where('id', '=', id).execute();
}

export async function deleteArticle(db: Executor, id: string): Promise<boolean> {
  const result = await db.deleteFrom('blog_articles').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function replaceArticleTags(
  db: Executor,
  articleId: string,
  tagIds: readonly number[],
): Promise<void> {
  await db.deleteFrom('blog_article_tags').where('article_id', '=', articleId).execute();
  if (tagIds.length === 0) return;
  await db
    .insertInto('blog_article_tags')
    .values(tagIds.map((tag_id) => ({ article_id: articleId, tag_id })))
    .execute();
}

/** Adds buffered view counts (one statement per article). */
export async function addViews(db: Executor, counts: ReadonlyMap<string, number>): Promise<void> {
  for (const [id, n] of counts) {
    await db
      .updateTable('blog_articles')
      .set((eb) => ({ views: eb('views', '+', n) }))
      .where('id', '=', id)
      .execute();
  }
}

const SORT_COLUMNS = {
  publishTime: 'blog_articles.publish_time',
  createTime: 'blog_articles.create_time',
  updateTime: 'blog_articles.update_time',
  title: 'blog_articles.title',
  views: 'blog_articles.views',
} as const;

/** A page of articles of any status for managers (OFFSET is fine at their volumes). */
export async function findManagedPage(
  db: Executor,
  query: ManageQuery,
): Promise<{ rows: ArticleRow[]; total: number }> {
  let base = db.selectFrom('blog_articles');
  if (query.search?.trim()) {
    const op = isPostgres(db) ? 'ilike' : 'like';
    base = base.where(
      sql<SqlBool>`blog_articles.title ${sql.raw(op)} ${likePattern(query.search.trim())} escape '\\'`,
    );
  }
  if (query.status) base = base.where('blog_articles.status', '=', query.status);
  if (query.categoryId) base = base.where('blog_articles.category_id', '=', query.categoryId);
  if (query.tagId) {
    const tagId = query.tagId;
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom('blog_article_tags')
          .select('blog_article_tags.tag_id')
          .whereRef('blog_article_tags.article_id', '=', 'blog_articles.id')
          .where('blog_article_tags.tag_id', '=', tagId),
      ),
    );
  }
  const count = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll('blog_articles')
    .orderBy(SORT_COLUMNS[query.sort], query.order)
    .orderBy('blog_articles.id', query.order)
    .limit(query.pageSize)
    .offset((query.pageNum - 1) * query.pageSize)
    .execute();
  return { rows, total: Number(count.n) };
}

/**
 * Visible articles whose title or content contains the term: SQLite FTS5 (trigram) for terms of
 * three or more characters, LIKE for shorter ones; PostgreSQL ILIKE over pg_trgm indexes.
 * Title matches rank first, then the reader's list order.
 */
export async function searchArticles(
  db: Executor,
  term: string,
  now: string,
  limit: number,
  offset: number,
): Promise<{ rows: ArticleRow[]; total: number }> {
  const pattern = likePattern(term);
  let base = db.selectFrom('blog_articles').where((eb) => visible(eb, now));
  if (isPostgres(db)) {
    base = base.where(
      sql<SqlBool>`(blog_articles.title ilike ${pattern} or blog_articles.content ilike ${pattern})`,
    );
  } else if ([...term].length >= 3) {
    const phrase = `"${term.replaceAll('"', '""')}"`;
    base = base.where(
      sql<SqlBool>`blog_articles.id in (select article_id from blog_articles_fts where blog_articles_fts match ${phrase})`,
    );
  } else {
    base = base.where(
      sql<SqlBool>`(blog_articles.title like ${pattern} escape '\\' or blog_articles.content like ${pattern} escape '\\')`,
    );
  }
  const count = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  const titleMatch = isPostgres(db)
    ? sql<number>`case when blog_articles.title ilike ${pattern} then 1 else 0 end`
    : sql<number>`case when blog_articles.title like ${pattern} escape '\\' then 1 else 0 end`;
  const rows = await base
    .selectAll('blog_articles')
    .orderBy(titleMatch, 'desc')
    .orderBy('blog_articles.pinned', 'desc')
    .orderBy('blog_articles.publish_time', 'desc')
    .orderBy('blog_articles.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows, total: Number(count.n) };
}
