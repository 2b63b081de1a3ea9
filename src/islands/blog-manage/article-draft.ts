/**
 * The article editor's form state (a draft), how it is read from an article and turned into the
 * request body, and the checks made before sending.
 */
import type { Article, ArticleBody, ArticleStatus } from '@/lib/api/blog-manage.ts';
import {
  ARTICLE_CONTENT_MAX,
  ARTICLE_SUMMARY_MAX,
  ARTICLE_TITLE_MAX,
} from '@/lib/shared/limits.ts';

export interface TagChoice {
  id: number;
  name: string;
}

export interface ArticleDraft {
  title: string;
  content: string;
  summary: string;
  cover: string;
  categoryId: number | null;
  tags: TagChoice[];
  /** Tags to create when the article is saved (for writers who may not create tags directly). */
  newTags: string[];
  pinned: boolean;
  status: ArticleStatus;
  /** The scheduled time as a `datetime-local` value (local time, `YYYY-MM-DDTHH:mm`). */
  publishAt: string;
}

export const EMPTY_DRAFT: ArticleDraft = {
  title: '',
  content: '',
  summary: '',
  cover: '',
  categoryId: null,
  tags: [],
  newTags: [],
  pinned: false,
  status: 'draft',
  publishAt: '',
};

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO time as a `datetime-local` value in the browser's time zone ('' for none). */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value (local time) as an ISO time; null when empty or unreadable. */
export function fromLocalInput(local: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  const date = new Date(y ?? 0, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0, s || 0);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The form state for an article as the server has it. */
export function draftFromArticle(article: Article): ArticleDraft {
  return {
    title: article.title,
    content: article.content,
    summary: article.writtenSummary ?? '',
    cover: article.cover ?? '',
    categoryId: article.category.id,
    tags: article.tags.map(({ id, name }) => ({ id, name })),
    newTags: [],
    pinned: article.pinned,
    status: article.status,
    publishAt: article.status === 'scheduled' ? toLocalInput(article.publishTime) : '',
  };
}

function normalise(draft: ArticleDraft) {
  return {
    title: draft.title.trim(),
    content: draft.content,
    summary: draft.summary.trim(),
    cover: draft.cover.trim(),
    categoryId: draft.categoryId,
    tags: draft.tags.map((t) => t.id).sort((a, b) => a - b),
    newTags: draft.newTags.map((n) => n.trim().toLowerCase()).sort(),
    pinned: draft.pinned,
    status: draft.status,
    publishAt: draft.status === 'scheduled' ? draft.publishAt : '',
  };
}

/** Whether two drafts would save the same article (surrounding blanks and tag order aside). */
export function sameDraft(a: ArticleDraft, b: ArticleDraft): boolean {
  return JSON.stringify(normalise(a)) === JSON.stringify(normalise(b));
}

/** What is wrong with a draft before it is sent: the field and why. */
export type DraftProblem =
  | { field: 'title'; reason: 'required' | 'tooLong' }
  | { field: 'categoryId'; reason: 'required' }
  | { field: 'publishAt'; reason: 'required' | 'past' }
  | { field: 'content'; reason: 'tooLong' }
  | { field: 'summary'; reason: 'tooLong' };

/**
 * The request body for a draft, or the first problem found. `wasScheduledAt` is the stored time
 * of an article already scheduled: keeping that time is allowed even once it has passed.
 */
export function bodyFromDraft(
  draft: ArticleDraft,
  now: Date = new Date(),
  wasScheduledAt: string | null = null,
): { body: ArticleBody } | { problem: DraftProblem } {
  const title = draft.title.trim();
  if (title === '') return { problem: { field: 'title', reason: 'required' } };
  if (title.length > ARTICLE_TITLE_MAX) return { problem: { field: 'title', reason: 'tooLong' } };
  if (draft.categoryId === null) return { problem: { field: 'categoryId', reason: 'required' } };
  if (draft.content.length > ARTICLE_CONTENT_MAX) {
    return { problem: { field: 'content', reason: 'tooLong' } };
  }
  if (draft.summary.trim().length > ARTICLE_SUMMARY_MAX) {
    return { problem: { field: 'summary', reason: 'tooLong' } };
  }
  let publishTime: string | null = null;
  if (draft.status === 'scheduled') {
    publishTime = fromLocalInput(draft.publishAt);
    if (!publishTime) return { problem: { field: 'publishAt', reason: 'required' } };
    const unchanged =
      wasScheduledAt !== null && Date.parse(wasScheduledAt) === Date.parse(publishTime);
    if (Date.parse(publishTime) <= now.getTime() && !unchanged) {
      return { problem: { field: 'publishAt', reason: 'past' } };
    }
  }
  // Each new name once (as first written), leaving out names already chosen.
  const seen = new Set(draft.tags.map((t) => t.name.toLowerCase()));
  const newTags: string[] = [];
  for (const name of draft.newTags.map((n) => n.trim())) {
    if (name === '' || seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    newTags.push(name);
  }
  const body: ArticleBody = {
    title,
    content: draft.content,
    summary: draft.summary.trim() || null,
    cover: draft.cover.trim() || null,
    categoryId: draft.categoryId,
    tagIds: [...new Set(draft.tags.map((t) => t.id))],
    status: draft.status,
    // Published: the server keeps the first publication time (or takes now).
    publishTime,
    pinned: draft.pinned,
  };
  if (newTags.length > 0) body.tagNames = newTags;
  return { body };
}

/** True when readers can open the article now (published, or scheduled and its time has come). */
export function isReaderVisible(
  article: Pick<Article, 'status' | 'publishTime'>,
  now: number = Date.now(),
): boolean {
  if (article.status === 'published') return true;
  return (
    article.status === 'scheduled' &&
    article.publishTime !== null &&
    Date.parse(article.publishTime) <= now
  );
}
