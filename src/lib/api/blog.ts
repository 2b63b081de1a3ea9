/**
 * Calls of the blog reader (spec §7 Blog): an article's comments and their thumbs, the database
 * search and a random article. One typed function per endpoint, resolving `data`.
 */
import type { SearchHit } from '@/server/blog/article.schema.ts';
import type { Comment, CommentThread, Vote, Votes } from '@/server/blog/comment.schema.ts';
import type { Page } from '../shared/codes.ts';
import { request } from '../http.ts';

export type { Comment, CommentThread, Page, SearchHit, Vote, Votes };

/** GET /api/blog/comment/article/{id} — a page of top-level comments, each with its replies. */
export function listComments(
  articleId: string,
  pageNum = 1,
  pageSize = 20,
): Promise<Page<CommentThread>> {
  return request<Page<CommentThread>>(
    'get',
    `blog/comment/article/${encodeURIComponent(articleId)}`,
    { searchParams: { pageNum, pageSize } },
  );
}

export interface NewComment {
  articleId: string;
  /** The comment answered (a reply); omitted for a top-level comment. */
  parentId?: string;
  /** Markdown, 1–2,000 characters. */
  content: string;
}

/** POST /api/blog/comment — the posted comment as the list shows it. */
export function postComment(comment: NewComment): Promise<Comment> {
  return request<Comment>('post', 'blog/comment', { json: comment });
}

/** DELETE /api/blog/comment/{id} — removes the comment and its replies. */
export async function deleteComment(id: string): Promise<void> {
  await request<unknown>('delete', `blog/comment/${encodeURIComponent(id)}`);
}

const VOTE_PATH: Record<'up' | 'down' | 'none', string> = {
  up: 'thumbs-up',
  down: 'thumbs-down',
  none: 'thumbs-none',
};

/** POST /api/blog/comment/thumbs-{up|down|none}/{id} — the comment's counts and the user's vote. */
export function voteComment(id: string, vote: Vote): Promise<Votes> {
  return request<Votes>(
    'post',
    `blog/comment/${VOTE_PATH[vote ?? 'none']}/${encodeURIComponent(id)}`,
  );
}

/** GET /api/blog/article/search — visible articles containing the term, highlighted. */
export function searchArticles(term: string, pageNum = 1, pageSize = 10): Promise<Page<SearchHit>> {
  return request<Page<SearchHit>>('get', 'blog/article/search', {
    searchParams: { term, pageNum, pageSize },
  });
}

/** GET /api/blog/article/random — the id of a random visible article (404 when there is none). */
export async function randomArticle(): Promise<string> {
  const { id } = await request<{ id: string }>('get', 'blog/article/random');
  return id;
}
