/**
 * The prebuilt blog feeds: RSS 2.0 (@astrojs/rss), Atom 1.0 and JSON Feed 1.1 (the `feed`
 * package), for the whole blog and for each category and tag, each from its page input (the
 * articles, chosen by src/lib/build/blog-pages.ts). The endpoint src/pages/api/blog/feed/[...feed].ts
 * calls `feedResponse`; the files land in dist/api/blog/feed/ and the API serves them
 * (src/server/blog/feed.routes.ts).
 *
 * Each feed holds the newest FEED_SIZE articles by publish time (pinning does not count), each with
 * its full HTML (rendered once per build by renderForBuild) whose relative links and images are
 * made absolute, since a feed reader shows it away from the site.
 */
import { getRssString } from '@astrojs/rss';
import { Feed } from 'feed';
import { MESSAGES } from '../i18n/messages.ts';
import { renderForBuild } from './render-cache.ts';
import type { SnapshotArticle } from '../shared/blog-snapshot.ts';
import { escapeHtml } from '../shared/escape.ts';
import { paths } from '../shared/paths.ts';
import type { TermKind } from '../shared/term-kinds.ts';
import type { BlogPageInput } from './blog-pages.ts';
import type { FeedFormat } from './feed-articles.ts';

type FeedInput = Extract<BlogPageInput, { kind: 'blog.feed' }>;

export const FEED_CONTENT_TYPES: Readonly<Record<FeedFormat, string>> = {
  rss: 'application/rss+xml; charset=utf-8',
  atom: 'application/atom+xml; charset=utf-8',
  json: 'application/feed+json; charset=utf-8',
};

const JSON_FEED_VERSION = 'https://jsonfeed.org/version/1.1';
const ATOM_NS = 'http://www.w3.org/2005/Atom';

const zh = MESSAGES['zh-CN'];
const en = MESSAGES.en;

/** "中文 / English" of one message key. */
function both(key: 'nav.blog' | 'page.blogCategory' | 'page.blogTag' | 'site.description') {
  return zh[key] === en[key] ? zh[key] : `${zh[key]} / ${en[key]}`;
}

/** Characters XML 1.0 does not allow, and lone surrogates. */
function xmlSafe(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.toWellFormed().replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '');
}

const NAMED: Readonly<Record<string, string>> = {
  amp: '&',
  quot: '"',
  apos: "'",
  lt: '<',
  gt: '>',
};

function decodeAttribute(value: string): string {
  return value.replace(
    /&(?:#x([\da-f]+)|#(\d+)|(amp|quot|apos|lt|gt));/gi,
    (whole, hex, dec, name) =>
      hex !== undefined
        ? String.fromCodePoint(parseInt(hex as string, 16))
        : dec !== undefined
          ? String.fromCodePoint(parseInt(dec as string, 10))
          : (NAMED[(name as string).toLowerCase()] ?? whole),
  );
}

/** A start tag as rehype-stringify writes it (quoted values may hold `>`). */
const START_TAG =
  /<[a-zA-Z][\w-]*(?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*\s*\/?>/g;
/** One attribute of a start tag, matched in order from the tag name on. */
const ATTRIBUTE = /(\s+)([^\s"'>/=]+)(?:(\s*=\s*)(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const HAS_SCHEME = /^[a-z][a-z\d+.-]*:/i;

/**
 * Makes the `href` and `src` values of rendered HTML absolute against `base` (the article's URL):
 * `/uploads/x.png` → `https://site/uploads/x.png`, `#heading` → `https://site/blog/{id}#heading`.
 * Values with a scheme (`https:`, `mailto:`) stay as they are.
 */
export function absolutizeHtml(html: string, base: string): string {
  return html.replace(START_TAG, (tag) => {
    const name = /^<[\w-]+/.exec(tag)?.[0] ?? '';
    const rest = tag.slice(name.length);
    const attributes = rest.replace(ATTRIBUTE, (whole, space, attr, eq, dq, sq, bare) => {
      const key = (attr as string).toLowerCase();
      const raw = (dq ?? sq ?? bare) as string | undefined;
      if ((key !== 'href' && key !== 'src') || raw === undefined) return whole;
      const value = decodeAttribute(raw).trim();
      if (HAS_SCHEME.test(value)) return whole;
      let absolute: string;
      try {
        absolute = new URL(value, base).href;
      } catch {
        return whole;
      }
      return `${space as string}${attr as string}${eq as string}"${absolute.replaceAll('&', '&amp;').replaceAll('"', '&quot;')}"`;
    });
    return name + attributes;
  });
}

interface Entry {
  readonly article: SnapshotArticle;
  /** Absolute permalink. */
  readonly url: string;
  /** Full content, links absolute. */
  readonly html: string;
  readonly published: Date;
  /** The later of update and publish time. */
  readonly updated: Date;
  /** The category, then the tags. */
  readonly terms: readonly { kind: TermKind; name: string }[];
}

/** Rendered content per article (id + source): each article is rendered once for its feeds. */
const rendered = new Map<string, Promise<string>>();
/** Entries kept: a long-lived renderer sees every version of every article. */
const RENDERED_MAX = 1000;

function contentOf(article: SnapshotArticle, url: string): Promise<string> {
  const key = `${url}\n${article.updateTime}\n${article.content}`;
  let html = rendered.get(key);
  if (html === undefined) {
    if (rendered.size >= RENDERED_MAX) rendered.clear();
    html = renderForBuild(article.content).then((r) => xmlSafe(absolutizeHtml(r.html, url)));
    rendered.set(key, html);
  }
  return html;
}

async function entriesOf(articles: readonly SnapshotArticle[], site: URL): Promise<Entry[]> {
  return Promise.all(
    articles.map(async (article) => {
      const url = new URL(paths.blogArticle(article.id), site).href;
      const published = new Date(article.publishTime);
      const changed = new Date(article.updateTime);
      return {
        article,
        url,
        html: await contentOf(article, url),
        published,
        updated: changed > published ? changed : published,
        terms: [
          { kind: 'category' as const, name: article.category.name },
          ...article.tags.map((t) => ({ kind: 'tag' as const, name: t.name })),
        ],
      };
    }),
  );
}

interface Channel {
  readonly title: string;
  readonly description: string;
  /** The HTML page the feed mirrors. */
  readonly page: string;
  readonly self: Readonly<Record<FeedFormat, string>>;
  readonly updated: Date;
  readonly entries: readonly Entry[];
}

async function channelOf(site: URL, input: FeedInput): Promise<Channel> {
  const { term } = input;
  const entries = await entriesOf(input.articles, site);
  const abs = (path: string) => new URL(path, site).href;
  const ref = term && { kind: term.kind, id: term.id };
  const blogTitle = `${zh['site.name']} · ${both('nav.blog')}`;
  const termLabel =
    term &&
    `${both(term.kind === 'category' ? 'page.blogCategory' : 'page.blogTag')}: ${term.name}`;
  const latest = Math.max(...entries.map((e) => e.updated.getTime()));
  return {
    title: xmlSafe(termLabel ? `${blogTitle} · ${termLabel}` : blogTitle),
    description: xmlSafe(termLabel ? `${termLabel} — ${blogTitle}` : both('site.description')),
    page: abs(
      term === undefined
        ? paths.blog()
        : term.kind === 'category'
          ? paths.blogCategory(term.id)
          : paths.blogTag(term.id),
    ),
    self: {
      rss: abs(paths.blogFeed('rss', ref)),
      atom: abs(paths.blogFeed('atom', ref)),
      json: abs(paths.blogFeed('json', ref)),
    },
    // With no article, a fixed time: the same data must give the same file.
    updated: new Date(Number.isFinite(latest) ? latest : 0),
    entries,
  };
}

function rssOf(channel: Channel): Promise<string> {
  return getRssString({
    title: channel.title,
    description: channel.description,
    site: channel.page,
    trailingSlash: false,
    xmlns: { atom: ATOM_NS },
    customData:
      `<atom:link href="${escapeHtml(channel.self.rss)}" rel="self" type="application/rss+xml"/>` +
      `<lastBuildDate>${channel.updated.toUTCString()}</lastBuildDate>` +
      '<generator>Atrium</generator>',
    items: channel.entries.map((e) => ({
      title: xmlSafe(e.article.title),
      link: e.url,
      pubDate: e.published,
      // RSS descriptions are HTML: the plain-text summary is escaped once more.
      description: escapeHtml(xmlSafe(e.article.summary)),
      content: e.html,
      categories: e.terms.map((t) => xmlSafe(t.name)),
    })),
  });
}

function feedOf(channel: Channel, site: URL, html: boolean): Feed {
  // Atom's title and summary are written as type="html": plain text must be escaped for it. A CDATA
  // section cannot hold `]]>`, which the feed package splits only once: HTML-escape its `>`.
  const text = (s: string) => (html ? escapeHtml(xmlSafe(s)) : xmlSafe(s));
  const cdata = (s: string) => (html ? s.replaceAll(']]>', ']]&gt;') : s);
  const home = new URL(paths.blog(), site).href;
  const feed = new Feed({
    id: channel.self.atom,
    title: channel.title,
    description: channel.description,
    link: channel.page,
    updated: channel.updated,
    generator: 'Atrium',
    feedLinks: { atom: channel.self.atom, json: channel.self.json },
    author: { name: zh['site.name'], link: new URL('/', site).href },
    favicon: new URL('/favicon.svg', site).href,
  });
  for (const e of channel.entries) {
    feed.addItem({
      id: e.url,
      title: text(e.article.title),
      link: e.url,
      date: e.updated,
      published: e.published,
      description: text(e.article.summary),
      content: cdata(e.html),
      category: e.terms.map((t) => ({
        // `name` is Atom's label and a JSON Feed tag.
        name: xmlSafe(t.name),
        term: xmlSafe(t.name),
        scheme: `${home}/${t.kind}`,
      })),
    });
  }
  return feed;
}

interface JsonFeedAuthor {
  name?: string;
  url?: string;
  avatar?: string;
}

/**
 * The feed package writes JSON Feed 1.0; 1.1 differs only in `authors` (a list) replacing `author`
 * and the version URL, plus the optional `language` (the blog mixes Chinese and English, so none).
 */
function toJsonFeed11(json: string, channel: Channel, site: URL): string {
  const feed = JSON.parse(json) as Record<string, unknown> & {
    author?: JsonFeedAuthor;
    items: (Record<string, unknown> & { author?: JsonFeedAuthor; id: string })[];
  };
  const covers = new Map(channel.entries.map((e) => [e.url, e.article.cover]));
  const { author, items, ...rest } = feed;
  const out = {
    ...rest,
    version: JSON_FEED_VERSION,
    ...(author ? { authors: [author] } : {}),
    items: items.map(({ author: itemAuthor, ...item }) => {
      const cover = covers.get(item.id);
      return {
        ...item,
        ...(itemAuthor ? { authors: [itemAuthor] } : {}),
        ...(cover ? { image: new URL(cover, site).href } : {}),
      };
    }),
  };
  return `${JSON.stringify(out, null, 2)}\n`;
}

/** The text of one feed. */
export async function buildFeed(input: FeedInput, site: URL): Promise<string> {
  const channel = await channelOf(site, input);
  if (input.format === 'rss') return rssOf(channel);
  if (input.format === 'atom') return feedOf(channel, site, true).atom1();
  return toJsonFeed11(feedOf(channel, site, false).json1(), channel, site);
}

/** The response of the feed endpoint (the server serves the written file with its type). */
export async function feedResponse(input: FeedInput, site: URL | undefined): Promise<Response> {
  if (site === undefined) throw new Error('feeds: set `site` in astro.config.mjs');
  return new Response(await buildFeed(input, site), {
    headers: { 'content-type': FEED_CONTENT_TYPES[input.format] },
  });
}
