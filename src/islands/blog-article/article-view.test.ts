import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Article } from '@/server/blog/article.schema.ts';
import { blogPages, type BlogPageInput } from '@/lib/build/blog-pages.ts';
import { EMPTY_BLOG_SNAPSHOT, type SnapshotArticle } from '@/lib/shared/blog-snapshot.ts';
import {
  articleUrl,
  dateText,
  fromApi,
  fromPageInput,
  showToc,
  wasUpdated,
} from './article-view.ts';

function snapshotArticle(id: string, title: string): SnapshotArticle {
  return {
    id,
    title,
    summary: `About ${title}`,
    cover: null,
    category: { id: 1, name: 'Tech' },
    tags: [{ id: 2, name: 'TS' }],
    pinned: false,
    publishTime: '2026-03-01T08:00:00.000Z',
    createTime: '2026-03-01T08:00:00.000Z',
    updateTime: '2026-03-02T08:00:00.000Z',
    content: '# x',
  };
}

const list = [
  snapshotArticle('a', 'Pinned'),
  snapshotArticle('b', 'Newer'),
  snapshotArticle('c', 'Older'),
];

afterEach(() => {
  vi.useRealTimers();
});

describe('fromPageInput', () => {
  it('links the articles listed above (previous) and below (next), as the API does', () => {
    const specs = blogPages({ blog: { ...EMPTY_BLOG_SNAPSHOT, articles: list } });
    const viewOf = (id: string) => {
      const input = specs.find((spec) => spec.url === `/blog/${id}`)?.input as BlogPageInput;
      if (input.kind !== 'blog.article') throw new Error(`no article page for ${id}`);
      return fromPageInput(input);
    };
    expect(viewOf('b')).toMatchObject({
      id: 'b',
      title: 'Newer',
      previous: { id: 'a', title: 'Pinned' },
      next: { id: 'c', title: 'Older' },
      // A count in a built page is stale at once: the prebuilt page shows none.
      views: null,
      public: true,
    });
    expect(viewOf('a').previous).toBeNull();
    expect(viewOf('c').next).toBeNull();
  });
});

describe('fromApi', () => {
  const { tags, ...rest } = snapshotArticle('x', 'From the API');
  const base: Article = {
    ...rest,
    tags: [...tags],
    views: 7,
    status: 'published',
    writtenSummary: null,
    previous: { id: 'p', title: 'P' },
    next: null,
  };

  it('keeps what the page shows, with the API’s neighbours and live view count', () => {
    expect(fromApi(base)).toMatchObject({
      id: 'x',
      title: 'From the API',
      views: 7,
      previous: { id: 'p', title: 'P' },
      next: null,
      public: true,
    });
  });

  it('marks drafts and not-yet-due scheduled articles as not public (a manager sees them)', () => {
    vi.useFakeTimers({ now: Date.parse('2026-03-10T00:00:00Z') });
    expect(fromApi({ ...base, status: 'draft', publishTime: null }).public).toBe(false);
    expect(
      fromApi({ ...base, status: 'scheduled', publishTime: '2026-04-01T00:00:00Z' }).public,
    ).toBe(false);
    expect(
      fromApi({ ...base, status: 'scheduled', publishTime: '2026-03-01T00:00:00Z' }).public,
    ).toBe(true);
  });
});

describe('dates and helpers', () => {
  it('prints the UTC calendar day, whatever the offset of the stored time', () => {
    expect(dateText('2026-03-01T23:30:00-02:00')).toBe('2026-03-02');
    expect(dateText('2026-03-01T08:00:00.000Z')).toBe('2026-03-01');
    expect(dateText('not a date')).toBe('not a date');
  });

  it('calls an article updated only when it changed more than a minute after publishing', () => {
    expect(wasUpdated('2026-03-01T08:00:00Z', '2026-03-01T08:00:30Z')).toBe(false);
    expect(wasUpdated('2026-03-01T08:00:00Z', '2026-03-01T09:00:00Z')).toBe(true);
    expect(wasUpdated(null, '2026-03-01T09:00:00Z')).toBe(false);
  });

  it('shows a table of contents from two entries on', () => {
    expect(showToc([])).toBe(false);
    expect(showToc([{}])).toBe(false);
    expect(showToc([{}, {}])).toBe(true);
  });

  it('makes the absolute URL of an article on the site', () => {
    expect(articleUrl('https://site.example', '/blog/abc')).toBe('https://site.example/blog/abc');
    expect(articleUrl(new URL('https://site.example/sub/'), '/blog/abc')).toBe(
      'https://site.example/blog/abc',
    );
  });
});
