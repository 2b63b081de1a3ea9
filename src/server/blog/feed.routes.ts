/**
 * GET /api/blog/feed/*: the prebuilt RSS, Atom and JSON feeds (src/lib/build/feeds.ts, written to
 * dist/api/blog/feed/ by the page build), answered from the built site in memory with the site's
 * negotiation (brotli, gzip), ETag and 304. The site plugin leaves every /api path to the API,
 * hence this route. Only feed file names are served; anything else, and every feed while the app
 * runs without the site (`serveSite` off) or before a build wrote it, is the -404 envelope.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { AppError } from '../common/app-error.ts';
import { ErrorEnvelope } from '../common/envelope.schema.ts';
import { sendFromSite, type StaticFile, type StaticSite, type Variant } from '../site/index.ts';

/** Where the build writes the feeds (paths.blogFeed in src/lib/shared/paths.ts). */
const FEED_DIR = '/api/blog/feed/';

/** The feed files: `rss.xml`, `atom.xml`, `feed.json`, also under `category/{id}/` and `tag/{id}/`. */
const FEED_NAME = /^(?:(?:category|tag)\/[1-9]\d{0,15}\/)?(rss\.xml|atom\.xml|feed\.json)$/;

/** Their media types (the site's table types by extension: `.xml` is application/xml there). */
const FEED_TYPES: Readonly<Record<string, string>> = {
  'rss.xml': 'application/rss+xml; charset=utf-8',
  'atom.xml': 'application/atom+xml; charset=utf-8',
  'feed.json': 'application/feed+json; charset=utf-8',
};

const FeedParams = Type.Object({
  '*': Type.String({
    description: 'rss.xml, atom.xml or feed.json, optionally under category/{id}/ or tag/{id}/',
  }),
});

/** The stored file with its content type replaced, computed once per file of a loaded table. */
const retyped = new WeakMap<StaticFile, StaticFile>();

function withType(file: StaticFile, type: string): StaticFile {
  let out = retyped.get(file);
  if (out === undefined) {
    const variant = (v: Variant): Variant => {
      const headers = Object.freeze({ ...v.headers, 'content-type': type });
      return { ...v, headers, rawHeaders: Object.freeze(Object.entries(headers).flat()) };
    };
    out = {
      ...file,
      contentType: type,
      identity: variant(file.identity),
      br: file.br && variant(file.br),
      gzip: file.gzip && variant(file.gzip),
    };
    retyped.set(file, out);
  }
  return out;
}

/** The built site, when the app serves one (the site plugin decorates the root after the API). */
function siteOf(app: FastifyInstance): StaticSite | undefined {
  return app.hasDecorator('site') ? app.site : undefined;
}

export const feedRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/feed/*',
    {
      schema: {
        tags: ['blog'],
        summary: 'A prebuilt feed of the newest 20 articles: RSS 2.0, Atom 1.0 or JSON Feed 1.1',
        description:
          '`rss.xml`, `atom.xml` and `feed.json` for the whole blog, and the same under ' +
          '`category/{id}/` and `tag/{id}/`. Written by each page build, with full HTML content; ' +
          'answers with ETag (304 on If-None-Match) and brotli or gzip when accepted.',
        params: FeedParams,
        response: { 404: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      const name = request.params['*'];
      const match = FEED_NAME.exec(name);
      const type = match && FEED_TYPES[match[1] ?? ''];
      const site = siteOf(app);
      const sent =
        type && site
          ? await sendFromSite(site, request, reply, (table) => {
              const file = table.files.get(FEED_DIR + name);
              return file ? { file: withType(file, type), status: 200 } : null;
            })
          : null;
      if (sent === null) throw AppError.notFound('订阅源不存在 / No such feed');
      return sent;
    },
  );
};
