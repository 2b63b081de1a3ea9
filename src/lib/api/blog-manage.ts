/**
 * Calls of the blog manage pages (permissions blog:article/category/tag:manage), one typed
 * function per endpoint, plus the article image upload. The owner's inbox is in contact.ts; the
 * live view of the page rebuild in site-build-socket.ts.
 */
import type {
  Article,
  ArticleBody,
  ManagedArticleSummary,
  ManageQuery,
} from '@/server/blog/article.schema.ts';
import type { Term } from '@/server/blog/taxonomy.schema.ts';
import { publicConfig } from '../config.ts';
import { request } from '../http.ts';
import type { Page } from '../shared/codes.ts';
import type { SiteBuildStatus } from '../shared/site-build.ts';
import type { TermKind } from '../shared/term-kinds.ts';
import { getUploadTicket, uploadFile, type UploadOptions } from './upload.ts';

export type { Article, ArticleBody, ManagedArticleSummary, Term, SiteBuildStatus };
export type ArticleStatus = Article['status'];
export type ArticleSort = ManageQuery['sort'];
export type SortOrder = ManageQuery['order'];

/** The query of GET /api/blog/article/manage; everything but paging and sorting may be left out. */
export type ManagedArticleQuery = Pick<ManageQuery, 'pageNum' | 'pageSize' | 'sort' | 'order'> &
  Partial<Pick<ManageQuery, 'search' | 'status' | 'categoryId' | 'tagId'>>;

// ---- Articles ----

/** GET /api/blog/article/manage — a page of articles of every status; a blank search is not sent. */
export function listManagedArticles(
  query: ManagedArticleQuery,
): Promise<Page<ManagedArticleSummary>> {
  const search = query.search?.trim();
  return request<Page<ManagedArticleSummary>>('get', 'blog/article/manage', {
    searchParams: {
      pageNum: query.pageNum,
      pageSize: query.pageSize,
      search: search ? search : undefined,
      status: query.status,
      categoryId: query.categoryId,
      tagId: query.tagId,
      sort: query.sort,
      order: query.order,
    },
  });
}

/** GET /api/blog/article/detail/{id} — one article with its Markdown (drafts too, for managers). */
export function getArticle(id: string): Promise<Article> {
  return request<Article>('get', `blog/article/detail/${encodeURIComponent(id)}`);
}

/** POST /api/blog/article — creates an article (draft, published or scheduled). */
export function createArticle(body: ArticleBody): Promise<Article> {
  return request<Article>('post', 'blog/article', { json: body });
}

/** PUT /api/blog/article/{id} — replaces an article. */
export function updateArticle(id: string, body: ArticleBody): Promise<Article> {
  return request<Article>('put', `blog/article/${encodeURIComponent(id)}`, {
    json: { ...body, id },
  });
}

/** DELETE /api/blog/article/{id} — deletes an article with its tag links and comments. */
export async function deleteArticle(id: string): Promise<void> {
  await request<unknown>('delete', `blog/article/${encodeURIComponent(id)}`);
}

// ---- Categories and tags ----

/** GET /api/blog/{category|tag} — every term with its count of visible articles. */
export function listTerms(kind: TermKind): Promise<Term[]> {
  return request<Term[]>('get', `blog/${kind}`);
}

/** GET /api/blog/{category|tag}/{id} — one term. */
export function getTerm(kind: TermKind, id: number): Promise<Term> {
  return request<Term>('get', `blog/${kind}/${id}`);
}

/** POST /api/blog/{category|tag} — creates a term (names are unique regardless of case). */
export function createTerm(kind: TermKind, name: string): Promise<Term> {
  return request<Term>('post', `blog/${kind}`, { json: { name: name.trim() } });
}

/** PUT /api/blog/{category|tag}/{id} — renames a term. */
export function renameTerm(kind: TermKind, id: number, name: string): Promise<Term> {
  return request<Term>('put', `blog/${kind}/${id}`, { json: { id, name: name.trim() } });
}

/**
 * DELETE /api/blog/{category|tag}/{id}. A category that still has articles is refused (code 0,
 * the message gives their number) unless `moveTo` names the category to move them to first.
 */
export async function deleteTerm(kind: TermKind, id: number, moveTo?: number): Promise<void> {
  await request<unknown>('delete', `blog/${kind}/${id}`, {
    searchParams: { moveTo: kind === 'category' ? moveTo : undefined },
  });
}

// ---- Article images ----

/** Where uploaded article images are served, below the image host. */
export const ARTICLE_IMAGE_FOLDER = '/uploads/article/';

/**
 * The address to write into an article for an uploaded image: the image host (when the pages are
 * served from elsewhere) and the server's path; an absolute URL stays as it is.
 */
export function articleImageUrl(
  uploaded: { key: string; url?: string },
  imageHost: string = publicConfig.imageHost,
): string {
  const path = uploaded.url ?? `${ARTICLE_IMAGE_FOLDER}${encodeURIComponent(uploaded.key)}`;
  if (/^https?:\/\//i.test(path)) return path;
  return `${imageHost.replace(/\/+$/, '')}${path}`;
}

/** Asks for an article image ticket and uploads the file → the URL to write into the article. */
export async function uploadArticleImage(file: Blob, options: UploadOptions = {}): Promise<string> {
  const ticket = await getUploadTicket('article');
  return articleImageUrl(await uploadFile(ticket, file, options));
}

// ---- The page rebuild ----

/** GET /api/blog/build — the state of the page rebuild. */
export function getSiteBuild(): Promise<SiteBuildStatus> {
  return request<SiteBuildStatus>('get', 'blog/build');
}

/** POST /api/blog/build — asks for a rebuild now (queued behind a running one). */
export function startSiteBuild(): Promise<SiteBuildStatus> {
  return request<SiteBuildStatus>('post', 'blog/build');
}
