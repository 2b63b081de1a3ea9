/** What other folders may use of the page pipeline (its routes are registered by app.ts). */
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { publicSettings } from './compile.ts';
import { PageBuilder, type PageBuild } from './page-build.ts';
import { RENDER_CACHE_DIR, Renderer } from './renderer.ts';

export { removePageBuildLeftovers } from './leftovers.ts';
export { readBuildInfo, BUILD_INFO_FILE, type BuildInfo, type PageBuild } from './page-build.ts';
export { pageRebuild, type PageRebuild } from './page-rebuild.ts';

export interface BuildPagesOptions {
  readonly root: string;
  readonly distDir: string;
  readonly dataDir: string;
  readonly siteUrl: string;
  readonly db: Kysely<Database>;
  readonly now: () => number;
  /** Build everything, even if nothing changed. */
  readonly full?: boolean;
  readonly output?: NodeJS.WritableStream | null;
}

/**
 * One page build, outside a running server (`npm start` before it listens, `npm run build`):
 * resolves when the pages and their search index are in place, null when nothing had to change.
 */
export async function buildPagesOnce(options: BuildPagesOptions): Promise<PageBuild | null> {
  const workDir = join(options.dataDir, 'build');
  const renderer = new Renderer({
    root: options.root,
    renderCache: join(workDir, RENDER_CACHE_DIR),
    idleMs: 0,
  });
  try {
    const builder = new PageBuilder({
      root: options.root,
      distDir: options.distDir,
      workDir,
      settings: { siteUrl: options.siteUrl, public: publicSettings(process.env) },
      db: options.db,
      now: options.now,
      renderer,
      ...(options.output === undefined ? {} : { output: options.output }),
    });
    const built = await builder.build({ full: options.full ?? false });
    await built?.search;
    return built;
  } finally {
    await renderer.close();
  }
}
