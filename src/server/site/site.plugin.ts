/**
 * Serves the built site (dist/) from memory: GET and HEAD for every path outside `/api`, with
 * negotiation (br > gzip > identity), 304 on a matching If-None-Match and the 404 page for unmatched
 * paths. Register it after the API routes; `/api/**` paths that reach it go to the API's not-found
 * handler (`reply.callNotFound()`). A dynamic route's shell may be given an `idExists` check, so
 * a missing record is no soft 404. Stored files are answered ahead of Fastify (the fast path):
 * docs/architecture.md, "Serving the pages".
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
import { Code } from '../../lib/shared/codes.ts';
import { DYNAMIC_ROUTES, routeId, shellPath, type RouteMeta } from '../../lib/shared/routes.ts';
import { AppError } from '../common/app-error.ts';
import { ACCEPT_BR, ACCEPT_GZIP, acceptedEncodings } from './negotiate.ts';
import { pathOf, resolve, safePath } from './resolve.ts';
import { StaticSite, type SiteTable, type StaticFile, type Variant } from './static-files.ts';

export interface SitePluginOptions {
  /** The build output to serve; must exist when the plugin registers. */
  readonly distDir: string;
  /** Answer hits before Fastify's routing (docs/architecture.md, "Serving the pages"); default true. */
  readonly fastPath?: boolean;
  /** Bytes of served files kept in memory (default 16 MiB; static-files.ts DEFAULT_CACHE_BYTES). */
  readonly cacheBytes?: number;
  /** Log level of the site route (default `warn`: no line per request). */
  readonly logLevel?: LogLevel;
  /**
   * By dynamic route pattern (`/blog/:id`): whether a record with that id exists. Without one, a
   * dynamic route serves its shell for any well-formed id.
   */
  readonly idExists?: Readonly<Record<string, IdExists>>;
}

export type IdExists = (id: string) => Promise<boolean>;

interface ShellCheck {
  readonly route: RouteMeta;
  readonly exists: IdExists;
}

/** The checks by the site path of the shell they guard (`/blog/_/index.html`). */
function shellChecks(
  idExists: SitePluginOptions['idExists'] = {},
): ReadonlyMap<string, ShellCheck> {
  const checks = new Map<string, ShellCheck>();
  for (const [pattern, exists] of Object.entries(idExists)) {
    const route = DYNAMIC_ROUTES.find((r) => r.pattern === pattern);
    if (route === undefined) throw new Error(`site: ${pattern} is not a dynamic route`);
    checks.set(`${shellPath(route)}/index.html`, { route, exists });
  }
  return checks;
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
 * Sends a stored file with negotiation and conditional handling; null when its bytes on disk are
 * no longer the ones of `file` (a build replaced them: ask the newer table, see `sendFromSite`).
 */
async function sendStaticFile(
  site: StaticSite,
  request: FastifyRequest,
  reply: FastifyReply,
  file: StaticFile,
  status: number,
): Promise<FastifyReply | null> {
  const headers = request.headers;
  const variant = chooseVariant(file, headers['accept-encoding']);
  if (status === 200) {
    const ifNoneMatch = headers['if-none-match'];
    if (ifNoneMatch !== undefined && etagMatches(ifNoneMatch, variant.etag)) {
      return reply.code(304).headers(variant.notModifiedHeaders).send();
    }
  }
  const body = await site.bodies.read(variant);
  if (body === null) return null;
  return reply.code(status).headers(variant.headers).send(body);
}

/** What to answer from a table: a stored file with its status, or null for none. */
export type SitePick = (
  table: SiteTable,
) =>
  | { file: StaticFile; status: number }
  | null
  | Promise<{ file: StaticFile; status: number } | null>;

/**
 * Answers with the file `pick` chooses from the live table. When its bytes on disk are no longer
 * the table's (a build replaced them, or a hand edit), once more from the table the build brings
 * or from the file read again; should that fail too, a 503 asks the client to retry. Exported for
 * routes that serve a built file under their own URL (the prebuilt feeds under /api).
 */
export async function sendFromSite(
  site: StaticSite,
  request: FastifyRequest,
  reply: FastifyReply,
  pick: SitePick,
): Promise<FastifyReply | null> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const table = site.table;
    const chosen = await pick(table);
    if (chosen === null) return null;
    const sent = await sendStaticFile(site, request, reply, chosen.file, chosen.status);
    if (sent !== null) return sent;
    await site.settled();
    // No build brought a newer table: the file was changed by hand. Read it again.
    if (site.table === table) await site.resync(chosen.file.path);
  }
  throw new AppError(
    Code.INTERNAL,
    503,
    '页面正在更新，请稍后重试 / The page is being updated; try again in a moment',
  );
}

/**
 * Answers a request for a stored file on the raw response; false when it is not one, or when it is
 * a shell whose id must be checked first.
 */
function serveFast(
  site: StaticSite,
  checked: ReadonlyMap<string, unknown>,
  req: IncomingMessage,
  res: ServerResponse,
): boolean {
  const method = req.method;
  if (method !== 'GET' && method !== 'HEAD') return false;
  const url = req.url;
  if (url === undefined || isApiUrl(url)) return false;
  const file = resolve(site.table, url);
  if (file === null || checked.has(file.path)) return false;
  const headers = req.headers;
  const variant = chooseVariant(file, headers['accept-encoding']);
  const ifNoneMatch = headers['if-none-match'];
  if (ifNoneMatch !== undefined && etagMatches(ifNoneMatch, variant.etag)) {
    res.writeHead(304, variant.notModifiedRawHeaders as string[]);
    res.end();
    return true;
  }
  // Bytes not in memory are read by the route, which may wait for the disk (body-cache.ts).
  const body = method === 'HEAD' ? null : site.bodies.peek(variant);
  if (body === undefined) return false;
  res.writeHead(200, variant.rawHeaders as string[]);
  res.end(body ?? undefined);
  return true;
}

/** Puts `serveFast` in front of Fastify's request listener once the app is ready. */
function installFastPath(
  app: FastifyInstance,
  site: StaticSite,
  checked: ReadonlyMap<string, unknown>,
): void {
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
          served = serveFast(site, checked, req, res);
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

/** Whether a shell's id exists (or the check fails: the shell then reports it). */
async function shellIdExists(request: FastifyRequest, check: ShellCheck): Promise<boolean> {
  const path = safePath(pathOf(request.url));
  const id = path === null ? undefined : routeId(check.route, path);
  try {
    return id !== undefined && (await check.exists(id));
  } catch (error) {
    request.log.error({ err: error }, 'site: the id check failed; serving the shell');
    return true;
  }
}

async function site(app: FastifyInstance, options: SitePluginOptions): Promise<void> {
  if (typeof options.distDir !== 'string' || options.distDir === '') {
    throw new Error('site: the `distDir` option is required');
  }
  const checks = shellChecks(options.idExists);
  const staticSite = await StaticSite.load(options.distDir, options.cacheBytes);
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
    async handler(request, reply) {
      if (isApiUrl(request.url)) return reply.callNotFound();
      return sendFromSite(staticSite, request, reply, async (table) => {
        const file = resolve(table, request.url);
        if (file === null) return { file: table.notFound, status: 404 };
        const check = checks.get(file.path);
        if (check === undefined || (await shellIdExists(request, check))) {
          return { file, status: 200 };
        }
        return { file: table.notFound, status: 404 };
      });
    },
  };
  app.route(route);
  if (options.fastPath ?? true) installFastPath(app, staticSite, checks);
}

/** The site plugin; register with `{ distDir }` after every `/api` route. */
export const sitePlugin = fp(site, { name: 'atrium-site', fastify: '5.x' });
