/**
 * Building the pages from the database: export the blog snapshot to a file, run the site build
 * (Astro, then Pagefind) with it and the site's origin, and record the snapshot's digest and the
 * origin in the output, so a later start can tell whether the pages still show what the database
 * holds, with links to where the site is now.
 */
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { BLOG_SNAPSHOT_ENV, RENDER_CACHE_ENV } from '../../lib/shared/blog-snapshot.ts';
import type { Database } from '../db/database.ts';
import {
  buildSite,
  isBuildStale,
  removeBuildLeftovers,
  removeDeadLeftovers,
  type BuildResult,
} from '../site/build.ts';
import { exportBlogSnapshot, snapshotDigest } from './snapshot.ts';

/** Beside the pages, never served (dotfiles are not published). */
export const BUILD_INFO_FILE = '.atrium-build.json';

export interface BuildInfo {
  readonly digest: string;
  /** ISO 8601: when the snapshot was taken. */
  readonly builtAt: string;
  /** The origin the pages' links point at (canonical, og:url, feeds, sitemap). */
  readonly siteUrl: string;
}

export interface SiteBuildOptions {
  /** The project root (astro.config.mjs, src/). */
  readonly root: string;
  readonly distDir: string;
  /** The site's origin (config.siteUrl): what every absolute link of the pages points at. */
  readonly siteUrl: string;
  /** Where the snapshot file is written for the build (removed afterwards). */
  readonly workDir: string;
  readonly db: Kysely<Database>;
  readonly now: () => number;
  /** The builders' output; null keeps it (the tail is still in a failure's message). */
  readonly output?: NodeJS.WritableStream | null;
  /**
   * Build only when the pages are missing, older than their sources, built for another origin, or
   * show other content than the database holds (a draft saved, views counted: no build).
   * Default: always build.
   */
  readonly onlyIfChanged?: boolean;
}

export type Built = BuildResult & { readonly info: BuildInfo };

export async function readBuildInfo(distDir: string): Promise<BuildInfo | null> {
  try {
    return JSON.parse(await readFile(join(distDir, BUILD_INFO_FILE), 'utf8')) as BuildInfo;
  } catch {
    return null;
  }
}

/** The environment of a page build: the snapshot to read, the render cache, the site's origin. */
export function siteBuildEnv(options: {
  readonly snapshotFile: string;
  readonly siteUrl: string;
  readonly renderCache?: string;
}): Record<string, string> {
  return {
    [BLOG_SNAPSHOT_ENV]: options.snapshotFile,
    SITE_URL: options.siteUrl,
    ...(options.renderCache === undefined ? {} : { [RENDER_CACHE_ENV]: options.renderCache }),
  };
}

const SNAPSHOT_FILE = /^blog-snapshot-(\d+)-\d+\.json$/;
/** The render cache's temporary files (src/lib/build/render-cache.ts): `<key>.json.<pid>.tmp`. */
const RENDER_TEMP_FILE = /^[0-9a-f]{64}\.json\.(\d+)\.tmp$/;

/**
 * Removes what builds killed mid-way left behind: their work and old directories beside the pages,
 * snapshot files and half-written cache entries. Those of processes still alive stay (another
 * instance on this machine may be building now). Resolves with the paths removed.
 */
export async function removeSiteBuildLeftovers(options: {
  readonly distDir: string;
  readonly workDir: string;
}): Promise<string[]> {
  return [
    ...(await removeBuildLeftovers(options.distDir)),
    ...(await removeDeadLeftovers(options.workDir, SNAPSHOT_FILE)),
    ...(await removeDeadLeftovers(join(options.workDir, 'render-cache'), RENDER_TEMP_FILE)),
  ];
}

/** Removes the cached renders a build did not touch (articles deleted or edited since). */
async function pruneRenderCache(dir: string, before: number): Promise<void> {
  for (const name of await readdir(dir).catch(() => [])) {
    const file = join(dir, name);
    const info = await stat(file).catch(() => null);
    if (info !== null && info.mtimeMs < before) await rm(file, { force: true });
  }
}

/**
 * Builds the site from the database as it is now; resolves once the new pages are in place, or
 * with null when `onlyIfChanged` found nothing to build.
 */
export async function buildSiteFromDb(
  options: SiteBuildOptions & { readonly onlyIfChanged?: false },
): Promise<Built>;
export async function buildSiteFromDb(options: SiteBuildOptions): Promise<Built | null>;
export async function buildSiteFromDb(options: SiteBuildOptions): Promise<Built | null> {
  const started = Date.now();
  const renderCache = join(options.workDir, 'render-cache');
  const sourcesChanged = isBuildStale(options.root, options.distDir);
  const snapshot = await exportBlogSnapshot(options.db, new Date(options.now()));
  const info: BuildInfo = {
    digest: snapshotDigest(snapshot),
    builtAt: snapshot.generatedAt,
    siteUrl: options.siteUrl,
  };
  if (options.onlyIfChanged && !sourcesChanged) {
    const built = await readBuildInfo(options.distDir);
    if (built?.digest === info.digest && built.siteUrl === info.siteUrl) return null;
  }
  // New sources may render differently: the cached renders are only good for the same code.
  if (sourcesChanged) await rm(renderCache, { recursive: true, force: true });
  await mkdir(options.workDir, { recursive: true });
  const file = join(options.workDir, `blog-snapshot-${process.pid}-${started}.json`);
  await writeFile(file, JSON.stringify(snapshot));
  try {
    const result = await buildSite({
      root: options.root,
      outDir: options.distDir,
      env: siteBuildEnv({ snapshotFile: file, siteUrl: options.siteUrl, renderCache }),
      files: { [BUILD_INFO_FILE]: JSON.stringify(info) },
      ...(options.output === undefined ? {} : { output: options.output }),
    });
    // File times have a coarse resolution on some file systems: a second of slack.
    await pruneRenderCache(renderCache, started - 1000);
    return { ...result, info };
  } finally {
    await rm(file, { force: true });
  }
}
