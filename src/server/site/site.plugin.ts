/**
 * Serves the built site (dist/) from memory: GET and HEAD for every path outside `/api`.
 * Register it after the API routes; `/api/**` paths that reach it go to the not-found handler of
 * the context it is registered in (`reply.callNotFound()`), so the API's own 404 answers them.
 *
 * Per request: resolve the URL (one map lookup for known pages), pick br > gzip > identity from
 * Accept-Encoding, answer 304 on a matching If-None-Match, else send the stored bytes with the
 * headers precomputed for that representation. Unmatched paths get dist/404.html with status 404.
 *
 * Fast path (option `fastPath`, on by default): a GET or HEAD that names a stored file is answered
 * in the HTTP server's request listener, ahead of Fastify's routing and hooks; everything else
 * (the API, misses, other methods, requests while closing) goes on to Fastify unchanged. Fastify's
 * per-request work (request and reply objects, hooks, helmet, request ids, loggers) cost about
 * half the static rate on the reference machine (docs/benchmarks.md). The answer is the same
 * either way, security headers included (they are part of each stored response), so hooks must
 * not be relied on to see static files: anything that has to apply to pages belongs in
 * static-files.ts. `app.inject()` never takes the fast path.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  LogLevel,
  RouteOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import { ACCEPT_BR, ACCEPT_GZIP, acceptedEncodings } from './negotiate.ts';
import { resolve } from './resolve.ts';
import { StaticSite, type LoadOptions, type StaticFile, type Variant } from './static-files.ts';

export interface SitePluginOptions {
  /** The build output to serve; must exist when the plugin registers. */
  readonly distDir: string;
  /** Answer hits before Fastify's routing (see the module comment); default true. */
  readonly fastPath?: boolean;
  /** Log level of the site route (default `warn`: no line per request). */
  readonly logLevel?: LogLevel;
  /** Compression effort (tests lower it to stay fast). */
  readonly load?: Omit<LoadOptions, 'previous'>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The in-memory site: `site.reload()` swaps in a new build; `site.table` is the live one. */
    site: StaticSite;
  }
}

/** The representation of `file` that a request's Accept-Encoding prefers. */
export function chooseVariant(file: StaticFile, acceptEncoding: string | undefined): Variant {
  if (file.br === null && file.gzip === null) return file.identity;
  const accepted = acceptedEncodings(acceptEncoding);
  if (file.br !== null && (accepted & ACCEPT_BR) !== 0) return file.br;
  if (file.gzip !== null && (accepted & ACCEPT_GZIP) !== 0) return file.gzip;
  return file.identity;
}

/** Whether an If-None-Match value names `etag` (weak comparison, RFC 9110 §13.1.2). */
export function etagMatches(ifNoneMatch: string, etag: string): boolean {
  // Tags are quoted, so `"h"` cannot be found inside `"h-br"`; `W/"h"` contains `"h"`.
  return ifNoneMatch === etag || ifNoneMatch.trim() === '*' || ifNoneMatch.includes(etag);
}

/** Whether a raw request URL is the API's (`/api`, `/api/…`, `/api?…`). */
function isApiUrl(url: string): boolean {
  return url.startsWith('/api') && (url.length === 4 || url[4] === '/' || url[4] === '?');
}

/**
 * Sends a stored file with negotiation and conditional handling. Exported for routes that serve a
 * built file under their own URL (e.g. prebuilt feeds under /api).
 */
export function sendStaticFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: StaticFile,
  status = 200,
): FastifyReply {
  const headers = request.headers;
  const variant = chooseVariant(file, headers['accept-encoding']);
  if (status === 200) {
    const ifNoneMatch = headers['if-none-match'];
    if (ifNoneMatch !== undefined && etagMatches(ifNoneMatch, variant.etag)) {
      return reply.code(304).headers(variant.notModifiedHeaders).send();
    }
  }
  return reply.code(status).headers(variant.headers).send(variant.body);
}

/** Answers a request for a stored file on the raw response; false when it is not one. */
function serveFast(site: StaticSite, req: IncomingMessage, res: ServerResponse): boolean {
  const method = req.method;
  if (method !== 'GET' && method !== 'HEAD') return false;
  const url = req.url;
  if (url === undefined || isApiUrl(url)) return false;
  const file = resolve(site.table, url);
  if (file === null) return false;
  const headers = req.headers;
  const variant = chooseVariant(file, headers['accept-encoding']);
  const ifNoneMatch = headers['if-none-match'];
  if (ifNoneMatch !== undefined && etagMatches(ifNoneMatch, variant.etag)) {
    res.writeHead(304, variant.notModifiedRawHeaders as string[]);
    res.end();
  } else {
    res.writeHead(200, variant.rawHeaders as string[]);
    if (method === 'HEAD') res.end();
    else res.end(variant.body);
  }
  return true;
}

/** Puts `serveFast` in front of Fastify's request listener once the app is ready. */
function installFastPath(app: FastifyInstance, site: StaticSite): void {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onReady', (done) => {
    const server = app.server;
    if (app.initialConfig.http2) {
      done(); // HTTP/2 responses take no flat header lists; Fastify serves everything there
      return;
    }
    const listeners = server.listeners('request') as RequestListener[];
    const [fastify] = listeners;
    if (listeners.length !== 1 || fastify === undefined) {
      app.log.warn('site: fast path off: the server has an unexpected set of request listeners');
      done();
      return;
    }
    server.removeListener('request', fastify);
    server.on('request', function siteFastPath(this: typeof server, req, res) {
      let served = false;
      if (!closing) {
        try {
          served = serveFast(site, req, res);
        } catch (error) {
          // Nothing above should throw; if it does, Fastify answers the request instead.
          app.log.error({ err: error }, 'site: fast path failed');
          served = res.headersSent;
        }
      }
      if (!served) fastify.call(this, req, res);
    });
    done();
  });
}

async function site(app: FastifyInstance, options: SitePluginOptions): Promise<void> {
  if (typeof options.distDir !== 'string' || options.distDir === '') {
    throw new Error('site: the `distDir` option is required');
  }
  const staticSite = await StaticSite.load(options.distDir, options.load);
  app.decorate('site', staticSite);
  const { stats } = staticSite.table;
  app.log.info(
    { distDir: options.distDir, ...stats },
    `site: ${stats.files} files loaded in ${stats.loadMs} ms`,
  );

  const route: RouteOptions & { helmet?: false } = {
    method: ['GET', 'HEAD'],
    url: '/*',
    // @fastify/helmet, when registered, leaves this route alone: every stored response already
    // carries the same security headers (SECURITY_HEADERS), computed once instead of per request.
    helmet: false,
    // No access log line per file (as `access_log off` in nginx): at info level the two lines
    // Fastify writes per request cost more than serving the file. Warnings and errors still log.
    logLevel: options.logLevel ?? 'warn',
    handler(request, reply) {
      if (isApiUrl(request.url)) return reply.callNotFound();
      const table = staticSite.table;
      const file = resolve(table, request.url);
      return file === null
        ? sendStaticFile(request, reply, table.notFound, 404)
        : sendStaticFile(request, reply, file);
    },
  };
  app.route(route);
  if (options.fastPath ?? true) installFastPath(app, staticSite);
}

/** The site plugin; register with `{ distDir }` after every `/api` route. */
export const sitePlugin = fp(site, { name: 'atrium-site', fastify: '5.x' });
