/**
 * The built site held in memory: every file of `dist/` with its bytes, content type, strong ETag and,
 * for compressible files, brotli and gzip variants computed once at load. Response headers are
 * precomputed per variant so the request path only looks things up (design.md §7: close to nginx).
 *
 * `StaticSite.reload()` builds a new table beside the live one and swaps the reference in one
 * assignment, so a request sees either the old site or the new one, never a mix. Files whose bytes
 * did not change keep their compressed variants from the previous table.
 *
 * Cost, measured on 2 cores: 5,000 pages of 26 KB (133 MB) load in ≈ 4.7 s cold and ≈ 1 s on a
 * reload with unchanged bytes; the table then holds ≈ 210 MB of bodies (identity + br + gzip).
 */
import { hash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { urlAliases } from './resolve.ts';
import { PERMISSIONS_POLICY } from '../common/permissions-policy.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Headers of one stored representation; names are lower-case as Node and Fastify keep them. */
export type HeaderMap = Readonly<Record<string, string>>;

export interface Variant {
  /** `br`, `gzip` or `identity`. */
  readonly encoding: Encoding;
  readonly body: Buffer;
  /** Strong ETag of this representation (each coding has its own, RFC 9110 §8.8.3). */
  readonly etag: string;
  /** Headers of a 200 (and of a 404 page) carrying this representation. */
  readonly headers: HeaderMap;
  /** Headers of a 304 for this representation: validators and caching, no body metadata. */
  readonly notModifiedHeaders: HeaderMap;
  /** `headers` as a flat name/value list, for `writeHead` on the fast path. */
  readonly rawHeaders: readonly string[];
  /** `notModifiedHeaders` as a flat name/value list. */
  readonly notModifiedRawHeaders: readonly string[];
}

export type Encoding = 'br' | 'gzip' | 'identity';

export interface StaticFile {
  /** Path in the site, `/`-separated with a leading slash: `/blog/index.html`. */
  readonly path: string;
  readonly contentType: string;
  readonly isHtml: boolean;
  /** Content hash (base64url), the root of every variant's ETag. */
  readonly hash: string;
  readonly identity: Variant;
  readonly br: Variant | null;
  readonly gzip: Variant | null;
}

export interface SiteTable {
  readonly distDir: string;
  /** Every file by its site path. */
  readonly files: ReadonlyMap<string, StaticFile>;
  /** Every URL form that serves a file without further work (see `urlAliases`). */
  readonly urls: ReadonlyMap<string, StaticFile>;
  /** `dist/404.html`, or a minimal built-in page when the build has none. */
  readonly notFound: StaticFile;
  readonly stats: TableStats;
}

export interface TableStats {
  readonly files: number;
  readonly bytes: number;
  readonly compressedFiles: number;
  /** Files whose variants were taken over from the previous table. */
  readonly reusedFiles: number;
  readonly loadMs: number;
}

export interface LoadOptions {
  /** Effort for hashed `/_astro/` assets (few, cached for a year): default brotli 11, gzip 9. */
  readonly assetEffort?: Effort;
  /**
   * Effort for everything else (thousands of pages): default brotli 8, gzip 6. Measured on 26 KB
   * pages on 2 cores: brotli 8 and gzip 6 take ≈ 0.25 ms a page each, in parallel; brotli 11
   * makes pages 8 % smaller but costs ≈ 30 ms a page (2.5 minutes for 5,000 pages).
   */
  readonly pageEffort?: Effort;
  /** A previous table whose compressed variants may be reused for unchanged bytes. */
  readonly previous?: SiteTable | null;
}

export const DEFAULT_PAGE_EFFORT: Effort = { brotliQuality: 8, gzipLevel: 6 };
export const DEFAULT_ASSET_EFFORT: Effort = { brotliQuality: 11, gzipLevel: 9 };

/** Files smaller than this are sent as they are: the framing would eat the gain. */
export const COMPRESS_MIN_BYTES = 1024;

export const HTML_CSP =
  "frame-ancestors 'none'; base-uri 'self'; object-src 'none'; form-action 'self'";

const META_CSP = /<meta\s+http-equiv="content-security-policy"\s+content="([^"]*)"/i;

/**
 * The header CSP of a page: the policy Astro wrote into its meta tag (script and style hashes),
 * plus what only a header can say. As a header it also covers the inline theme script, which
 * comes before the meta tag in <head>, and `frame-ancestors`, which browsers ignore in a meta.
 */
export function pageCsp(html: Buffer): string {
  const meta = META_CSP.exec(html.toString('utf8', 0, Math.min(html.length, 64 * 1024)))?.[1];
  if (!meta) return HTML_CSP;
  const policy = meta.replaceAll('&#39;', "'").replaceAll('&quot;', '"').replaceAll('&amp;', '&');
  return `${policy.trim().replace(/;$/, '')}; frame-ancestors 'none'`;
}
/**
 * CSP of every other file, for when one is opened as a document (an SVG, a text file): nothing
 * runs, nothing loads, nothing frames it. It does not apply when a page uses the file.
 */
export const FILE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'; sandbox";

/**
 * CSP of scripts. A script's own CSP matters only when it runs as a worker (Pagefind searches in
 * one): it may load scripts and data from this origin and compile WebAssembly, nothing else.
 */
export const SCRIPT_CSP =
  "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'; frame-ancestors 'none'";

/**
 * The security headers of every site response. They are what @fastify/helmet 8 sends by default
 * (the API's answers carry them), precomputed here because the site route opts out of helmet:
 * helmet builds its middleware anew on every request, which halved the static rate. X-Frame-Options
 * says DENY to agree with `frame-ancestors 'none'`.
 */
export const SECURITY_HEADERS: HeaderMap = Object.freeze({
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'permissions-policy': PERMISSIONS_POLICY,
  // The client reads document.referrer to remember the page a visitor came from before /auth.
  'referrer-policy': 'strict-origin-when-cross-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
});

export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
export const CACHE_REVALIDATE = 'no-cache';

/** Build outputs meant for a CDN's configuration, not for visitors. */
const NOT_SERVED = new Set(['/_redirects', '/_headers', '/nginx-rewrites.conf']);

const TEXT = '; charset=utf-8';

/** Content types by extension (lower case, no dot), with whether the bytes are worth compressing. */
const TYPES: Readonly<Record<string, readonly [type: string, compressible: boolean]>> = {
  html: ['text/html' + TEXT, true],
  htm: ['text/html' + TEXT, true],
  css: ['text/css' + TEXT, true],
  js: ['text/javascript' + TEXT, true],
  mjs: ['text/javascript' + TEXT, true],
  cjs: ['text/javascript' + TEXT, true],
  json: ['application/json' + TEXT, true],
  map: ['application/json' + TEXT, true],
  webmanifest: ['application/manifest+json' + TEXT, true],
  txt: ['text/plain' + TEXT, true],
  md: ['text/markdown' + TEXT, true],
  csv: ['text/csv' + TEXT, true],
  xml: ['application/xml' + TEXT, true],
  rss: ['application/rss+xml' + TEXT, true],
  atom: ['application/atom+xml' + TEXT, true],
  xsl: ['application/xslt+xml' + TEXT, true],
  svg: ['image/svg+xml' + TEXT, true],
  wasm: ['application/wasm', true],
  ico: ['image/x-icon', true],
  ttf: ['font/ttf', true],
  otf: ['font/otf', true],
  eot: ['application/vnd.ms-fontobject', true],
  woff: ['font/woff', false],
  woff2: ['font/woff2', false],
  png: ['image/png', false],
  jpg: ['image/jpeg', false],
  jpeg: ['image/jpeg', false],
  gif: ['image/gif', false],
  webp: ['image/webp', false],
  avif: ['image/avif', false],
  apng: ['image/apng', false],
  bmp: ['image/bmp', true],
  mp4: ['video/mp4', false],
  webm: ['video/webm', false],
  mp3: ['audio/mpeg', false],
  ogg: ['audio/ogg', false],
  wav: ['audio/wav', true],
  pdf: ['application/pdf', false],
  zip: ['application/zip', false],
  gz: ['application/gzip', false],
  br: ['application/octet-stream', false],
  // Pagefind's index files are gzip-framed already and decoded by pagefind.js itself.
  pagefind: ['application/octet-stream', false],
  pf_meta: ['application/octet-stream', false],
  pf_index: ['application/octet-stream', false],
  pf_fragment: ['application/octet-stream', false],
  pf_filter: ['application/octet-stream', false],
};

const UNKNOWN: readonly [string, boolean] = ['application/octet-stream', false];

/** The content type of a file name, and whether compressing it pays. */
export function contentTypeOf(name: string): { type: string; compressible: boolean } {
  const dot = name.lastIndexOf('.');
  const ext = dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
  const [type, compressible] = TYPES[ext] ?? UNKNOWN;
  return { type, compressible };
}

function isImmutable(path: string): boolean {
  return path.startsWith('/_astro/');
}

function buildVariant(
  path: string,
  contentType: string,
  csp: string,
  fileHash: string,
  encoding: Encoding,
  body: Buffer,
  compressible: boolean,
): Variant {
  const etag = encoding === 'identity' ? `"${fileHash}"` : `"${fileHash}-${encoding}"`;
  const cache: Record<string, string> = {
    etag,
    'cache-control': isImmutable(path) ? CACHE_IMMUTABLE : CACHE_REVALIDATE,
  };
  // Every file that has compressed variants varies by Accept-Encoding, the identity one included.
  if (compressible) cache.vary = 'Accept-Encoding';
  const headers: Record<string, string> = {
    'content-type': contentType,
    'content-length': String(body.length),
    ...cache,
  };
  if (encoding !== 'identity') headers['content-encoding'] = encoding;
  headers['content-security-policy'] = csp;
  Object.assign(headers, SECURITY_HEADERS);
  return {
    encoding,
    body,
    etag,
    headers: Object.freeze(headers),
    notModifiedHeaders: Object.freeze(cache),
    rawHeaders: Object.freeze(Object.entries(headers).flat()),
    notModifiedRawHeaders: Object.freeze(Object.entries(cache).flat()),
  };
}

/** How hard to compress one file. */
export interface Effort {
  readonly brotliQuality: number;
  readonly gzipLevel: number;
}

/**
 * The smallest brotli window that holds the whole file. The default (4 MiB) makes every call
 * allocate and fault in large buffers: for 5,000 pages of 26 KB at quality 8 that was 3.8 s of
 * wall time (half of it in the kernel) against 1.3 s with a fitted window, for the same size.
 */
function windowBits(size: number): number {
  return Math.min(24, Math.max(10, Math.ceil(Math.log2(size + 1))));
}

async function compressBoth(
  body: Buffer,
  effort: Effort,
): Promise<[br: Buffer | null, gz: Buffer | null]> {
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: effort.brotliQuality,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [zlib.constants.BROTLI_PARAM_LGWIN]: windowBits(body.length),
      },
    }),
    gzip(body, { level: effort.gzipLevel }),
  ]);
  // A variant is kept only when it is actually smaller.
  return [br.length < body.length ? br : null, gz.length < body.length ? gz : null];
}

/**
 * One stored file from its bytes. `previous` lets a reload reuse the variants of identical bytes;
 * otherwise compressible files over `COMPRESS_MIN_BYTES` are compressed here.
 */
export async function makeStaticFile(
  path: string,
  body: Buffer,
  options: { effort: Effort; previous?: StaticFile | undefined },
): Promise<StaticFile> {
  const { type, compressible } = contentTypeOf(path);
  const isHtml = type.startsWith('text/html');
  const fileHash = hash('sha256', body, 'base64url').slice(0, 27);
  let br: Buffer | null = null;
  let gz: Buffer | null = null;
  const worth = compressible && body.length >= COMPRESS_MIN_BYTES;
  if (worth) {
    const prev = options.previous;
    if (prev && prev.hash === fileHash && prev.contentType === type) {
      br = prev.br?.body ?? null;
      gz = prev.gzip?.body ?? null;
    } else {
      [br, gz] = await compressBoth(body, options.effort);
    }
  }
  const hasVariants = br !== null || gz !== null;
  const csp = isHtml ? pageCsp(body) : /\.m?js$/.test(path) ? SCRIPT_CSP : FILE_CSP;
  const make = (encoding: Encoding, bytes: Buffer) =>
    buildVariant(path, type, csp, fileHash, encoding, bytes, hasVariants);
  return {
    path,
    contentType: type,
    isHtml,
    hash: fileHash,
    identity: make('identity', body),
    br: br && make('br', br),
    gzip: gz && make('gzip', gz),
  };
}

const FALLBACK_404 = Buffer.from(
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>404 Not Found</title>' +
    '<meta name="viewport" content="width=device-width, initial-scale=1"></head>' +
    '<body><h1>404 Not Found</h1><p><a href="/">Home</a></p></body></html>\n',
);

/** Runs `work` over `items` with at most `limit` in flight (zlib's thread pool does the rest). */
async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

async function listFiles(distDir: string): Promise<string[]> {
  const entries = await readdir(distDir, { recursive: true, withFileTypes: true });
  const out: string[] = [];
  for (const entry of entries) {
    // Regular files only: a symlink could point outside the build.
    if (!entry.isFile()) continue;
    const rel = relative(distDir, join(entry.parentPath, entry.name));
    const parts = rel.split(sep);
    // Dotfiles and dot-directories (.DS_Store, .vite) are never published.
    if (parts.some((p) => p.startsWith('.'))) continue;
    const sitePath = '/' + parts.join('/');
    if (NOT_SERVED.has(sitePath)) continue;
    out.push(sitePath);
  }
  return out.sort();
}

/** Throws a clear error when `distDir` is missing or not a directory. */
export async function assertDistDir(distDir: string): Promise<void> {
  let info;
  try {
    info = await stat(distDir);
  } catch {
    throw new Error(
      `site: the build output directory ${distDir} does not exist; run \`npm run build\` first`,
    );
  }
  if (!info.isDirectory()) throw new Error(`site: ${distDir} is not a directory`);
}

/** Reads a whole build output into a new table. */
export async function loadSiteTable(
  distDir: string,
  options: LoadOptions = {},
): Promise<SiteTable> {
  const started = performance.now();
  await assertDistDir(distDir);
  const pageEffort = options.pageEffort ?? DEFAULT_PAGE_EFFORT;
  const assetEffort = options.assetEffort ?? DEFAULT_ASSET_EFFORT;
  const previous = options.previous?.files;
  const paths = await listFiles(distDir);
  const files = new Map<string, StaticFile>();
  let bytes = 0;
  let compressedFiles = 0;
  let reusedFiles = 0;
  // Two lanes per core keep zlib's pool busy without holding thousands of buffers at once.
  await eachLimited(paths, 8, async (path) => {
    const body = await readFile(join(distDir, ...path.slice(1).split('/')));
    const prev = previous?.get(path);
    const file = await makeStaticFile(path, body, {
      effort: isImmutable(path) ? assetEffort : pageEffort,
      previous: prev,
    });
    if (prev && prev.hash === file.hash && (file.br || file.gzip)) reusedFiles++;
    if (file.br || file.gzip) compressedFiles++;
    bytes += body.length;
    files.set(path, file);
  });
  const sorted = new Map([...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const urls = new Map<string, StaticFile>();
  const rank = new Map<string, number>();
  for (const [path, file] of sorted) {
    for (const [url, priority] of urlAliases(path)) {
      const held = rank.get(url);
      if (held === undefined || priority < held) {
        rank.set(url, priority);
        urls.set(url, file);
      }
    }
  }
  const notFound =
    sorted.get('/404.html') ??
    (await makeStaticFile('/404.html', FALLBACK_404, { effort: pageEffort }));
  return {
    distDir,
    files: sorted,
    urls,
    notFound,
    stats: {
      files: sorted.size,
      bytes,
      compressedFiles,
      reusedFiles,
      loadMs: Math.round(performance.now() - started),
    },
  };
}

/**
 * The live table and the way to replace it. Reads go through `table` on every request, so a reload
 * takes effect for the next request; requests in flight keep the buffers they already hold.
 */
export class StaticSite {
  #table: SiteTable;
  #reloading: Promise<SiteTable> | null = null;
  #again = false;
  #pendingDir: string | null = null;
  readonly #options: Omit<LoadOptions, 'previous'>;

  private constructor(table: SiteTable, options: Omit<LoadOptions, 'previous'>) {
    this.#table = table;
    this.#options = options;
  }

  static async load(distDir: string, options: Omit<LoadOptions, 'previous'> = {}) {
    return new StaticSite(await loadSiteTable(distDir, options), options);
  }

  get table(): SiteTable {
    return this.#table;
  }

  get distDir(): string {
    return this.#table.distDir;
  }

  /**
   * Loads `distDir` (default: the current one) into a new table and swaps it in. Calls that arrive
   * while a load runs are folded into one more load after it, so the last call always wins.
   * On failure the live table stays as it was and the error is thrown.
   */
  async reload(distDir: string = this.#table.distDir): Promise<SiteTable> {
    if (this.#reloading) {
      this.#again = true;
      this.#pendingDir = distDir;
      return this.#reloading.then(() => this.#table);
    }
    this.#reloading = (async () => {
      try {
        let dir = distDir;
        for (;;) {
          this.#again = false;
          const table = await loadSiteTable(dir, { ...this.#options, previous: this.#table });
          this.#table = table;
          if (!this.#again) return table;
          dir = this.#pendingDir ?? dir;
        }
      } finally {
        this.#reloading = null;
        this.#pendingDir = null;
      }
    })();
    return this.#reloading;
  }
}
