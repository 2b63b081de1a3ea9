/** The article page's calls: the article itself (the shell page of ids the build did not know). */
import type { Article } from '@/server/blog/article.schema.ts';
import { request } from '../http.ts';

export type { Article };

/**
 * GET /api/blog/article/detail/{id} — one article with its Markdown and its previous/next links
 * (counts a view). Rejects with ApiError code -404 when there is no such visible article.
 */
export function getArticle(id: string): Promise<Article> {
  return request<Article>('get', `blog/article/detail/${encodeURIComponent(id)}`);
}
