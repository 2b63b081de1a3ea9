import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { DEFAULT_LOCALE } from '@/lib/i18n/index.ts';
import { $locale } from '@/lib/stores/prefs.ts';
import type { Article } from '@/server/blog/article.schema.ts';
import ArticleFallback, { articleIdFromPath } from './ArticleFallback.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const article: Article = {
  id: 'late-1',
  title: 'Published after the build',
  summary: 'sum',
  cover: null,
  category: { id: 1, name: 'Tech' },
  tags: [],
  pinned: false,
  views: 3,
  publishTime: '2026-03-01T08:00:00.000Z',
  createTime: '2026-03-01T08:00:00.000Z',
  updateTime: '2026-03-01T08:00:00.000Z',
  status: 'published',
  content:
    '## Part one\n\ntext\n\n## Part two\n\n```ts\nconst a = 1;\n```\n\n<script>alert(1)</script>',
  writtenSummary: null,
  previous: null,
  next: { id: 'older', title: 'Older one' },
};

type Answer = { status: number; body: { code: number; message: string; data: unknown } };
let detail: () => Answer | Promise<Answer>;
let root: Root;
let host: HTMLDivElement;
let requested: string[];

function ok(data: unknown): Answer {
  return { status: 200, body: { code: 1, message: '', data } };
}

beforeEach(() => {
  requested = [];
  detail = () => ok(article);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname;
      requested.push(path);
      const answer = path.startsWith('/api/blog/article/detail/')
        ? await detail()
        : ok({ records: [], totalRecordNum: 0, totalPageNum: 0, pageNum: 1, pageSize: 20 });
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  vi.spyOn(console, 'error').mockImplementation(() => {});
  // KaTeX warns about happy-dom's document having no doctype.
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  window.history.replaceState(null, '', '/blog/late-1');
  $locale.set('en');
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});

afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
  $locale.set(DEFAULT_LOCALE);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function mount(): Promise<void> {
  await act(async () => root.render(<ArticleFallback />));
}

/** Lets the island work (fetch, the renderer's first import) until `check` passes. */
async function until(check: () => void, timeout = 15_000): Promise<void> {
  const end = Date.now() + timeout;
  for (;;) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > end) throw error;
    }
  }
}

describe('articleIdFromPath', () => {
  test('reads the id segment of /blog/{id}', () => {
    expect(articleIdFromPath('/blog/abc')).toBe('abc');
    expect(articleIdFromPath('/blog/abc/')).toBe('abc');
    expect(articleIdFromPath('/blog/a%20b')).toBe('a b');
    expect(articleIdFromPath('/blog/')).toBe('');
    expect(articleIdFromPath('/blog/a/b')).toBe('');
    expect(articleIdFromPath('/blog/%E0%A4%A')).toBe('');
  });
});

describe('ArticleFallback', () => {
  test(
    'loads the article of the address and shows it like a prebuilt page',
    { timeout: 20_000 },
    async () => {
      // The answer waits until the loading state has been seen.
      let answer = (): void => undefined;
      const answered = new Promise<void>((resolve) => (answer = resolve));
      detail = () => answered.then(() => ok(article));
      await mount();
      expect(host.textContent).toContain('Loading the article');
      answer();
      await until(() => expect(host.querySelector('h1')?.textContent).toBe(article.title));
      expect(requested).toContain('/api/blog/article/detail/late-1');
      expect(document.title).toBe('Published after the build · Atrium');
      const prose = host.querySelector('.prose-article');
      expect(prose?.querySelector('h2#part-one')).not.toBeNull();
      expect(prose?.querySelector('.token.keyword')).not.toBeNull();
      expect(host.querySelector('script')).toBeNull();
      expect(host.querySelectorAll('nav[aria-labelledby="article-toc-label"] a')).toHaveLength(2);
      expect(host.querySelector('a[rel="next"]')?.getAttribute('href')).toBe('/blog/older');
      // The share bar and the comments come along.
      expect(host.textContent).toContain('Copy link');
      expect(host.querySelector('#comments')).not.toBeNull();
    },
  );

  test('says that a missing article does not exist, with a way to the list', async () => {
    detail = () => ({
      status: 404,
      body: { code: -404, message: '文章不存在 / No such article', data: null },
    });
    await mount();
    await until(() => expect(host.querySelector('h1')?.textContent).toContain('does not exist'));
    expect(host.textContent).toContain('404');
    expect(host.querySelector('a[href="/blog"]')).not.toBeNull();
    expect(document.title).toBe('This article does not exist · Atrium');
  });

  test('says that loading failed, and tries again on request', async () => {
    detail = () => ({
      status: 500,
      body: { code: -500, message: '服务器出错 / Server failed', data: null },
    });
    await mount();
    await until(() =>
      expect(host.querySelector('[role="alert"]')?.textContent).toBe('Server failed'),
    );
    detail = () => ok(article);
    const retry = [...host.querySelectorAll('button')].find((b) =>
      b.textContent?.includes('Try again'),
    );
    await act(async () => retry?.click());
    await until(() => expect(host.querySelector('h1')?.textContent).toBe(article.title));
  });
});
