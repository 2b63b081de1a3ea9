/**
 * The prebuilt feeds, from a real page build of a snapshot made here (Chinese and English, a
 * table, code and math, categories and tags, more articles than a feed holds): Atom against the
 * RFC 4287 RELAX NG schema and RSS for well-formedness (xmllint), both read back with a feed
 * parser, and the JSON Feed. The build runs as the server runs it on another port than the
 * default, so every absolute link of the output must point at that origin. One build for the file.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { parseFeed } from '@rowanmanning/feed-parser';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  BLOG_SNAPSHOT_VERSION,
  type BlogSnapshot,
  type SnapshotArticle,
  type SnapshotTermRef,
} from '../../src/lib/shared/blog-snapshot.ts';
import { paths } from '../../src/lib/shared/paths.ts';
import { loadConfig } from '../../src/server/config.ts';
import { renderPages } from '../helpers/render-pages.ts';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');
const SCHEMA = join(ROOT, 'tests/fixtures/atom-rfc4287.rng');
/** Where `PORT=46445 npm start` says the site is (README: SITE_URL, else http://HOST:PORT). */
const SITE = loadConfig({ PORT: '46445' }).siteUrl;
const FEED_SIZE = 20;

const TECH: SnapshotTermRef = { id: 11, name: '技术 Tech' };
const NOTES: SnapshotTermRef = { id: 12, name: '随笔 Notes' };
const EMPTY: SnapshotTermRef = { id: 13, name: 'Empty' };
const ATRIUM: SnapshotTermRef = { id: 21, name: 'Atrium' };
const TS: SnapshotTermRef = { id: 22, name: 'TypeScript' };
const DB: SnapshotTermRef = { id: 23, name: '数据库' };

const id = (n: number) => `0195f000-0000-7000-8000-${String(n).padStart(12, '0')}`;

function article(
  n: number,
  fields: Pick<SnapshotArticle, 'title' | 'category' | 'tags' | 'publishTime' | 'content'> &
    Partial<SnapshotArticle>,
): SnapshotArticle {
  return {
    id: id(n),
    summary: `Summary of ${fields.title}`,
    cover: null,
    pinned: false,
    createTime: fields.publishTime,
    updateTime: fields.publishTime,
    ...fields,
  };
}

const TABLES = article(2, {
  title: 'Tables, code & math in Atrium',
  summary: 'A table, a code block and a formula.',
  category: TECH,
  tags: [TS, DB],
  publishTime: '2025-03-01T08:00:00.000Z',
  updateTime: '2025-03-04T09:30:00.000Z',
  content: [
    '## A table',
    '',
    '| 方面 | SQLite | PostgreSQL |',
    '| --- | --- | --- |',
    '| 部署 | 内置 | 独立服务 |',
    '',
    '```ts',
    "const end = ']]>'; // would end a CDATA section",
    'const tag = "<script>alert(1)</script>";',
    '```',
    '',
    '$$',
    'E = mc^2',
    '$$',
    '',
    'Back to [the top](#a-table) or [the welcome](/blog/' + id(1) + '?from=feed&x=1).',
  ].join('\n'),
});

const WELCOME = article(1, {
  title: '欢迎来到 Atrium',
  summary: '第一篇文章：从这里开始。',
  category: NOTES,
  tags: [ATRIUM],
  pinned: true,
  publishTime: '2025-01-05T02:00:00.000Z',
  content: [
    '这是第一篇文章。',
    '',
    `![封面](/uploads/article/welcome.png) 见 [表格一文](/blog/${id(2)})，或 [外部链接](https://example.com/a?b=1&c=2)。`,
  ].join('\n'),
});

const HELLO = article(3, {
  title: 'Hello from Atrium',
  category: NOTES,
  tags: [ATRIUM],
  cover: '/uploads/article/hello.png',
  publishTime: '2025-02-10T12:00:00.000Z',
  content: 'Every public page is prebuilt; only the interactive parts load any script.',
});

/** Older notes, so that the blog holds more articles than one feed. */
const OLD_NOTES = Array.from({ length: 20 }, (_, i) =>
  article(100 + i, {
    title: `Note ${i + 1}`,
    category: NOTES,
    tags: [],
    publishTime: new Date(Date.UTC(2024, 0, 1 + i * 7)).toISOString(),
    content: `Note number ${i + 1}.`,
  }),
);

/** In `/blog` order (pinned first, then newest), as the server writes it. */
const ARTICLES: SnapshotArticle[] = [
  WELCOME,
  TABLES,
  HELLO,
  ...[...OLD_NOTES].sort((a, b) => b.publishTime.localeCompare(a.publishTime)),
];
const count = (pred: (a: SnapshotArticle) => boolean) => ARTICLES.filter(pred).length;

const SNAPSHOT: BlogSnapshot = {
  version: BLOG_SNAPSHOT_VERSION,
  generatedAt: '2025-03-05T00:00:00.000Z',
  articles: ARTICLES,
  categories: [TECH, NOTES, EMPTY].map((c) => ({
    ...c,
    count: count((a) => a.category.id === c.id),
  })),
  tags: [ATRIUM, TS, DB].map((t) => ({
    ...t,
    count: count((a) => a.tags.some((x) => x.id === t.id)),
  })),
};

/** Newest published first: what every feed must list. */
const NEWEST = [...ARTICLES].sort((a, b) => b.publishTime.localeCompare(a.publishTime));
const urlOf = (a: SnapshotArticle) => SITE + paths.blogArticle(a.id);

let work: string;
let dist: string;

/** A feed file of the build, by its site path. */
function feedFile(path: string): string {
  return join(dist, ...path.split('/').filter(Boolean));
}
const read = (path: string) => readFile(feedFile(path), 'utf8');

async function xmllint(...args: string[]): Promise<{ ok: boolean; output: string }> {
  try {
    const { stdout, stderr } = await run('xmllint', args);
    return { ok: true, output: stdout + stderr };
  } catch (error) {
    const e = error as NodeJS.ErrnoException & { stderr?: string; stdout?: string };
    if (e.code === 'ENOENT') {
      throw new Error(
        'xmllint is not installed: it comes with the Debian package libxml2-utils ' +
          '(apt-get install libxml2-utils); .ci/run must install it',
        { cause: error },
      );
    }
    return { ok: false, output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'atrium-feeds-'));
  dist = join(work, 'dist');
  // As the server builds them (src/server/pages): compiled for the site's origin, then rendered.
  await renderPages(
    { blog: SNAPSHOT },
    { siteUrl: SITE, outDir: dist, workDir: join(work, 'work') },
  );
}, 300_000);

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

type Ref = { kind: 'category' | 'tag'; id: number } | undefined;
const TERMS: Ref[] = [
  undefined,
  ...SNAPSHOT.categories.map((c) => ({ kind: 'category' as const, id: c.id })),
  ...SNAPSHOT.tags.map((t) => ({ kind: 'tag' as const, id: t.id })),
];
const label = (ref: Ref) => (ref ? `${ref.kind} ${ref.id}` : 'the blog');

describe('files', () => {
  test('every format exists for the blog and for each category and tag', () => {
    for (const ref of TERMS) {
      for (const format of ['rss', 'atom', 'json'] as const) {
        expect(
          existsSync(feedFile(paths.blogFeed(format, ref))),
          `${format} of ${label(ref)}`,
        ).toBe(true);
      }
    }
  });
});

describe('Atom', () => {
  test.each(TERMS)('validates against the RFC 4287 schema: %o', async (ref) => {
    const result = await xmllint(
      '--noout',
      '--relaxng',
      SCHEMA,
      feedFile(paths.blogFeed('atom', ref)),
    );
    expect(result.output).toContain('validates');
    expect(result.ok).toBe(true);
  });

  test('the schema rejects an entry without an id (the check can fail)', async () => {
    const xml = await read(paths.blogFeed('atom'));
    const broken = join(work, 'broken-atom.xml');
    await writeFile(broken, xml.replace(/<id>[^<]*\/blog\/[0-9a-f-]{36}<\/id>/, ''));
    const result = await xmllint('--noout', '--relaxng', SCHEMA, broken);
    expect(result.ok).toBe(false);
    expect(result.output).toContain('fails to validate');
  });

  test('reads back: feed metadata, newest 20 first, links, content and categories', async () => {
    const feed = parseFeed(await read(paths.blogFeed('atom')));
    expect(feed.meta.type).toBe('atom');
    expect(feed.title).toBe('Atrium · 个人博客 / Blog');
    expect(feed.url).toBe(`${SITE}/blog`);
    expect(feed.self).toBe(SITE + paths.blogFeed('atom'));
    expect(feed.updated?.toISOString()).toBe(TABLES.updateTime);
    expect(feed.authors.map((a) => a.name)).toEqual(['Atrium']);

    expect(feed.items.map((i) => i.url)).toEqual(NEWEST.slice(0, FEED_SIZE).map(urlOf));
    expect(feed.items.map((i) => i.id)).toEqual(NEWEST.slice(0, FEED_SIZE).map(urlOf));

    const [tables] = feed.items;
    expect(tables?.title).toBe(TABLES.title);
    expect(tables?.description).toBe(TABLES.summary);
    expect(tables?.published?.toISOString()).toBe(TABLES.publishTime);
    expect(tables?.updated?.toISOString()).toBe(TABLES.updateTime);
    expect(tables?.content).toContain('<table>');
    expect(tables?.content).toContain('<td>独立服务</td>');
    expect(tables?.content).toContain(']]'); // the code's `]]>` survived the CDATA section
    expect(tables?.content).toContain('<math');
    expect(tables?.categories.map((c) => c.term)).toEqual([TECH.name, TS.name, DB.name]);

    const welcome = feed.items.find((i) => i.url === urlOf(WELCOME));
    expect(welcome?.title).toBe(WELCOME.title);
    expect(welcome?.content).toContain(`src="${SITE}/uploads/article/welcome.png"`);
    expect(welcome?.content).toContain(`href="${urlOf(TABLES)}"`);
    // Links elsewhere stay as they are (the parser decodes the `&amp;`).
    expect(welcome?.content).toContain('href="https://example.com/a?b=1&');
  });
});

describe('RSS', () => {
  test.each(TERMS)('is well-formed XML: %o', async (ref) => {
    const result = await xmllint('--noout', feedFile(paths.blogFeed('rss', ref)));
    expect(result.output).toBe('');
    expect(result.ok).toBe(true);
  });

  test('reads back: channel, self link, newest 20 first, full content, categories', async () => {
    const xml = await read(paths.blogFeed('rss'));
    const feed = parseFeed(xml);
    expect(feed.meta).toEqual({ type: 'rss', version: '2.0' });
    expect(feed.title).toBe('Atrium · 个人博客 / Blog');
    expect(feed.description).toContain('Atrium');
    expect(feed.url).toBe(`${SITE}/blog`);
    expect(feed.self).toBe(SITE + paths.blogFeed('rss'));
    expect(xml).toContain(
      `<atom:link href="${SITE}${paths.blogFeed('rss')}" rel="self" type="application/rss+xml"/>`,
    );

    const expected = NEWEST.slice(0, FEED_SIZE);
    expect(feed.items.map((i) => i.url)).toEqual(expected.map(urlOf));
    expect(feed.items.map((i) => i.id)).toEqual(expected.map(urlOf)); // the guid: the permalink
    expect(feed.items.map((i) => i.published?.toISOString())).toEqual(
      expected.map((a) => a.publishTime),
    );
    // The pinned welcome article is third by date, not first.
    expect(feed.items.map((i) => i.title).slice(0, 3)).toEqual([
      TABLES.title,
      HELLO.title,
      WELCOME.title,
    ]);
    // The oldest notes do not fit.
    expect(feed.items.some((i) => i.title === 'Note 1')).toBe(false);

    const [tables] = feed.items;
    expect(tables?.description).toBe(TABLES.summary);
    expect(tables?.content).toContain('<table>');
    expect(tables?.content).toContain('<td>独立服务</td>');
    expect(tables?.content).toContain('<math');
    expect(tables?.content).toContain(`href="${urlOf(TABLES)}#a-table"`);
    expect(tables?.content).toContain(`href="${urlOf(WELCOME)}?from=feed&`);
    expect(tables?.categories.map((c) => c.term)).toEqual([TECH.name, TS.name, DB.name]);

    for (const item of feed.items) {
      expect(item.url).toMatch(new RegExp(`^${SITE}/blog/[0-9a-f-]{36}$`));
      expect(item.content).not.toMatch(/(?:src|href)="\//);
    }
  });

  test('a category feed holds only that category, a tag feed only that tag', async () => {
    const notes = parseFeed(await read(paths.blogFeed('rss', { kind: 'category', id: NOTES.id })));
    expect(notes.title).toContain(NOTES.name);
    expect(notes.url).toBe(SITE + paths.blogCategory(NOTES.id));
    expect(notes.items).toHaveLength(FEED_SIZE);
    expect(notes.items.every((i) => i.categories[0]?.term === NOTES.name)).toBe(true);
    expect(notes.items.some((i) => i.url === urlOf(TABLES))).toBe(false);

    const tech = parseFeed(await read(paths.blogFeed('rss', { kind: 'category', id: TECH.id })));
    expect(tech.items.map((i) => i.url)).toEqual([urlOf(TABLES)]);

    const atrium = parseFeed(await read(paths.blogFeed('atom', { kind: 'tag', id: ATRIUM.id })));
    expect(atrium.title).toContain(ATRIUM.name);
    expect(atrium.url).toBe(SITE + paths.blogTag(ATRIUM.id));
    expect(atrium.items.map((i) => i.url)).toEqual([urlOf(HELLO), urlOf(WELCOME)]);

    const empty = parseFeed(await read(paths.blogFeed('atom', { kind: 'category', id: EMPTY.id })));
    expect(empty.items).toEqual([]);
  });
});

interface JsonFeed {
  version: string;
  title: string;
  home_page_url: string;
  feed_url: string;
  authors: { name: string }[];
  items: {
    id: string;
    url: string;
    title: string;
    summary: string;
    content_html: string;
    date_published: string;
    date_modified: string;
    tags: string[];
    image?: string;
  }[];
}

describe('JSON Feed', () => {
  test('is JSON Feed 1.1 with the newest 20 items and full content', async () => {
    const feed = JSON.parse(await read(paths.blogFeed('json'))) as JsonFeed;
    expect(feed.version).toBe('https://jsonfeed.org/version/1.1');
    expect(feed.title).toBe('Atrium · 个人博客 / Blog');
    expect(feed.home_page_url).toBe(`${SITE}/blog`);
    expect(feed.feed_url).toBe(SITE + paths.blogFeed('json'));
    expect(feed.authors).toEqual([{ name: 'Atrium', url: `${SITE}/` }]);
    expect(feed).not.toHaveProperty('author'); // 1.0's field

    const expected = NEWEST.slice(0, FEED_SIZE);
    expect(feed.items.map((i) => i.id)).toEqual(expected.map(urlOf));
    expect(feed.items.map((i) => i.url)).toEqual(expected.map(urlOf));
    for (const item of feed.items) {
      expect(typeof item.content_html).toBe('string');
      expect(item.content_html).not.toMatch(/(?:src|href)="\//);
    }
    const [tables, hello] = feed.items;
    expect(tables?.title).toBe(TABLES.title); // plain text, not HTML-escaped
    expect(tables?.summary).toBe(TABLES.summary);
    expect(tables?.date_published).toBe(TABLES.publishTime);
    expect(tables?.date_modified).toBe(TABLES.updateTime);
    expect(tables?.content_html).toContain('<table>');
    // The HTML as written: code stays text (the sample <script> is escaped, never markup).
    expect(tables?.content_html).toContain('alert(1)');
    expect(tables?.content_html).not.toContain('<script>');
    expect(tables?.content_html).toContain(`href="${urlOf(WELCOME)}?from=feed&amp;x=1"`);
    expect(tables?.tags).toEqual([TECH.name, TS.name, DB.name]);
    expect(hello?.image).toBe(`${SITE}/uploads/article/hello.png`);
  });

  test('a tag feed holds only that tag', async () => {
    const feed = JSON.parse(
      await read(paths.blogFeed('json', { kind: 'tag', id: DB.id })),
    ) as JsonFeed;
    expect(feed.feed_url).toBe(SITE + paths.blogFeed('json', { kind: 'tag', id: DB.id }));
    expect(feed.items.map((i) => i.id)).toEqual([urlOf(TABLES)]);
  });
});

describe('links', () => {
  /** Every file of the build that can hold a link: pages, feeds, sitemap, robots.txt, JSON. */
  async function linkFiles(): Promise<{ name: string; text: string }[]> {
    const out = [];
    for (const entry of await readdir(dist, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.(?:html|xml|txt|json)$/.test(entry.name)) continue;
      const file = join(entry.parentPath, entry.name);
      out.push({ name: file.slice(dist.length), text: await readFile(file, 'utf8') });
    }
    return out;
  }

  const ABSOLUTE = /\bhttps?:\/\/[^\s"'<>()\\]+/g;
  /** This machine, under any name: a link there is a link to the site, at some port. */
  const LOCAL = /^(?:localhost|127(?:\.\d+){3}|0\.0\.0\.0|\[::1?\])$/;

  test('every absolute link to this machine points at the site’s origin', async () => {
    const files = await linkFiles();
    expect(files.length).toBeGreaterThan(50);
    const wrong: string[] = [];
    let local = 0;
    for (const { name, text } of files) {
      for (const [link] of text.matchAll(ABSOLUTE)) {
        let url: URL;
        try {
          url = new URL(link.replaceAll('&amp;', '&'));
        } catch {
          continue;
        }
        if (!LOCAL.test(url.hostname)) continue;
        local++;
        if (url.origin !== SITE) wrong.push(`${name}: ${link}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(local).toBeGreaterThan(100);
  });

  test('canonical, og:url, the sitemap, robots.txt and the feeds name the site’s origin', async () => {
    const files = await linkFiles();
    const found: Record<string, string[]> = { canonical: [], ogUrl: [], loc: [], robots: [] };
    for (const { name, text } of files) {
      if (name.endsWith('.html')) {
        for (const m of text.matchAll(/<link rel="canonical" href="([^"]*)"/g)) {
          found.canonical?.push(m[1] ?? '');
        }
        for (const m of text.matchAll(/<meta property="og:url" content="([^"]*)"/g)) {
          found.ogUrl?.push(m[1] ?? '');
        }
      }
    }
    const sitemap = await readFile(join(dist, 'sitemap.xml'), 'utf8');
    for (const m of sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)) found.loc?.push(m[1] ?? '');
    const robots = await readFile(join(dist, 'robots.txt'), 'utf8');
    for (const m of robots.matchAll(/^Sitemap: (.*)$/gm)) found.robots?.push(m[1] ?? '');

    // One canonical per article and per list page; og:url on the articles.
    expect(found.canonical?.length).toBeGreaterThan(ARTICLES.length);
    expect(found.ogUrl).toHaveLength(ARTICLES.length);
    expect(found.loc?.length).toBeGreaterThan(ARTICLES.length);
    expect(found.robots).toEqual([`${SITE}/sitemap.xml`]);
    for (const [kind, urls] of Object.entries(found)) {
      for (const url of urls) expect(url, kind).toMatch(new RegExp(`^${SITE}/`));
    }
    for (const ref of TERMS) {
      const rss = parseFeed(await read(paths.blogFeed('rss', ref)));
      const json = JSON.parse(await read(paths.blogFeed('json', ref))) as JsonFeed;
      for (const url of [rss.url, rss.self, json.home_page_url, json.feed_url]) {
        expect(url, label(ref)).toMatch(new RegExp(`^${SITE}/`));
      }
    }
  });
});
