import { gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { errorHandler } from '../common/error-handler.ts';
import { sitePlugin } from '../site/site.plugin.ts';
import { filler, html, makeDist, removeDir } from '../site/test-fixture.ts';
import { feedRoutes } from './feed.routes.ts';

const RSS = `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Blog</title><description>${filler(3000)}</description></channel></rss>\n`;
const ATOM = `<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Blog</title><subtitle>${filler(3000, 2)}</subtitle></feed>\n`;
const JSON_FEED = JSON.stringify({ version: 'https://jsonfeed.org/version/1.1', items: [] });
const TAG_ATOM = `<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Tag 5</title></feed>\n`;

const FILES = {
  'index.html': html('Home'),
  '404.html': html('Not Found'),
  'api/blog/feed/rss.xml': RSS,
  'api/blog/feed/atom.xml': ATOM,
  'api/blog/feed/feed.json': JSON_FEED,
  'api/blog/feed/category/3/rss.xml': RSS.replace('Blog', 'Category 3'),
  'api/blog/feed/tag/5/atom.xml': TAG_ATOM,
  'api/blog/feed/notes.txt': 'not a feed\n',
  'api/blog/feed/category/3/index.html': html('Not a feed either'),
};

const RSS_TYPE = 'application/rss+xml; charset=utf-8';
const ATOM_TYPE = 'application/atom+xml; charset=utf-8';
const JSON_TYPE = 'application/feed+json; charset=utf-8';

/** The API's shape: feeds under /api/blog, the site (when served) registered after the API. */
async function makeApp(distDir: string | null): Promise<FastifyInstance> {
  const app = Fastify();
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler((_request, reply) => {
    void reply.code(404).send({ code: -404, message: 'no such endpoint', data: null });
  });
  await app.register(feedRoutes, { prefix: '/api/blog' });
  if (distDir !== null) {
    await app.register(sitePlugin, { distDir });
  }
  await app.ready();
  return app;
}

let dist: string;
let app: FastifyInstance;
let bare: FastifyInstance;

beforeAll(async () => {
  dist = await makeDist(FILES);
  app = await makeApp(dist);
  bare = await makeApp(null);
});

afterAll(async () => {
  await app?.close();
  await bare?.close();
  await removeDir(dist);
});

describe('GET /api/blog/feed/*', () => {
  test.each([
    ['/api/blog/feed/rss.xml', RSS_TYPE, RSS],
    ['/api/blog/feed/atom.xml', ATOM_TYPE, ATOM],
    ['/api/blog/feed/feed.json', JSON_TYPE, JSON_FEED],
    ['/api/blog/feed/category/3/rss.xml', RSS_TYPE, FILES['api/blog/feed/category/3/rss.xml']],
    ['/api/blog/feed/tag/5/atom.xml', ATOM_TYPE, TAG_ATOM],
  ])('%s is served as %s', async (url, type, body) => {
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(type);
    expect(res.headers['etag']).toMatch(/^"[\w-]+"$/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(body);
  });

  test('answers 304 when If-None-Match names its ETag, and 200 after the file changes', async () => {
    const first = await app.inject({ url: '/api/blog/feed/atom.xml' });
    const etag = first.headers['etag'] as string;
    const again = await app.inject({
      url: '/api/blog/feed/atom.xml',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['etag']).toBe(etag);

    const other = await app.inject({
      url: '/api/blog/feed/rss.xml',
      headers: { 'if-none-match': etag },
    });
    expect(other.statusCode).toBe(200);
    expect(other.headers['etag']).not.toBe(etag);
  });

  test('sends the gzip variant when accepted, keeping the feed type', async () => {
    const res = await app.inject({
      url: '/api/blog/feed/rss.xml',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toBe(RSS_TYPE);
    expect(res.headers['vary']).toBe('Accept-Encoding');
    expect(gunzipSync(res.rawPayload).toString('utf8')).toBe(RSS);

    const cached = await app.inject({
      url: '/api/blog/feed/rss.xml',
      headers: { 'accept-encoding': 'gzip', 'if-none-match': res.headers['etag'] as string },
    });
    expect(cached.statusCode).toBe(304);
  });

  test('HEAD answers the headers without the body', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/api/blog/feed/feed.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(JSON_TYPE);
    expect(res.body).toBe('');
  });

  test.each([
    '/api/blog/feed/category/4/rss.xml',
    '/api/blog/feed/tag/5/rss.xml',
    '/api/blog/feed/feed.xml',
    '/api/blog/feed/notes.txt',
    '/api/blog/feed/category/3/',
    '/api/blog/feed/category/3/index.html',
    '/api/blog/feed/category/x/rss.xml',
    '/api/blog/feed/..%2F..%2F..%2Findex.html',
    '/api/blog/feed/',
  ])('%s is the -404 envelope', async (url) => {
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ code: -404, data: null });
  });

  test('without the built site every feed is the -404 envelope', async () => {
    const res = await bare.inject({ url: '/api/blog/feed/rss.xml' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: -404, data: null });
  });
});
