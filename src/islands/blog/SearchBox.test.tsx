import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { SearchHit } from '@/lib/api/blog.ts';
import type { Pagefind, PagefindResult } from './pagefind.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const pagefindMock = vi.hoisted(() => ({ current: null as Pagefind | null }));
vi.mock('./pagefind.ts', () => ({
  loadPagefind: () => Promise.resolve(pagefindMock.current),
}));

const { default: SearchBox, termFromUrl } = await import('./SearchBox.tsx');

let root: Root;
let host: HTMLDivElement;
let requests: URL[];
let dbHits: SearchHit[];
/** The terms the static index was asked for. */
let searched: string[];

function hit(id: string, title: string, snippet: string): SearchHit {
  return {
    id,
    title: 'plain',
    summary: '',
    cover: null,
    category: { id: 1, name: 'c' },
    tags: [],
    pinned: false,
    views: 0,
    publishTime: null,
    createTime: '2026-01-01T00:00:00.000Z',
    updateTime: '2026-01-01T00:00:00.000Z',
    highlights: { title, snippet },
  };
}

function pagefindWith(
  results: {
    url: string;
    title: string;
    excerpt: string;
    raw_content?: string;
    locations?: number[];
  }[],
): Pagefind {
  return {
    options: async () => {},
    search: async (term) => {
      searched.push(term);
      return {
        results: results.map(({ title, ...r }, i): PagefindResult => ({
          id: `pf${i}`,
          data: async () => ({ ...r, meta: { title } }),
        })),
      };
    },
  };
}

beforeEach(() => {
  searched = [];
  requests = [];
  dbHits = [];
  pagefindMock.current = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      requests.push(new URL(request.url));
      const data = {
        records: dbHits,
        totalRecordNum: dbHits.length,
        totalPageNum: dbHits.length > 0 ? 1 : 0,
        pageNum: 1,
        pageSize: 10,
      };
      return new Response(JSON.stringify({ code: 1, message: 'ok', data }), {
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});

afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
  window.history.replaceState(null, '', '/');
  vi.unstubAllGlobals();
});

async function settle() {
  await act(async () => {
    for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

async function renderAt(url: string) {
  window.history.replaceState(null, '', url);
  await act(async () => root.render(<SearchBox />));
  await settle();
}

function english(element: Element | null | undefined): string {
  return [...(element?.querySelectorAll('[data-i18n="en"]') ?? [])]
    .map((node) => node.textContent)
    .join(' ');
}

test('termFromUrl reads ?q=, trimmed and at most 100 characters', () => {
  expect(termFromUrl('?q=%20hello%20')).toBe('hello');
  expect(termFromUrl('')).toBe('');
  expect(termFromUrl(`?q=${'x'.repeat(150)}`)).toHaveLength(100);
});

test('without the static index, the term from the URL is searched in the database', async () => {
  dbHits = [hit('a1', 'A <mark>数据库</mark> &amp; co', '… the <mark>数据库</mark> &lt;b&gt; …')];
  await renderAt('/blog/search?q=%E6%95%B0%E6%8D%AE%E5%BA%93');
  expect(host.querySelector('input')?.value).toBe('数据库');
  expect(requests[0]?.pathname).toBe('/api/blog/article/search');
  expect(requests[0]?.searchParams.get('term')).toBe('数据库');
  const link = host.querySelector('ol a');
  expect(link?.getAttribute('href')).toBe('/blog/a1');
  expect(link?.textContent).toBe('A 数据库 & co');
  expect(link?.querySelector('mark')?.textContent).toBe('数据库');
  // Escaped text stays text: no <b> element appears.
  expect(host.querySelector('ol b')).toBeNull();
  expect(host.querySelector('ol p')?.textContent).toBe('… the 数据库 <b> …');
  expect(english(host)).toContain('The full-text index is not available here');
});

test('with the static index, its results are shown and the database is not asked', async () => {
  pagefindMock.current = pagefindWith([
    { url: '/blog/x/', title: 'Title <x>', excerpt: 'some <mark>word</mark> here' },
  ]);
  await renderAt('/blog/search?q=word');
  expect(requests).toHaveLength(0);
  const link = host.querySelector('ol a');
  expect(link?.getAttribute('href')).toBe('/blog/x/');
  expect(link?.textContent).toBe('Title <x>');
  expect(host.querySelector('ol mark')?.textContent).toBe('word');
  expect(english(host)).toContain('1 article found');
});

test("every term of the query is marked, even when Pagefind's excerpt shows only the first", async () => {
  const words = ['量子', '计算', ...Array<string>(80).fill('很好'), '喝', '咖啡', '。'];
  pagefindMock.current = pagefindWith([
    {
      url: '/blog/q/',
      title: '量子',
      excerpt: '<mark>量子</mark>计算很好很好',
      raw_content: words.join('\u200B'),
      locations: [0, 83],
    },
  ]);
  await renderAt(`/blog/search?q=${encodeURIComponent('量子咖啡')}`);
  // The index is asked for each word: as one, it would locate only the first.
  expect(searched).toEqual(['量子 咖啡']);
  const marks = [...host.querySelectorAll('ol p mark')].map((mark) => mark.textContent);
  expect(marks).toEqual(['量子', '咖啡']);
});

test('when the static index finds nothing, the database is asked; nothing anywhere says so', async () => {
  pagefindMock.current = pagefindWith([]);
  await renderAt('/blog/search?q=zzz');
  expect(requests[0]?.searchParams.get('term')).toBe('zzz');
  expect(english(host)).toContain('No article matches “zzz”.');
});

test('submitting puts the term in the URL and searches it', async () => {
  await renderAt('/blog/search');
  expect(requests).toHaveLength(0);
  const input = host.querySelector('input');
  if (!input) throw new Error('no input');
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(
      input,
      ' vite ',
    );
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await act(async () => host.querySelector('form')?.requestSubmit());
  await settle();
  expect(`${window.location.pathname}${window.location.search}`).toBe('/blog/search?q=vite');
  expect(requests[0]?.searchParams.get('term')).toBe('vite');
});

test('when the static index fails (e.g. refused by the browser), the database answers', async () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  pagefindMock.current = {
    options: async () => {},
    search: () => Promise.reject(new Error('Failed to load Pagefind metadata')),
  };
  dbHits = [hit('a2', 'Found', 'in the <mark>database</mark>')];
  await renderAt('/blog/search?q=database');
  expect(requests[0]?.searchParams.get('term')).toBe('database');
  expect(host.querySelector('ol a')?.getAttribute('href')).toBe('/blog/a2');
  expect(english(host)).toContain('The full-text index is not available here');
});
