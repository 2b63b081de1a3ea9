import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { RenderedArticle } from '@/lib/markdown/render.ts';
import ArticleView from './ArticleView.tsx';
import type { ArticleViewData } from './article-view.ts';

const view: ArticleViewData = {
  id: 'abc',
  title: 'Hello <world>',
  cover: '/cover.png',
  category: { id: 3, name: 'Tech' },
  tags: [
    { id: 5, name: 'TS' },
    { id: 6, name: '数据库' },
  ],
  views: 42,
  publishTime: '2026-03-01T08:00:00.000Z',
  updateTime: '2026-03-05T08:00:00.000Z',
  previous: { id: 'p1', title: 'The one above' },
  next: { id: 'n1', title: 'The one below' },
  public: true,
};

const rendered: RenderedArticle = {
  html: '<h2 id="one">One</h2><p>Body</p><h3 id="two">Two</h3>',
  toc: [
    { depth: 2, id: 'one', text: 'One' },
    { depth: 3, id: 'two', text: 'Two' },
  ],
  readingMinutes: 4,
};

function render(props: Partial<Parameters<typeof ArticleView>[0]> = {}): HTMLElement {
  const host = document.createElement('div');
  host.innerHTML = renderToStaticMarkup(
    <ArticleView view={view} rendered={rendered} share={<p id="share">share</p>} {...props} />,
  );
  return host;
}

describe('ArticleView', () => {
  it('shows the title, category, tags, dates, views and reading time', () => {
    const root = render();
    expect(root.querySelector('h1')?.textContent).toBe('Hello <world>');
    expect(root.querySelector('a[href="/blog/category/3"]')?.textContent).toBe('Tech');
    expect(
      [...root.querySelectorAll('a[href^="/blog/tag/"]')].map((a) => a.getAttribute('href')),
    ).toEqual(['/blog/tag/5', '/blog/tag/6']);
    const times = [...root.querySelectorAll('time')];
    expect(times.map((t) => t.getAttribute('datetime'))).toEqual([
      '2026-03-01T08:00:00.000Z',
      '2026-03-05T08:00:00.000Z',
    ]);
    expect(times.map((t) => t.textContent)).toEqual(['2026-03-01', '2026-03-05']);
    expect(root.textContent).toContain('42 次阅读');
    expect(root.textContent).toContain('42 views');
    expect(root.textContent).toContain('4 min read');
    expect(root.querySelector('header img')?.getAttribute('src')).toBe('/cover.png');
  });

  it('shows no view count when it is not known (a prebuilt page would show a stale one)', () => {
    const root = render({ view: { ...view, views: null } });
    expect(root.textContent).not.toMatch(/次阅读|views?\b/);
    expect(root.textContent).toContain('4 min read');
  });

  it('says "1 view" in the singular', () => {
    expect(render({ view: { ...view, views: 1 } }).textContent).toMatch(/\b1 view(?!s)/);
  });

  it('puts the rendered Markdown in .prose-article inside the Pagefind body, with filters', () => {
    const root = render();
    const body = root.querySelector('[data-pagefind-body]');
    expect(body?.querySelector('h1')).not.toBeNull();
    expect(body?.querySelector('.prose-article')?.innerHTML).toBe(rendered.html);
    expect(body?.querySelector('[data-pagefind-filter="category"]')?.textContent).toBe('Tech');
    expect(body?.querySelectorAll('[data-pagefind-filter="tag"]')).toHaveLength(2);
    expect(body?.getAttribute('data-pagefind-meta')).toBe('date:2026-03-01, image:/cover.png');
    // The table of contents and the share bar are not the article's text.
    expect(
      root
        .querySelector('nav[aria-labelledby="article-toc-label"]')
        ?.getAttribute('data-pagefind-ignore'),
    ).toBe('all');
    expect(root.querySelector('#share')?.closest('[data-pagefind-ignore]')).not.toBeNull();
  });

  it('lists the table of contents in a labelled nav, only from two entries on', () => {
    const toc = render().querySelector('nav[aria-labelledby="article-toc-label"]');
    expect(toc?.querySelector('#article-toc-label')?.textContent).toContain('目录');
    expect([...(toc?.querySelectorAll('a') ?? [])].map((a) => a.getAttribute('href'))).toEqual([
      '#one',
      '#two',
    ]);
    const single = render({ rendered: { ...rendered, toc: rendered.toc.slice(0, 1) } });
    expect(single.querySelector('nav[aria-labelledby="article-toc-label"]')).toBeNull();
  });

  it('links the previous and next articles, and leaves out a missing one', () => {
    const root = render();
    expect(root.querySelector('a[rel="prev"]')?.getAttribute('href')).toBe('/blog/p1');
    expect(root.querySelector('a[rel="next"]')?.getAttribute('href')).toBe('/blog/n1');
    const first = render({ view: { ...view, previous: null } });
    expect(first.querySelector('a[rel="prev"]')).toBeNull();
    expect(first.querySelector('a[rel="next"]')?.textContent).toContain('The one below');
  });

  it('hides the update date when nothing changed, and warns managers about a hidden article', () => {
    const root = render({
      view: { ...view, updateTime: view.publishTime ?? '', public: false },
    });
    expect(root.querySelectorAll('time')).toHaveLength(1);
    expect(root.textContent).toContain('only blog admins can see it');
    expect(render().textContent).not.toContain('only blog admins can see it');
  });
});
