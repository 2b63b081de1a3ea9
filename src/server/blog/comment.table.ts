/** Row types of blog comments and their votes (columns snake_case, times ISO-8601 text). */
import type { Insertable, Selectable } from 'kysely';

export interface CommentTable {
  id: string;
  article_id: string;
  /** The comment replied to (null for a top-level comment). */
  parent_id: string | null;
  /** The top-level comment a reply is shown under (null for a top-level comment). */
  root_id: string | null;
  user_id: string;
  /** The Markdown as written. */
  content: string;
  /** The Markdown rendered and sanitised when the comment was posted. */
  html: string;
  create_time: string;
}

export type CommentRow = Selectable<CommentTable>;
export type NewCommentRow = Insertable<CommentTable>;

export interface CommentVoteTable {
  comment_id: string;
  user_id: string;
  /** 1 thumbs up, -1 thumbs down; no row means no vote. */
  value: number;
  create_time: string;
}
