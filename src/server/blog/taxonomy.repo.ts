/** Queries on categories and tags (the same shape, two tables). Plain functions; executor first. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { TermRow } from './blog.table.ts';
import { visible } from './article.repo.ts';

type Executor = Kysely<Database>;
export type TermTable = 'blog_categories' | 'blog_tags';

// Both tables have the same columns; queries are typed against one of them.
const as = (table: TermTable) => table as 'blog_categories';

export async function findTerms(db: Executor, table: TermTable): Promise<TermRow[]> {
  return db.selectFrom(as(table)).selectAll().orderBy('id').execute();
}

export async function findTermById(
  db: Executor,
  table: TermTable,
  id: number,
): Promise<TermRow | undefined> {
  return db.selectFrom(as(table)).selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findTermsByIds(
  db: Executor,
  table: TermTable,
  ids: readonly number[],
): Promise<TermRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom(as(table)).selectAll().where('id', 'in', ids).execute();
}

export async function findTermsByNames(
  db: Executor,
  table: TermTable,
  names: readonly string[],
): Promise<TermRow[]> {
  if (names.length === 0) return [];
  return db
    .selectFrom(as(table))
    .selectAll()
    .where(
      ({ fn }) => fn('lower', ['name']),
      'in',
      names.map((n) => n.toLowerCase()),
    )
    .execute();
}

export async function insertTerm(
  db: Executor,
  table: TermTable,
  name: string,
  now: string,
): Promise<TermRow> {
  return db
    .insertInto(as(table))
    .values({ name, create_time: now, update_time: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function renameTerm(
  db: Executor,
  table: TermTable,
  id: number,
  name: string,
  now: string,
): Promise<void> {
  await db.updateTable(as(table)).set({ name, update_time: now }).where('id', '=', id).execute();
}

export async function deleteTerm(db: Executor, table: TermTable, id: number): Promise<void> {
  await db.deleteFrom(as(table)).where('id', '=', id).execute();
}

/** Articles of any status in a category. */
export async function countArticlesInCategory(db: Executor, categoryId: number): Promise<number> {
  const row = await db
    .selectFrom('blog_articles')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('category_id', '=', categoryId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function moveArticlesToCategory(
  db: Executor,
  from: number,
  to: number,
): Promise<string[]> {
  const rows = await db
    .updateTable('blog_articles')
    .set({ category_id: to })
    .where('category_id', '=', from)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Visible articles per category (from the category index). */
export async function countVisibleByCategory(
  db: Executor,
  now: string,
): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('blog_articles')
    .select(['category_id', (eb) => eb.fn.countAll().as('n')])
    .where((eb) => visible(eb, now))
    .groupBy('category_id')
    .execute();
  return new Map(rows.map((r) => [r.category_id, Number(r.n)]));
}

/** Visible articles per tag. */
export async function countVisibleByTag(db: Executor, now: string): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('blog_article_tags')
    .innerJoin('blog_articles', 'blog_articles.id', 'blog_article_tags.article_id')
    .select(['blog_article_tags.tag_id', (eb) => eb.fn.countAll().as('n')])
    .where((eb) => visible(eb, now))
    .groupBy('blog_article_tags.tag_id')
    .execute();
  return new Map(rows.map((r) => [r.tag_id, Number(r.n)]));
}
