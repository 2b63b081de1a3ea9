import { expect, test } from 'vitest';
import {
  DEFAULT_ARTICLE_LIST,
  DEFAULT_TERM_LIST,
  articleListHref,
  editIdFromPath,
  filterAndSortTerms,
  formatArticleListState,
  formatInboxState,
  formatTermListState,
  parseArticleListState,
  parseInboxState,
  parseTermListState,
  termIdFromPath,
  toArticleQuery,
  toggleArticleSort,
  type ArticleListState,
} from './list-query.ts';
import { hasFilters, toggleSort, withoutFilters } from '../common/list/list-query.ts';

test('an empty address gives the article list defaults: page 1 of 20, last updated first', () => {
  expect(parseArticleListState('')).toEqual(DEFAULT_ARTICLE_LIST);
  expect(DEFAULT_ARTICLE_LIST).toMatchObject({
    pageNum: 1,
    pageSize: 20,
    status: '',
    sort: 'updateTime',
    order: 'desc',
  });
  expect(formatArticleListState(DEFAULT_ARTICLE_LIST)).toBe('');
});

test('the address round-trips every article list setting', () => {
  const state: ArticleListState = {
    pageNum: 3,
    pageSize: 50,
    search: 'astro 7',
    status: 'scheduled',
    categoryId: 4,
    tagId: 12,
    sort: 'title',
    order: 'asc',
  };
  const query = formatArticleListState(state);
  expect(Object.fromEntries(new URLSearchParams(query))).toEqual({
    page: '3',
    size: '50',
    q: 'astro 7',
    status: 'scheduled',
    category: '4',
    tag: '12',
    sort: 'title',
    order: 'asc',
  });
  expect(parseArticleListState(`?${query}`)).toEqual(state);
});

test('unreadable values in the address fall back to the defaults', () => {
  expect(
    parseArticleListState(
      '?page=-2&size=7&status=deleted&category=abc&tag=0&sort=password&order=up&q=' +
        'x'.repeat(300),
    ),
  ).toEqual({ ...DEFAULT_ARTICLE_LIST, search: 'x'.repeat(100) });
  expect(parseArticleListState('?page=1e3').pageNum).toBe(1);
});

test('the API query leaves out blank search and absent filters', () => {
  expect(toArticleQuery({ ...DEFAULT_ARTICLE_LIST, search: '   ' })).toEqual({
    pageNum: 1,
    pageSize: 20,
    search: undefined,
    status: undefined,
    categoryId: undefined,
    tagId: undefined,
    sort: 'updateTime',
    order: 'desc',
  });
  expect(
    toArticleQuery({ ...DEFAULT_ARTICLE_LIST, search: ' vite ', status: 'draft', tagId: 3 }),
  ).toMatchObject({ search: 'vite', status: 'draft', tagId: 3 });
});

test('only search, status, category and tag narrow the list; clearing keeps size and order', () => {
  const filtered = (state: ArticleListState) => hasFilters(state, DEFAULT_ARTICLE_LIST);
  expect(filtered(DEFAULT_ARTICLE_LIST)).toBe(false);
  expect(filtered({ ...DEFAULT_ARTICLE_LIST, pageNum: 4, pageSize: 50, sort: 'views' })).toBe(
    false,
  );
  expect(filtered({ ...DEFAULT_ARTICLE_LIST, search: ' ' })).toBe(false);
  expect(filtered({ ...DEFAULT_ARTICLE_LIST, categoryId: 2 })).toBe(true);
  expect(filtered({ ...DEFAULT_ARTICLE_LIST, tagId: 5 })).toBe(true);
  expect(filtered({ ...DEFAULT_ARTICLE_LIST, status: 'draft' })).toBe(true);
  const narrowed: ArticleListState = {
    ...DEFAULT_ARTICLE_LIST,
    pageNum: 3,
    pageSize: 50,
    search: 'vite',
    status: 'draft',
    categoryId: 2,
    tagId: 5,
    sort: 'title',
    order: 'asc',
  };
  expect(withoutFilters(narrowed, DEFAULT_ARTICLE_LIST)).toEqual({
    ...DEFAULT_ARTICLE_LIST,
    pageSize: 50,
    sort: 'title',
    order: 'asc',
  });
});

test('sorting: the same column flips; titles start A→Z, other columns highest first; page 1', () => {
  const onPage3 = { ...DEFAULT_ARTICLE_LIST, pageNum: 3 };
  expect(toggleArticleSort(onPage3, 'title')).toMatchObject({
    sort: 'title',
    order: 'asc',
    pageNum: 1,
  });
  expect(toggleArticleSort(onPage3, 'views')).toMatchObject({ sort: 'views', order: 'desc' });
  expect(toggleArticleSort(onPage3, 'updateTime')).toMatchObject({
    sort: 'updateTime',
    order: 'asc',
  });
  expect(toggleSort(DEFAULT_TERM_LIST, 'name', ['name'])).toEqual({
    search: '',
    sort: 'name',
    order: 'asc',
  });
});

test('the article list of one category or tag', () => {
  expect(articleListHref('category', 4)).toBe('/blog/manage/article/list?category=4');
  expect(articleListHref('tag', 9)).toBe('/blog/manage/article/list?tag=9');
  expect(parseArticleListState('?tag=9').tagId).toBe(9);
});

test('term lists: the address round-trips; filtering ignores case; ties sort by name', () => {
  expect(parseTermListState('')).toEqual(DEFAULT_TERM_LIST);
  const state = { search: 'Ja', sort: 'name' as const, order: 'desc' as const };
  expect(parseTermListState(`?${formatTermListState(state)}`)).toEqual(state);
  expect(parseTermListState('?sort=id&order=sideways')).toEqual(DEFAULT_TERM_LIST);

  const term = (name: string, count: number, updateTime: string) => ({ name, count, updateTime });
  const terms = [
    term('java', 2, '2026-01-03T00:00:00Z'),
    term('JavaScript', 5, '2026-01-01T00:00:00Z'),
    term('astro', 2, '2026-01-02T00:00:00Z'),
  ];
  const names = (s: typeof DEFAULT_TERM_LIST) =>
    filterAndSortTerms(terms, s, 'en').map((t) => t.name);
  expect(names(DEFAULT_TERM_LIST)).toEqual(['JavaScript', 'java', 'astro']);
  expect(names({ ...DEFAULT_TERM_LIST, order: 'asc' })).toEqual(['astro', 'java', 'JavaScript']);
  expect(names({ search: ' JA', sort: 'name', order: 'asc' })).toEqual(['java', 'JavaScript']);
  expect(names({ search: '', sort: 'updateTime', order: 'desc' })).toEqual([
    'java',
    'astro',
    'JavaScript',
  ]);
  // The input is not reordered.
  expect(terms.map((t) => t.name)).toEqual(['java', 'JavaScript', 'astro']);
});

test('the inbox address: page and unread only', () => {
  expect(parseInboxState('')).toEqual({ pageNum: 1, unread: false });
  expect(formatInboxState({ pageNum: 1, unread: false })).toBe('');
  expect(formatInboxState({ pageNum: 2, unread: true })).toBe('page=2&unread=1');
  expect(parseInboxState('?page=2&unread=1')).toEqual({ pageNum: 2, unread: true });
  expect(parseInboxState('?page=x&unread=yes')).toEqual({ pageNum: 1, unread: false });
});

test('edit pages: the id from the path; the shell and bad paths give null', () => {
  expect(editIdFromPath('article', '/blog/manage/article/edit/0193abc')).toBe('0193abc');
  expect(editIdFromPath('article', '/blog/manage/article/edit/0193abc/')).toBe('0193abc');
  expect(editIdFromPath('article', '/blog/manage/article/edit/a%20b')).toBe('a b');
  expect(editIdFromPath('article', '/blog/manage/article/edit/_')).toBeNull();
  expect(editIdFromPath('article', '/blog/manage/article/edit/')).toBeNull();
  expect(editIdFromPath('article', '/blog/manage/article/edit/a/b')).toBeNull();
  expect(editIdFromPath('article', '/blog/manage/article/edit/%E0%A4%A')).toBeNull();
  expect(editIdFromPath('article', '/blog/manage/tag/edit/3')).toBeNull();
  expect(termIdFromPath('tag', '/blog/manage/tag/edit/3')).toBe(3);
  expect(termIdFromPath('category', '/blog/manage/category/edit/12/')).toBe(12);
  expect(termIdFromPath('category', '/blog/manage/category/edit/abc')).toBeNull();
  expect(termIdFromPath('category', '/blog/manage/category/edit/0')).toBeNull();
  expect(termIdFromPath('category', '/blog/manage/category/edit/_')).toBeNull();
});
