/**
 * A page build: the served pages made from the sources and the database (docs/architecture.md,
 * "The page pipeline"). Two ways, one result:
 *
 * - **full** (no pages yet, or the sources or build settings changed: another compile key):
 *   compile (compile.ts), copy the compiled static files into a new folder, render every content
 *   page into it (renderer.ts), index it for search, write the CDN rules and the build info, and
 *   swap the folder in whole;
 * - **changes** (same compile key): render only the pages whose input changed since the build
 *   info's digests, move them into the live folder, drop the pages no longer produced, write the
 *   build info, and swap the changed files into the in-memory site at once. The search index is
 *   made again in the background (`search`).
 *
 * Either way the same pages come from the same data, byte for byte.
 */
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { rewriteRules } from '../site/rewrites.ts';
import type { StaticSite } from '../site/static-files.ts';
import { TWIN_SUFFIX } from '../../lib/shared/compression.ts';
import { compile, compileKey, type CompileSettings } from './compile.ts';
import { buildStamp, workDirBeside } from './leftovers.ts';
import type { Renderer } from './renderer.ts';
import { indexSearch, reindexSearch, SEARCH_DIR } from './search-index.ts';
import { exportSiteData } from './site-data.ts';

/** Beside the pages, never served (dotfiles are not published). */
export const BUILD_INFO_FILE = '.atrium-build.json';

export interface BuildInfo {
  /** The compilation the pages were made with (compile.ts). */
  readonly compileKey: string;
  /** The origin the pages' links point at. */
  readonly siteUrl: string;
  /** ISO 8601: when the data was read. */
  readonly builtAt: string;
  /** Each rendered page's file → the digest of its input. */
  readonly pages: Readonly<Record<string, string>>;
}

export interface PageBuildOptions {
  /** The project root (astro.config.mjs, src/). */
  readonly root: string;
  readonly distDir: string;
  /** `<dataDir>/build`: the render cache and work files. */
  readonly workDir: string;
  readonly settings: CompileSettings;
  readonly db: Kysely<Database>;
  readonly now: () => number;
  readonly renderer: Renderer;
  /** The live site, updated with a change's pages (absent: nothing serves them yet). */
  readonly site?: StaticSite | null;
  /** The builders' output; null keeps it (the tail is still in a failure's message). */
  readonly output?: NodeJS.WritableStream | null;
}

export interface PageBuild {
  readonly kind: 'full' | 'changes';
  /** Page files rendered. */
  readonly rendered: number;
  /** Page files removed (changes only). */
  readonly removed: number;
  /** Rendered pages in the site: all of them. */
  readonly pages: number;
  readonly ms: number;
  /** Where the time went: reading the data, rendering (the worker), putting the pages in place. */
  readonly steps: { readonly data: number; readonly render: number; readonly publish: number };
  readonly info: BuildInfo;
  /** The search index, made again after a change (resolves when it is in place). */
  readonly search: Promise<void>;
}

export async function readBuildInfo(distDir: string): Promise<BuildInfo | null> {
  try {
    const info = JSON.parse(await readFile(join(distDir, BUILD_INFO_FILE), 'utf8')) as BuildInfo;
    return typeof info.compileKey === 'string' && typeof info.pages === 'object' ? info : null;
  } catch {
    return null;
  }
}

async function writeJson(file: string, value: unknown): Promise<void> {
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, JSON.stringify(value));
  await rename(temp, file);
}

/** The site path of a page file (`blog/x/index.html` → `/blog/x/index.html`). */
function sitePath(file: string): string {
  return `/${file}`;
}

/** Removes the empty folders above `file`, up to (not including) `root`. */
async function pruneEmpty(root: string, file: string): Promise<void> {
  for (let dir = dirname(file); dir.startsWith(root) && dir !== root; dir = dirname(dir)) {
    try {
      await rmdir(dir);
    } catch {
      return; // not empty (or gone): the folders above are not empty either
    }
  }
}

export class PageBuilder {
  readonly #options: PageBuildOptions;
  #searching: Promise<void> = Promise.resolve();
  /** Stops the search index being made, when a newer build will make its own. */
  #indexing: AbortController | null = null;
  /** Since when the pages are ahead of their search index (Date.now()); null when they are not. */
  #behindSince: number | null = null;

  constructor(options: PageBuildOptions) {
    this.#options = options;
  }

  /** Changes `dist/` and swaps the served table as one publication (StaticSite.publish). */
  #publish(apply: () => Promise<void>): Promise<void> {
    return this.#options.site ? this.#options.site.publish(apply) : apply();
  }

  /**
   * Builds what is needed: nothing when the pages already show the data (resolves null), the
   * changed pages when only the data changed, everything when the sources or settings changed or
   * `full` is asked for.
   */
  async build({ full = false }: { full?: boolean } = {}): Promise<PageBuild | null> {
    const options = this.#options;
    const started = Date.now();
    // The index of an earlier change would be out of date when done: this build makes its own,
    // unless the index is already far behind (saves keep coming): then it is let finish.
    if (this.#behindSince === null || Date.now() - this.#behindSince < INDEX_MAX_LAG_MS) {
      this.#indexing?.abort();
    }
    const key = compileKey(options.root, options.settings);
    const info = full || !existsSync(options.distDir) ? null : await readBuildInfo(options.distDir);
    const stamp = buildStamp();
    await mkdir(options.workDir, { recursive: true });
    const dataFile = join(options.workDir, `site-data-${stamp}.json`);
    const at = new Date(options.now());
    try {
      await writeFile(dataFile, JSON.stringify(await exportSiteData(options.db, at)));
      const dataMs = Date.now() - started;
      if (info === null || info.compileKey !== key) {
        return await this.#full(dataFile, stamp, at, started, dataMs);
      }
      return await this.#changes(info, dataFile, stamp, at, started, dataMs);
    } finally {
      await rm(dataFile, { force: true });
    }
  }

  /** Waits for the search index of the last change. */
  searchIndexed(): Promise<void> {
    return this.#searching;
  }

  async #full(
    dataFile: string,
    stamp: string,
    at: Date,
    started: number,
    dataMs: number,
  ): Promise<PageBuild> {
    const options = this.#options;
    const compiled = await compile({
      root: options.root,
      settings: options.settings,
      ...(options.output === undefined ? {} : { output: options.output }),
    });
    const work = workDirBeside(options.distDir, 'building', stamp);
    const old = workDirBeside(options.distDir, 'old', stamp);
    try {
      await cp(join(compiled.dir, 'client'), work, { recursive: true });
      const result = await options.renderer.render(compiled.dir, {
        dataFile,
        outDir: work,
        previous: null,
        origin: options.settings.siteUrl,
      });
      // The workers leave before Pagefind starts, so the two never hold their memory at once.
      await options.renderer.close();
      await indexSearch(options.root, work, {
        ...(options.output === undefined ? {} : { output: options.output }),
      });
      // The compiled files and the search index: the rendered pages have their copies already.
      await options.renderer.compress(compiled.dir, work, await withoutCopies(work));
      const rules = rewriteRules();
      await writeFile(join(work, '_redirects'), rules.redirects);
      await writeFile(join(work, 'nginx-rewrites.conf'), rules.nginx);
      const info: BuildInfo = {
        compileKey: compiled.key,
        siteUrl: options.settings.siteUrl,
        builtAt: at.toISOString(),
        pages: result.digests,
      };
      await writeJson(join(work, BUILD_INFO_FILE), info);
      // The swap: two renames on one file system, the old pages deleted afterwards.
      await this.#publish(async () => {
        const hadOld = existsSync(options.distDir);
        if (hadOld) await rename(options.distDir, old);
        await rename(work, options.distDir);
        await options.site?.reload(options.distDir);
        if (hadOld) await rm(old, { recursive: true, force: true });
      });
      // The new pages came with their own index.
      this.#behindSince = null;
      const ms = Date.now() - started;
      return {
        kind: 'full',
        rendered: result.written.length,
        removed: 0,
        pages: Object.keys(result.digests).length,
        ms,
        steps: { data: dataMs, render: result.ms, publish: ms - dataMs - result.ms },
        info,
        search: Promise.resolve(),
      };
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  async #changes(
    previous: BuildInfo,
    dataFile: string,
    stamp: string,
    at: Date,
    started: number,
    dataMs: number,
  ): Promise<PageBuild | null> {
    const options = this.#options;
    const compiled = await compile({
      root: options.root,
      settings: options.settings,
      ...(options.output === undefined ? {} : { output: options.output }),
    });
    const staging = join(options.workDir, `staging-${stamp}`);
    try {
      const result = await options.renderer.render(compiled.dir, {
        dataFile,
        outDir: staging,
        previous: previous.pages,
        origin: options.settings.siteUrl,
      });
      if (result.written.length === 0 && result.removed.length === 0) return null;
      const dist = options.distDir;
      const info: BuildInfo = { ...previous, builtAt: at.toISOString(), pages: result.digests };
      await this.#publish(async () => {
        for (const file of result.written) {
          const target = join(dist, ...file.split('/'));
          await mkdir(dirname(target), { recursive: true });
          // The compressed copies first: a copy older than its file is not served.
          for (const suffix of [...COPY_SUFFIXES, '']) {
            const from = join(staging, ...file.split('/')) + suffix;
            if (suffix === '' || existsSync(from)) await rename(from, target + suffix);
            else await rm(target + suffix, { force: true });
          }
        }
        for (const file of result.removed) {
          const target = join(dist, ...file.split('/'));
          for (const suffix of ['', ...COPY_SUFFIXES]) await rm(target + suffix, { force: true });
          await pruneEmpty(dist, target);
        }
        await writeJson(join(dist, BUILD_INFO_FILE), info);
        await options.site?.update(result.written.map(sitePath), result.removed.map(sitePath));
      });
      const search = this.#reindex(stamp, compiled.dir);
      const ms = Date.now() - started;
      return {
        kind: 'changes',
        rendered: result.written.length,
        removed: result.removed.length,
        pages: Object.keys(result.digests).length,
        ms,
        steps: { data: dataMs, render: result.ms, publish: ms - dataMs - result.ms },
        info,
        search,
      };
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
  }

  /** Indexes the live pages again (after the one in progress) and swaps the index in. */
  #reindex(stamp: string, compiledDir: string): Promise<void> {
    const options = this.#options;
    const indexing = new AbortController();
    this.#indexing = indexing;
    this.#behindSince ??= Date.now();
    const run = async () => {
      if (indexing.signal.aborted) return;
      const work = join(options.workDir, `search-${stamp}`);
      const compress = async (index: string) => {
        const files = await withoutCopies(index, `/${SEARCH_DIR}`);
        await options.renderer.compress(compiledDir, dirname(index), files);
      };
      // The workers leave before Pagefind starts, so the two never hold their memory at once
      // (Pagefind takes ≈ 1.4 GB for 5,000 articles; docs/benchmarks.md, "Memory").
      await options.renderer.close();
      const indexOptions = { output: options.output ?? null, signal: indexing.signal };
      await reindexSearch(options.root, options.distDir, work, indexOptions, compress, (swap) =>
        this.#publish(async () => {
          await swap();
          const site = options.site;
          if (!site) return;
          const prefix = `/${SEARCH_DIR}/`;
          const fresh = await filesUnder(options.distDir, SEARCH_DIR);
          const kept = new Set(fresh);
          const gone = [...site.table.files.keys()].filter(
            (p) => p.startsWith(prefix) && !kept.has(p),
          );
          await site.update(fresh, gone);
        }),
      ).then(
        () => {
          if (this.#indexing === indexing) this.#behindSince = null;
        },
        (error: unknown) => {
          if (!indexing.signal.aborted) throw error;
        },
      );
    };
    this.#searching = this.#searching.catch(() => undefined).then(run);
    return this.#searching;
  }
}

const COPY_SUFFIXES = Object.values(TWIN_SUFFIX);

/**
 * How far the search index may fall behind the pages before a new build stops stopping it: under
 * a stream of saves each index would otherwise be stopped by the next, and none would land.
 */
const INDEX_MAX_LAG_MS = 20_000;

/**
 * The site paths (`<prefix>/…`) of the files under `dir` that have no compressed copy yet and are
 * not one.
 */
async function withoutCopies(dir: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
  const all = new Set(files);
  const isCopy = (file: string) =>
    COPY_SUFFIXES.some((suffix) => file.endsWith(suffix) && all.has(file.slice(0, -suffix.length)));
  const hasCopy = (file: string) => COPY_SUFFIXES.some((suffix) => all.has(file + suffix));
  return files
    .filter((file) => !isCopy(file) && !hasCopy(file))
    .map((file) => `${prefix}/${relative(dir, file).split(sep).join('/')}`);
}

/** The site paths of the files under `<root>/<dir>` (not their compressed copies). */
async function filesUnder(root: string, dir: string): Promise<string[]> {
  const entries = await readdir(join(root, dir), { recursive: true, withFileTypes: true });
  const paths = entries
    .filter((entry) => entry.isFile())
    .map((entry) => `/${relative(root, join(entry.parentPath, entry.name)).split(sep).join('/')}`);
  const all = new Set(paths);
  // A compressed copy travels with its file.
  return paths.filter(
    (path) => !COPY_SUFFIXES.some((s) => path.endsWith(s) && all.has(path.slice(0, -s.length))),
  );
}
