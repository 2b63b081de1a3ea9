/**
 * The machine-readable description of a prebuilt article page: JSON-LD `BlogPosting` and the
 * Open Graph / Twitter tags (src/components/blog/ArticleHead.astro writes them into <head>).
 */

export interface ArticleMetaInput {
  /** Absolute canonical URL of the article. */
  readonly url: string;
  readonly title: string;
  readonly description: string;
  /** Absolute URL of the cover image, if any. */
  readonly image: string | null;
  readonly publishTime: string;
  readonly updateTime: string;
  readonly section: string;
  readonly keywords: readonly string[];
  readonly siteName: string;
}

/**
 * JSON for an inline `<script type="application/ld+json">`: `<`, `>` and `&` are written as
 * \u escapes, so no text of the article can close the script element; U+2028/2029 too.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The schema.org BlogPosting of an article. */
export function blogPosting(meta: ArticleMetaInput): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: meta.title,
    description: meta.description,
    datePublished: meta.publishTime,
    dateModified: meta.updateTime,
    url: meta.url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': meta.url },
    articleSection: meta.section,
    keywords: meta.keywords.join(', '),
    ...(meta.image ? { image: [meta.image] } : {}),
    publisher: { '@type': 'Organization', name: meta.siteName },
  };
}

/** `<meta property|name content>` pairs, in order; `article:tag` repeats once per tag. */
export function openGraph(
  meta: ArticleMetaInput,
): { key: 'property' | 'name'; name: string; content: string }[] {
  const tags: { key: 'property' | 'name'; name: string; content: string }[] = [
    { key: 'property', name: 'og:type', content: 'article' },
    { key: 'property', name: 'og:site_name', content: meta.siteName },
    { key: 'property', name: 'og:title', content: meta.title },
    { key: 'property', name: 'og:description', content: meta.description },
    { key: 'property', name: 'og:url', content: meta.url },
  ];
  if (meta.image) tags.push({ key: 'property', name: 'og:image', content: meta.image });
  tags.push(
    { key: 'property', name: 'article:published_time', content: meta.publishTime },
    { key: 'property', name: 'article:modified_time', content: meta.updateTime },
    { key: 'property', name: 'article:section', content: meta.section },
    ...meta.keywords.map((tag) => ({
      key: 'property' as const,
      name: 'article:tag',
      content: tag,
    })),
    { key: 'name', name: 'twitter:card', content: 'summary' },
    { key: 'name', name: 'twitter:title', content: meta.title },
    { key: 'name', name: 'twitter:description', content: meta.description },
  );
  if (meta.image) tags.push({ key: 'name', name: 'twitter:image', content: meta.image });
  return tags;
}
