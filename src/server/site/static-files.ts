/**
 * The built site held in memory: every file of `dist/` with its content type, strong ETag and
 * precomputed response headers per representation, so the request path only looks things up
 * (design.md §7: close to nginx): the security headers and CSP (security-headers.ts), the cache
 * policy (cache-policy.ts), the content types (src/lib/shared/content-types.ts).
 *
 * The page build writes `<file>.br` and `<file>.gz` beside each compressible file
 * (src/lib/build/compress.ts); each is a representation of its own. The server never compresses (a
 * file without copies is sent as it is), so the memory that compressing takes is the build's. The
 * table holds no bytes of a file read from `dist/`: they are read when served and the recently
 * served are kept in a cache with a byte budget (body-cache.ts).
 *
 * `StaticSite.reload()` builds a new table beside the live one and swaps the reference in one
 * assignment, `update()` swaps in a few changed files the same way: a request sees either the old
 * site or the new one, never a mix.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { TWIN_SUFFIX } from '../../lib/shared/compression.ts';
import { contentTypeOf } from '../../lib/shared/content-types.ts';
import { BodyCache, digestOf, type BodySource } from './body-cache.ts';
import { cacheControlOf } from './cache-policy.ts';
import { urlAliases } from './resolve.ts';
import { SECURITY_HEADERS, cspOf, type HeaderMap } from './security-headers.ts';

export interface Variant {
  /** `br`, `gzip` or `identity`. */
  readonly encoding: Encoding;
  /** The bytes, when held for good (a file made in memory); null: read from `source` (BodyCache). */
  readonly body: Buffer | null;
  /** Where the bytes are read from and the digest they must have; null when held (`body`). */
  readonly source: BodySource | null;
  /** Bytes of this representation (its content-length). */
  readonly length: number;
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
  /** Of the files as they are. */
  readonly bytes: number;
  /** Files with a compressed copy. */
  readonly compressedFiles: number;
  /** Bytes the table holds for good (files made in memory); those of `dist/` are read as needed. */
  readonly keptBytes: number;
  readonly loadMs: number;
}

/** Build outputs meant for a CDN's configuration, not for visitors. */
const NOT_SERVED = new Set(['/_redirects', '/_headers', '/nginx-rewrites.conf']);

/** One string per distinct value: thousands of pages share a handful of policies. */
const interned = new Map<string, string>();
function intern(text: string): string {
  const known = interned.get(text);
  if (known !== undefined) return known;
  interned.set(text, text);
  return text;
}

function buildVariant(
  path: string,
  contentType: string,
  csp: string,
  fileHash: string,
  encoding: Encoding,
  bytes: Buffer,
  file: string | null,
  hasTwins: boolean,
  digest: string = digestOf(bytes),
): Variant {
  const length = bytes.length;
  const etag = encoding === 'identity' ? `"${fileHash}"` : `"${fileHash}-${encoding}"`;
  const cache: Record<string, string> = {
    etag,
    'cache-control': cacheControlOf(path),
  };
  // Every file that has compressed variants varies by Accept-Encoding, the identity one included.
  if (hasTwins) cache.vary = 'Accept-Encoding';
  const headers: Record<string, string> = {
    'content-type': contentType,
    'content-length': String(length),
    ...cache,
  };
  if (encoding !== 'identity') headers['content-encoding'] = encoding;
  headers['content-security-policy'] = csp;
  Object.assign(headers, SECURITY_HEADERS);
  return {
    encoding,
    body: file === null ? bytes : null,
    source: file === null ? null : { file, digest },
    length,
    etag,
    headers: Object.freeze(headers),
    notModifiedHeaders: Object.freeze(cache),
    rawHeaders: Object.freeze(Object.entries(headers).flat()),
    notModifiedRawHeaders: Object.freeze(Object.entries(cache).flat()),
  };
}

/** The compressed copies the build wrote beside a file. */
export interface Twins {
  readonly br?: Buffer | null;
  readonly gzip?: Buffer | null;
}

/**
 * One stored file from its bytes and the compressed copies the build made of them. With `file`
 * (where it lies on disk, its copies beside it) the table keeps only their digests and reads them
 * when served; without, it holds them.
 */
export function makeStaticFile(
  path: string,
  body: Buffer,
  twins: Twins = {},
  file: string | null = null,
): StaticFile {
  const { type } = contentTypeOf(path);
  const isHtml = type.startsWith('text/html');
  const bodyDigest = digestOf(body);
  const fileHash = bodyDigest.slice(0, 27);
  const br = twins.br ?? null;
  const gz = twins.gzip ?? null;
  const hasTwins = br !== null || gz !== null;
  const csp = intern(cspOf(path, body, isHtml));
  const make = (encoding: Encoding, bytes: Buffer, suffix: string, digest?: string) =>
    buildVariant(
      path,
      type,
      csp,
      fileHash,
      encoding,
      bytes,
      file && file + suffix,
      hasTwins,
      digest,
    );
  return {
    path,
    contentType: type,
    isHtml,
    hash: fileHash,
    identity: make('identity', body, '', bodyDigest),
    br: br && make('br', br, TWIN_SUFFIX.br),
    gzip: gz && make('gzip', gz, TWIN_SUFFIX.gzip),
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

/** Whether a site path is published: no dotfiles or dot-directories, no CDN configuration. */
function isServed(sitePath: string): boolean {
  return !sitePath.split('/').some((p) => p.startsWith('.')) && !NOT_SERVED.has(sitePath);
}

/**
 * Reads a published file and the compressed copies beside it. A copy older than its file is from
 * before the file changed, and is left out.
 */
async function readStaticFile(distDir: string, path: string): Promise<StaticFile> {
  const file = join(distDir, ...path.slice(1).split('/'));
  const [body, info] = await Promise.all([readFile(file), stat(file)]);
  const twin = async (suffix: string) => {
    const copy = await stat(file + suffix).catch(() => null);
    return copy !== null && copy.mtimeMs >= info.mtimeMs ? readFile(file + suffix) : null;
  };
  const [br, gzip] = await Promise.all([twin(TWIN_SUFFIX.br), twin(TWIN_SUFFIX.gzip)]);
  return makeStaticFile(path, body, { br, gzip }, file);
}

async function listFiles(distDir: string): Promise<string[]> {
  const entries = await readdir(distDir, { recursive: true, withFileTypes: true });
  const out: string[] = [];
  for (const entry of entries) {
    // Regular files only: a symlink could point outside the build.
    if (!entry.isFile()) continue;
    const rel = relative(distDir, join(entry.parentPath, entry.name));
    // Dotfiles and dot-directories (.DS_Store, .vite) are never published.
    const sitePath = '/' + rel.split(sep).join('/');
    if (isServed(sitePath)) out.push(sitePath);
  }
  // A file's compressed copies travel with it, not as files of their own.
  const files = new Set(out);
  const isTwin = (path: string) =>
    Object.values(TWIN_SUFFIX).some(
      (suffix) => path.endsWith(suffix) && files.has(path.slice(0, -suffix.length)),
    );
  return out.filter((path) => !isTwin(path)).sort();
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
export async function loadSiteTable(distDir: string): Promise<SiteTable> {
  const started = performance.now();
  await assertDistDir(distDir);
  const paths = await listFiles(distDir);
  const files = new Map<string, StaticFile>();
  // A few reads in flight: enough to overlap them, without holding thousands of buffers at once.
  await eachLimited(paths, 8, async (path) => {
    files.set(path, await readStaticFile(distDir, path));
  });
  return assembleTable(distDir, files, started);
}

/** A table from its files: sorted, with every URL form and the 404 page. */
function assembleTable(
  distDir: string,
  files: ReadonlyMap<string, StaticFile>,
  started: number,
): SiteTable {
  const sorted = new Map([...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const urls = new Map<string, StaticFile>();
  const rank = new Map<string, number>();
  let bytes = 0;
  let compressedFiles = 0;
  let keptBytes = 0;
  for (const [path, file] of sorted) {
    bytes += file.identity.length;
    if (file.br || file.gzip) compressedFiles++;
    for (const variant of [file.identity, file.br, file.gzip])
      keptBytes += variant?.body?.length ?? 0;
    for (const [url, priority] of urlAliases(path)) {
      const held = rank.get(url);
      if (held === undefined || priority < held) {
        rank.set(url, priority);
        urls.set(url, file);
      }
    }
  }
  const notFound = sorted.get('/404.html') ?? makeStaticFile('/404.html', FALLBACK_404);
  return {
    distDir,
    files: sorted,
    urls,
    notFound,
    stats: {
      files: sorted.size,
      bytes,
      compressedFiles,
      keptBytes,
      loadMs: Math.round(performance.now() - started),
    },
  };
}

/**
 * A new table from `table` with the files at `changed` read again from its folder (with their
 * compressed copies) and those at `removed` gone (site paths, `/blog/x/index.html`): what a page
 * build that changed a few pages costs, instead of reading the whole site again.
 */
export async function updateSiteTable(
  table: SiteTable,
  changed: readonly string[],
  removed: readonly string[],
): Promise<SiteTable> {
  const started = performance.now();
  const files = new Map(table.files);
  for (const path of removed) files.delete(path);
  await eachLimited(changed.filter(isServed), 8, async (path) => {
    files.set(path, await readStaticFile(table.distDir, path));
  });
  return assembleTable(table.distDir, files, started);
}

/** Bytes of served files kept in memory by default (the pages being read; body-cache.ts). */
export const DEFAULT_CACHE_BYTES = 16 * 1024 * 1024;

/**
 * The live table and the way to replace it. Reads go through `table` on every request, so a reload
 * takes effect for the next request; requests in flight keep the buffers they already hold.
 */
export class StaticSite {
  /** The bytes of recently served files (the table holds their headers and digests). */
  readonly bodies: BodyCache;
  #table: SiteTable;
  #reloading: Promise<SiteTable> | null = null;
  #again = false;
  #pendingDir: string | null = null;
  #updating: Promise<unknown> = Promise.resolve();
  #publishing: Promise<unknown> = Promise.resolve();

  private constructor(table: SiteTable, cacheBytes: number) {
    this.#table = table;
    this.bodies = new BodyCache(cacheBytes);
  }

  static async load(distDir: string, cacheBytes = DEFAULT_CACHE_BYTES) {
    return new StaticSite(await loadSiteTable(distDir), cacheBytes);
  }

  /**
   * Runs `apply`, which changes files in the folder and then swaps the table (reload or update),
   * as one publication: a request that meets a changed file meanwhile waits for it (`settled`).
   */
  publish(apply: () => Promise<void>): Promise<void> {
    const run = this.#publishing.catch(() => undefined).then(apply);
    this.#publishing = run;
    return run;
  }

  /** Resolves when no publication, reload or update is under way. */
  async settled(): Promise<void> {
    await this.#publishing.catch(() => undefined);
    await this.#reloading?.catch(() => undefined);
    await this.#updating.catch(() => undefined);
  }

  /**
   * Makes the table agree with the folder again for the file at `path`, changed or removed there by
   * something other than a page build (a hand edit): read again, or dropped when gone.
   */
  async resync(path: string): Promise<void> {
    const file = join(this.#table.distDir, ...path.slice(1).split('/'));
    const exists = await stat(file).then(
      (info) => info.isFile(),
      () => false,
    );
    await this.update(exists ? [path] : [], exists ? [] : [path]);
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
          const table = await loadSiteTable(dir);
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

  /**
   * Swaps in a table where the files at `changed` are read again and those at `removed` are gone
   * (see updateSiteTable); after any reload in progress. The next request sees all of the change
   * or none of it.
   */
  update(changed: readonly string[], removed: readonly string[]): Promise<SiteTable> {
    // One after another: each starts from the table the one before it made.
    const next = this.#updating
      .catch(() => undefined)
      .then(async () => {
        await this.#reloading?.catch(() => undefined);
        const table = await updateSiteTable(this.#table, changed, removed);
        this.#table = table;
        return table;
      });
    this.#updating = next;
    return next;
  }
}
