/**
 * Unsaved work of the article editor, kept in localStorage per article (`new` for an article not
 * created yet) so that a closed tab, a crash or a lost session does not lose it. The editor offers
 * it back when the article is opened again, and forgets it once the article is saved.
 */
import { readItem, removeItem, writeItem } from '@/lib/storage.ts';
import type { ArticleDraft } from './article-draft.ts';

export const AUTOSAVE_PREFIX = 'blog-manage:article-draft:';
/** How long typing pauses before the draft is written. */
export const AUTOSAVE_DELAY_MS = 800;

export interface SavedDraft {
  draft: ArticleDraft;
  /** When it was written (ISO). */
  savedAt: string;
  /** The article's updateTime the draft started from; null for a new article. */
  baseUpdateTime: string | null;
}

export function autosaveKey(articleId: string | null): string {
  return `${AUTOSAVE_PREFIX}${articleId ?? 'new'}`;
}

/** Keeps the draft; false when storage is unavailable or full. */
export function saveDraft(
  articleId: string | null,
  draft: ArticleDraft,
  baseUpdateTime: string | null,
  now: Date = new Date(),
): boolean {
  const saved: SavedDraft = { draft, savedAt: now.toISOString(), baseUpdateTime };
  return writeItem(autosaveKey(articleId), JSON.stringify(saved));
}

const isString = (value: unknown): value is string => typeof value === 'string';

function readDraft(value: unknown): ArticleDraft | null {
  if (typeof value !== 'object' || value === null) return null;
  const d = value as Record<string, unknown>;
  const status = d['status'];
  const tags = d['tags'];
  const newTags = d['newTags'];
  const categoryId = d['categoryId'];
  if (
    !isString(d['title']) ||
    !isString(d['content']) ||
    !isString(d['summary']) ||
    !isString(d['cover']) ||
    !isString(d['publishAt']) ||
    typeof d['pinned'] !== 'boolean' ||
    (status !== 'draft' && status !== 'published' && status !== 'scheduled') ||
    !(categoryId === null || (typeof categoryId === 'number' && Number.isInteger(categoryId))) ||
    !Array.isArray(tags) ||
    !Array.isArray(newTags) ||
    !newTags.every(isString)
  ) {
    return null;
  }
  const tagChoices = tags.filter(
    (t): t is { id: number; name: string } =>
      typeof t === 'object' &&
      t !== null &&
      Number.isInteger((t as { id?: unknown }).id) &&
      isString((t as { name?: unknown }).name),
  );
  return {
    title: d['title'],
    content: d['content'],
    summary: d['summary'],
    cover: d['cover'],
    categoryId,
    tags: tagChoices.map(({ id, name }) => ({ id, name })),
    newTags,
    pinned: d['pinned'],
    status,
    publishAt: d['publishAt'],
  };
}

/** The kept draft of an article, or null when there is none or it cannot be read. */
export function loadDraft(articleId: string | null): SavedDraft | null {
  const raw = readItem(autosaveKey(articleId));
  if (raw === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const saved = parsed as Record<string, unknown>;
  const draft = readDraft(saved['draft']);
  const base = saved['baseUpdateTime'];
  if (!draft || !isString(saved['savedAt']) || !(base === null || isString(base))) return null;
  return { draft, savedAt: saved['savedAt'], baseUpdateTime: base };
}

export function clearDraft(articleId: string | null): void {
  removeItem(autosaveKey(articleId));
}

/** Whether the article changed on the server after the kept draft was started from it. */
export function changedSince(saved: SavedDraft, currentUpdateTime: string | null): boolean {
  if (saved.baseUpdateTime === null || currentUpdateTime === null) return false;
  return Date.parse(currentUpdateTime) > Date.parse(saved.baseUpdateTime);
}
