import { describe, expect, it } from 'vitest';
import { blogPosting, jsonForScript, openGraph, type ArticleMetaInput } from './article-meta.ts';

const meta: ArticleMetaInput = {
  url: 'https://site.example/blog/abc',
  title: 'Hello </script><script>alert(1)</script> & more',
  description: 'A summary',
  image: 'https://site.example/cover.png',
  publishTime: '2026-03-01T08:00:00.000Z',
  updateTime: '2026-03-02T08:00:00.000Z',
  section: 'Tech',
  keywords: ['TypeScript', '数据库'],
  siteName: 'Atrium',
};

describe('jsonForScript', () => {
  it('cannot close the script element it is written into, and still parses to the same value', () => {
    const text = jsonForScript(blogPosting(meta));
    expect(text).not.toMatch(/[<>&]/u);
    expect(text).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(text)).toEqual(blogPosting(meta));
  });

  it('escapes the JavaScript line terminators too', () => {
    const text = jsonForScript({ s: 'a\u2028b\u2029c' });
    expect(text).toBe('{"s":"a\\u2028b\\u2029c"}');
    expect(JSON.parse(text)).toEqual({ s: 'a\u2028b\u2029c' });
  });
});

describe('blogPosting', () => {
  it('describes the article for search engines', () => {
    expect(blogPosting(meta)).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: meta.title,
      description: 'A summary',
      datePublished: meta.publishTime,
      dateModified: meta.updateTime,
      url: meta.url,
      mainEntityOfPage: { '@type': 'WebPage', '@id': meta.url },
      articleSection: 'Tech',
      keywords: 'TypeScript, 数据库',
      image: ['https://site.example/cover.png'],
    });
  });

  it('has no image without a cover', () => {
    expect(blogPosting({ ...meta, image: null })).not.toHaveProperty('image');
  });
});

describe('openGraph', () => {
  it('lists the article tags, one article:tag per tag, and a summary Twitter card', () => {
    const tags = openGraph(meta);
    const value = (name: string) => tags.filter((t) => t.name === name).map((t) => t.content);
    expect(value('og:type')).toEqual(['article']);
    expect(value('og:title')).toEqual([meta.title]);
    expect(value('og:url')).toEqual([meta.url]);
    expect(value('og:image')).toEqual([meta.image]);
    expect(value('article:published_time')).toEqual([meta.publishTime]);
    expect(value('article:modified_time')).toEqual([meta.updateTime]);
    expect(value('article:tag')).toEqual(['TypeScript', '数据库']);
    expect(tags.find((t) => t.name === 'twitter:card')).toEqual({
      key: 'name',
      name: 'twitter:card',
      content: 'summary',
    });
    expect(tags.filter((t) => t.name.startsWith('og:')).every((t) => t.key === 'property')).toBe(
      true,
    );
  });

  it('leaves the image tags out without a cover', () => {
    const names = openGraph({ ...meta, image: null }).map((t) => t.name);
    expect(names).not.toContain('og:image');
    expect(names).not.toContain('twitter:image');
  });
});
