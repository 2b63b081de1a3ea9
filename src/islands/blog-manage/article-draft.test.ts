import { expect, test } from 'vitest';
import type { Article } from '@/lib/api/blog-manage.ts';
import {
  EMPTY_DRAFT,
  bodyFromDraft,
  draftFromArticle,
  fromLocalInput,
  sameDraft,
  toLocalInput,
  type ArticleDraft,
} from './article-draft.ts';

const article: Article = {
  id: 'a1',
  title: 'Hello',
  summary: 'derived',
  cover: null,
  category: { id: 2, name: 'Notes' },
  tags: [
    { id: 5, name: 'astro' },
    { id: 7, name: 'vite' },
  ],
  pinned: true,
  views: 3,
  publishTime: '2026-05-01T08:00:00.000Z',
  createTime: '2026-04-01T08:00:00.000Z',
  updateTime: '2026-05-01T08:00:00.000Z',
  status: 'published',
  content: '# Hello',
  writtenSummary: null,
  previous: null,
  next: null,
};

const now = new Date('2026-06-01T12:00:00Z');

test('datetime-local values are local time and round-trip to ISO', () => {
  const local = toLocalInput('2026-06-02T09:30:00.000Z');
  expect(local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
  expect(fromLocalInput(local)).toBe('2026-06-02T09:30:00.000Z');
  expect(toLocalInput(null)).toBe('');
  expect(toLocalInput('garbage')).toBe('');
  expect(fromLocalInput('')).toBeNull();
  expect(fromLocalInput('tomorrow')).toBeNull();
});

test('an article becomes a draft of the form: written summary only, tags with names', () => {
  expect(draftFromArticle(article)).toEqual({
    title: 'Hello',
    content: '# Hello',
    summary: '',
    cover: '',
    categoryId: 2,
    tags: [
      { id: 5, name: 'astro' },
      { id: 7, name: 'vite' },
    ],
    newTags: [],
    pinned: true,
    status: 'published',
    publishAt: '',
  });
  const scheduled = draftFromArticle({
    ...article,
    status: 'scheduled',
    publishTime: '2026-07-01T00:00:00.000Z',
  });
  expect(fromLocalInput(scheduled.publishAt)).toBe('2026-07-01T00:00:00.000Z');
});

test('sameDraft ignores blanks around text, tag order, and a schedule time not in use', () => {
  const a = draftFromArticle(article);
  expect(sameDraft(a, { ...a, title: ' Hello ', tags: [...a.tags].reverse() })).toBe(true);
  expect(sameDraft(a, { ...a, publishAt: '2026-07-01T00:00' })).toBe(true);
  expect(sameDraft(a, { ...a, content: '# Hello!' })).toBe(false);
  expect(sameDraft(a, { ...a, newTags: ['x'] })).toBe(false);
  expect(sameDraft(a, { ...a, status: 'draft' })).toBe(false);
});

test('the body: trimmed title, empty summary and cover as null, tags by id', () => {
  const result = bodyFromDraft(
    { ...draftFromArticle(article), title: '  Hello  ', summary: ' ', cover: ' ' },
    now,
  );
  expect(result).toEqual({
    body: {
      title: 'Hello',
      content: '# Hello',
      summary: null,
      cover: null,
      categoryId: 2,
      tagIds: [5, 7],
      status: 'published',
      publishTime: null,
      pinned: true,
    },
  });
});

test('new tag names go as tagNames, once each, leaving out names already chosen', () => {
  const draft: ArticleDraft = {
    ...EMPTY_DRAFT,
    title: 't',
    categoryId: 1,
    tags: [{ id: 5, name: 'astro' }],
    newTags: ['Rust', 'rust ', 'ASTRO', ' '],
  };
  const result = bodyFromDraft(draft, now);
  expect('body' in result && result.body.tagNames).toEqual(['Rust']);
  expect(bodyFromDraft({ ...draft, newTags: [] }, now)).not.toHaveProperty('body.tagNames');
});

test('problems found before sending: title, category, schedule time, lengths', () => {
  const ok: ArticleDraft = { ...EMPTY_DRAFT, title: 'T', categoryId: 1 };
  expect(bodyFromDraft({ ...ok, title: '  ' }, now)).toEqual({
    problem: { field: 'title', reason: 'required' },
  });
  expect(bodyFromDraft({ ...ok, title: 'x'.repeat(201) }, now)).toEqual({
    problem: { field: 'title', reason: 'tooLong' },
  });
  expect(bodyFromDraft({ ...ok, categoryId: null }, now)).toEqual({
    problem: { field: 'categoryId', reason: 'required' },
  });
  expect(bodyFromDraft({ ...ok, status: 'scheduled', publishAt: '' }, now)).toEqual({
    problem: { field: 'publishAt', reason: 'required' },
  });
  const past = toLocalInput('2026-06-01T11:00:00.000Z');
  expect(bodyFromDraft({ ...ok, status: 'scheduled', publishAt: past }, now)).toEqual({
    problem: { field: 'publishAt', reason: 'past' },
  });
  expect(bodyFromDraft({ ...ok, summary: 'x'.repeat(501) }, now)).toEqual({
    problem: { field: 'summary', reason: 'tooLong' },
  });
  expect(bodyFromDraft({ ...ok, content: 'x'.repeat(200_001) }, now)).toEqual({
    problem: { field: 'content', reason: 'tooLong' },
  });
});

test('scheduling: a future time is sent as ISO; an unchanged past schedule is still allowed', () => {
  const ok: ArticleDraft = { ...EMPTY_DRAFT, title: 'T', categoryId: 1, status: 'scheduled' };
  const future = bodyFromDraft({ ...ok, publishAt: toLocalInput('2026-06-03T08:00:00Z') }, now);
  expect(future).toMatchObject({
    body: { status: 'scheduled', publishTime: '2026-06-03T08:00:00.000Z' },
  });
  const passed = '2026-06-01T11:00:00.000Z';
  expect(bodyFromDraft({ ...ok, publishAt: toLocalInput(passed) }, now, passed)).toMatchObject({
    body: { publishTime: passed },
  });
});
