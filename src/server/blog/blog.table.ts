/** Row types of the blog tables (columns snake_case, times ISO-8601 text). */
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface BlogTermTable {
  id: Generated<number>;
  name: string;
  create_time: string;
  update_time: string;
}

export type BlogCategoryTable = BlogTermTable;
export type BlogTagTable = BlogTermTable;
export type TermRow = Selectable<BlogTermTable>;

export type ArticleStatus = 'draft' | 'published' | 'scheduled';

export interface BlogArticleTable {
  /** A UUID v7: sorts by creation time. */
  id: string;
  title: string;
  /** Markdown. */
  content: string;
  /** Written by the author; null means "derive an excerpt from the content". */
  summary: string | null;
  cover: string | null;
  category_id: number;
  status: ArticleStatus;
  /** When the article is, was or will be published (null for drafts never published). */
  publish_time: string | null;
  /** PostgreSQL gives a boolean, SQLite 0/1. */
  pinned: Generated<boolean | number>;
  views: Generated<number>;
  create_time: string;
  update_time: string;
}

export type ArticleRow = Selectable<BlogArticleTable>;
export type NewArticleRow = Insertable<BlogArticleTable>;
export type ArticleUpdate = Updateable<BlogArticleTable>;

export interface BlogArticleTagTable {
  article_id: string;
  tag_id: number;
}
