import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { EMPTY_DRAFT, type ArticleDraft } from './article-draft.ts';
import {
  AUTOSAVE_PREFIX,
  autosaveKey,
  changedSince,
  clearDraft,
  loadDraft,
  saveDraft,
} from './autosave.ts';

const draft: ArticleDraft = {
  ...EMPTY_DRAFT,
  title: 'Half written',
  content: '# Notes\n\nto be continued',
  categoryId: 2,
  tags: [{ id: 5, name: 'astro' }],
  newTags: ['new one'],
  status: 'scheduled',
  publishAt: '2026-07-01T09:30',
};

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

test('a draft is kept per article, and `new` for an article not created yet', () => {
  const at = new Date('2026-06-01T10:00:00Z');
  expect(saveDraft('a1', draft, '2026-05-30T00:00:00.000Z', at)).toBe(true);
  expect(saveDraft(null, { ...draft, title: 'Another' }, null, at)).toBe(true);
  expect(autosaveKey('a1')).toBe(`${AUTOSAVE_PREFIX}a1`);
  expect(autosaveKey(null)).toBe(`${AUTOSAVE_PREFIX}new`);

  expect(loadDraft('a1')).toEqual({
    draft,
    savedAt: '2026-06-01T10:00:00.000Z',
    baseUpdateTime: '2026-05-30T00:00:00.000Z',
  });
  expect(loadDraft(null)?.draft.title).toBe('Another');
  expect(loadDraft('a2')).toBeNull();

  clearDraft('a1');
  expect(loadDraft('a1')).toBeNull();
  expect(loadDraft(null)).not.toBeNull();
});

test('a kept draft that cannot be read is ignored', () => {
  localStorage.setItem(autosaveKey('x'), '{not json');
  expect(loadDraft('x')).toBeNull();
  localStorage.setItem(autosaveKey('x'), JSON.stringify({ draft: { title: 1 }, savedAt: 'now' }));
  expect(loadDraft('x')).toBeNull();
  localStorage.setItem(
    autosaveKey('x'),
    JSON.stringify({
      draft: { ...draft, status: 'deleted' },
      savedAt: '2026-06-01T00:00:00Z',
      baseUpdateTime: null,
    }),
  );
  expect(loadDraft('x')).toBeNull();
  // Malformed tags are dropped, the rest is kept.
  localStorage.setItem(
    autosaveKey('x'),
    JSON.stringify({
      draft: { ...draft, tags: [{ id: 5, name: 'astro' }, { id: 'x' }, null] },
      savedAt: '2026-06-01T00:00:00Z',
      baseUpdateTime: null,
    }),
  );
  expect(loadDraft('x')?.draft.tags).toEqual([{ id: 5, name: 'astro' }]);
});

test('storage that refuses writes makes saveDraft answer false (nothing throws)', () => {
  const full = () => {
    throw new DOMException('full', 'QuotaExceededError');
  };
  vi.stubGlobal('localStorage', { getItem: () => null, setItem: full, removeItem: full });
  expect(saveDraft('a1', draft, null)).toBe(false);
  expect(loadDraft('a1')).toBeNull();
  expect(() => clearDraft('a1')).not.toThrow();
});

test('changedSince: the article was saved elsewhere after the draft started from it', () => {
  const saved = { draft, savedAt: '2026-06-01T10:00:00Z', baseUpdateTime: '2026-06-01T09:00:00Z' };
  expect(changedSince(saved, '2026-06-01T09:00:00Z')).toBe(false);
  expect(changedSince(saved, '2026-06-01T09:30:00Z')).toBe(true);
  expect(changedSince({ ...saved, baseUpdateTime: null }, '2026-06-01T09:30:00Z')).toBe(false);
});
