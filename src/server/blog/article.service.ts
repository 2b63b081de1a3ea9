/**
 * Articles: the reader's lists (from cached id lists), detail with buffered views, random, search,
 * and the manager's writes. Every committed write drops the cached lists here and on every other
 * instance: it is announced on the hub's BLOG_TOPIC. One BlogService per app (`ctx.blog`).
 */
import type { Kysely } from 'kysely';
import type { Page } from '../../lib/shared/codes.ts';
import { BLOG_TOPIC, type BlogChange } from '../../lib/shared/topics.ts';
import { AppError } from '../common/app-error.ts';
import { page } from '../common/envelope.ts';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/database.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { onTopic } from '../events/index.ts';
import {
  deleteArticle,
  findArticleById,
  findArticlesByIds,
  findManagedPage,
  findNextScheduledTime,
  findTagsOf,
  findTitles,
  findVisibleIds,
  insertArticles,
  replaceArticleTags,
  searchArticles,
  updateArticle,
  type ListFilter,
} from './article.repo.ts';
import type {
  Article,
  ArticleBody,
  ArticleSummary,
  ManageQuery,
  ManagedArticleSummary,
  SearchHit,
  SearchQuery,
} from './article.schema.ts';
import type { ArticleRow, ArticleStatus } from './blog.table.ts';
import { ListCache, type IdList } from './list-cache.ts';
import { findTermsByIds, findTermsByNames, insertTerm } from './taxonomy.repo.ts';
import { highlight, searchableText, snippet } from './text.ts';
import { ViewBuffer } from './views.ts';
import { uuidV7 } from '../common/uuid-v7.ts';
import { safeImageUrl } from '../../lib/shared/image-url.ts';
import { summaryOf } from './summaries.ts';

const NOT_FOUND = '文章不存在 / No such article';
/** Characters of searchable text kept (reading it from the Markdown is the costly part of a search). */
const SEARCH_TEXT_CACHE_CHARS = 4_000_000;

export class BlogService {
  /** The lists, and the list entry of each article shown (its views are read per request). */
  readonly lists: ListCache<ManagedArticleSummary>;
  readonly views: ViewBuffer;
  readonly #ctx: Pick<AppContext, 'db' | 'hub' | 'now'>;
  readonly #searchTexts = new Map<string, string>();
  #searchTextChars = 0;
  readonly #unsubscribe: () => void;

  constructor(ctx: Pick<AppContext, 'db' | 'hub' | 'now'>, onError: (error: unknown) => void) {
    this.#ctx = ctx;
    this.lists = new ListCache<ManagedArticleSummary>(ctx.now);
    // Written views go into the kept list entries, so a list page needs no query for them.
    this.views = new ViewBuffer(ctx.db.kysely, onError, (batch) => {
      for (const [id, n] of batch)
        this.lists.update(id, (item) => ({ ...item, views: item.views + n }));
    });
    // Other instances' changes (through Redis) drop this instance's lists too.
    this.#unsubscribe = onTopic(ctx.hub, BLOG_TOPIC, () => this.lists.invalidate());
  }

  get #db(): Kysely<Database> {
    return this.#ctx.db.kysely;
  }

  #nowIso(): string {
    return new Date(this.#ctx.now()).toISOString();
  }

  /** Starts writing the buffered views every few seconds (until `close`). */
  start(): void {
    this.views.start();
  }

  async close(): Promise<void> {
    this.views.stop();
    this.#unsubscribe();
    await this.views.flush();
  }

  /** After a committed write: drop the lists here at once, then tell everyone. */
  async changed(change: BlogChange): Promise<void> {
    this.lists.invalidate();
    await this.#ctx.hub.publish(BLOG_TOPIC, change);
  }

  // ---- Reading ----

  #list(filter: ListFilter): Promise<IdList> {
    const key = !filter
      ? 'all'
      : 'categoryId' in filter
        ? `c${filter.categoryId}`
        : `t${filter.tagId}`;
    return this.lists.get(key, async () => {
      const now = this.#nowIso();
      const [ids, next] = await Promise.all([
        findVisibleIds(this.#db, now, filter),
        findNextScheduledTime(this.#db, now),
      ]);
      return { ids, validUntil: next ? Date.parse(next) : null };
    });
  }

  #searchableText(row: ArticleRow): string {
    const key = `${row.id}@${row.update_time}`;
    let text = this.#searchTexts.get(key);
    if (text === undefined) {
      text = searchableText(row.content);
      if (this.#searchTextChars + text.length > SEARCH_TEXT_CACHE_CHARS) {
        this.#searchTexts.clear();
        this.#searchTextChars = 0;
      }
      this.#searchTexts.set(key, text);
      this.#searchTextChars += text.length;
    }
    return text;
  }

  /** List entries; `withPending` adds the views still buffered (kept entries must not). */
  async #summaries(rows: ArticleRow[], withPending = true): Promise<ManagedArticleSummary[]> {
    const ids = rows.map((r) => r.id);
    const [tags, categories] = await Promise.all([
      findTagsOf(this.#db, ids),
      findTermsByIds(this.#db, 'blog_categories', [...new Set(rows.map((r) => r.category_id))]),
    ]);
    const categoryName = new Map(categories.map((c) => [c.id, c.name]));
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      summary: summaryOf(row),
      cover: safeImageUrl(row.cover),
      category: { id: row.category_id, name: categoryName.get(row.category_id) ?? '' },
      tags: tags.get(row.id) ?? [],
      pinned: Boolean(row.pinned),
      views: row.views + (withPending ? this.views.pendingOf(row.id) : 0),
      publishTime: row.publish_time,
      createTime: row.create_time,
      updateTime: row.update_time,
      status: row.status,
    }));
  }

  async listVisible(
    filter: ListFilter,
    pageNum: number,
    pageSize: number,
  ): Promise<Page<ArticleSummary>> {
    const list = await this.#list(filter);
    const slice = list.ids.slice((pageNum - 1) * pageSize, pageNum * pageSize);
    // Entries change only with the blog (which drops them); views written here are added to them
    // (views other instances write show within ITEM_MAX_AGE_MS), the buffered ones on top.
    const items = await this.lists.items(slice, async (missing) => {
      const rows = await findArticlesByIds(this.#db, missing);
      return new Map((await this.#summaries(rows, false)).map((s) => [s.id, s]));
    });
    const records: ManagedArticleSummary[] = [];
    for (const id of slice) {
      const item = items.get(id);
      // Deleted since the list was read: left out, as before.
      if (item !== undefined)
        records.push({ ...item, views: item.views + this.views.pendingOf(id) });
    }
    return page(records, list.ids.length, pageNum, pageSize);
  }

  #isVisible(row: ArticleRow): boolean {
    return (
      row.status === 'published' ||
      (row.status === 'scheduled' &&
        row.publish_time !== null &&
        row.publish_time <= this.#nowIso())
    );
  }

  async isVisible(id: string): Promise<boolean> {
    const row = await findArticleById(this.#db, id);
    return row !== undefined && this.#isVisible(row);
  }

  /** One article; counts a view for readers. Hidden articles only for managers. */
  async detail(id: string, canManage: boolean, countView = true): Promise<Article> {
    const row = await findArticleById(this.#db, id);
    if (!row) throw AppError.notFound(NOT_FOUND);
    const isVisible = this.#isVisible(row);
    if (!isVisible && !canManage) throw AppError.notFound(NOT_FOUND);
    let previous: string | undefined;
    let next: string | undefined;
    if (isVisible) {
      if (countView) this.views.add(id);
      const list = await this.#list(null);
      const at = list.positionOf(id);
      if (at >= 0) {
        previous = list.ids[at - 1];
        next = list.ids[at + 1];
      }
    }
    const titles = await findTitles(
      this.#db,
      [previous, next].filter((x): x is string => x !== undefined),
    );
    const link = (other: string | undefined) =>
      other && titles.has(other) ? { id: other, title: titles.get(other) ?? '' } : null;
    const [summary] = await this.#summaries([row]);
    return {
      ...(summary as ManagedArticleSummary),
      content: row.content,
      writtenSummary: row.summary,
      previous: link(previous),
      next: link(next),
    };
  }

  async random(): Promise<{ id: string }> {
    const { ids } = await this.#list(null);
    const id = ids[Math.floor(Math.random() * ids.length)];
    if (id === undefined) throw AppError.notFound(NOT_FOUND);
    return { id };
  }

  async search(query: SearchQuery): Promise<Page<SearchHit>> {
    const term = query.term.trim();
    const { rows, total } = await searchArticles(
      this.#db,
      term,
      this.#nowIso(),
      query.pageSize,
      (query.pageNum - 1) * query.pageSize,
    );
    const summaries = await this.#summaries(rows);
    const hits = summaries.map(({ status: _status, ...summary }, i) => {
      const row = rows[i] as ArticleRow;
      return {
        ...summary,
        highlights: {
          title: highlight(row.title, term),
          snippet: snippet(this.#searchableText(row), term),
        },
      };
    });
    return page(hits, total, query.pageNum, query.pageSize);
  }

  async listManaged(query: ManageQuery): Promise<Page<ManagedArticleSummary>> {
    const { rows, total } = await findManagedPage(this.#db, query);
    return page(await this.#summaries(rows), total, query.pageNum, query.pageSize);
  }

  // ---- Writing ----

  /** Checks the category and tags (creating tags named in-place) and the publish rules. */
  async #prepare(
    trx: Kysely<Database>,
    body: ArticleBody,
    existing: ArticleRow | undefined,
    now: string,
  ) {
    const [category] = await findTermsByIds(trx, 'blog_categories', [body.categoryId]);
    if (!category) throw AppError.badRequest('body.categoryId: 分类不存在 / no such category');
    const tagIds = new Set(body.tagIds ?? []);
    const found = await findTermsByIds(trx, 'blog_tags', [...tagIds]);
    if (found.length !== tagIds.size) {
      const known = new Set(found.map((t) => t.id));
      const missing = [...tagIds].filter((id) => !known.has(id));
      throw AppError.badRequest(`body.tagIds: 标签不存在 / no such tag: ${missing.join(', ')}`);
    }
    const names = [
      ...new Map((body.tagNames ?? []).map((n) => [n.trim().toLowerCase(), n.trim()])).values(),
    ];
    const named = await findTermsByNames(trx, 'blog_tags', names);
    for (const tag of named) tagIds.add(tag.id);
    const namedLower = new Set(named.map((t) => t.name.toLowerCase()));
    const created: number[] = [];
    for (const name of names.filter((n) => !namedLower.has(n.toLowerCase()))) {
      const tag = await insertTerm(trx, 'blog_tags', name, now);
      tagIds.add(tag.id);
      created.push(tag.id);
    }
    if (tagIds.size > 20)
      throw AppError.badRequest('body.tagIds: 最多 20 个标签 / at most 20 tags');
    return {
      tagIds: [...tagIds],
      createdTags: created,
      publishTime: this.#publishTime(body, existing, now),
    };
  }

  #publishTime(body: ArticleBody, existing: ArticleRow | undefined, now: string): string | null {
    const given = body.publishTime ? new Date(body.publishTime).toISOString() : null;
    const status: ArticleStatus = body.status;
    if (status === 'scheduled') {
      if (!given) {
        throw AppError.badRequest('body.publishTime: 定时发布须指定时间 / required when scheduled');
      }
      const unchanged = existing?.status === 'scheduled' && existing.publish_time === given;
      if (given <= now && !unchanged) {
        throw AppError.badRequest('body.publishTime: 须为将来的时间 / must be in the future');
      }
      return given;
    }
    if (status === 'published') {
      if (given && given > now) {
        throw AppError.badRequest(
          'body.publishTime: 发布时间不能在将来，请用定时发布 / in the future: use scheduled',
        );
      }
      if (given) return given;
      return existing?.status === 'published' && existing.publish_time
        ? existing.publish_time
        : now;
    }
    return given ?? existing?.publish_time ?? null;
  }

  async create(body: ArticleBody): Promise<Article> {
    const nowMs = this.#ctx.now();
    const now = new Date(nowMs).toISOString();
    const id = uuidV7(nowMs);
    const createdTags = await this.#db
      .transaction()
      .execute(async (trx) => {
        const prepared = await this.#prepare(trx, body, undefined, now);
        await insertArticles(trx, [
          { id, ...articleColumns(body, prepared.publishTime, now), create_time: now },
        ]);
        await replaceArticleTags(trx, id, prepared.tagIds);
        return prepared.createdTags;
      })
      .catch(tagRace);
    for (const tagId of createdTags)
      await this.changed({ kind: 'tag', id: tagId, action: 'create' });
    await this.changed({ kind: 'article', id, action: 'create' });
    return this.detail(id, true, false);
  }

  async update(id: string, body: ArticleBody): Promise<Article> {
    if (body.id !== undefined && body.id !== id) {
      throw AppError.badRequest('body.id: 须与路径中的 id 一致 / must equal the path id');
    }
    const now = this.#nowIso();
    const createdTags = await this.#db
      .transaction()
      .execute(async (trx) => {
        const existing = await findArticleById(trx, id);
        if (!existing) throw AppError.notFound(NOT_FOUND);
        const prepared = await this.#prepare(trx, body, existing, now);
        await updateArticle(trx, id, articleColumns(body, prepared.publishTime, now));
        await replaceArticleTags(trx, id, prepared.tagIds);
        return prepared.createdTags;
      })
      .catch(tagRace);
    for (const tagId of createdTags)
      await this.changed({ kind: 'tag', id: tagId, action: 'create' });
    await this.changed({ kind: 'article', id, action: 'update' });
    return this.detail(id, true, false);
  }

  async remove(id: string): Promise<void> {
    if (!(await deleteArticle(this.#db, id))) throw AppError.notFound(NOT_FOUND);
    await this.changed({ kind: 'article', id, action: 'delete' });
  }
}

/** The columns an article body sets, on create and on update alike. */
function articleColumns(body: ArticleBody, publishTime: string | null, now: string) {
  return {
    title: body.title.trim(),
    content: body.content,
    summary: body.summary?.trim() || null,
    cover: body.cover ?? null,
    category_id: body.categoryId,
    status: body.status,
    publish_time: publishTime,
    pinned: body.pinned ?? false,
    update_time: now,
  };
}

/** Two editors creating the same tag name at once: the loser is told to retry. */
function tagRace(error: unknown): never {
  if (isUniqueViolation(error)) {
    throw AppError.refused('标签刚被创建，请重试 / A tag was just created, please retry');
  }
  throw error;
}
