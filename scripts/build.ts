/**
 * `npm run build`: builds the pages into DIST_DIR (./dist) from the configured database (migrated
 * first; the blog is exported to the build as a snapshot) with links to SITE_URL (default
 * http://HOST:PORT), runs Pagefind, writes the CDN rewrite rules, and prints a one-line summary.
 * Exits non-zero when the build fails.
 */
import { join, relative, resolve } from 'node:path';
import { buildSiteFromDb, removeSiteBuildLeftovers } from '../src/server/blog/index.ts';
import { connectDb, migrateToLatest } from '../src/server/db/index.ts';
import { configOrExit, exitWith } from './cli.ts';

const root = resolve(import.meta.dirname, '..');
const config = configOrExit();
const db = connectDb(config);
try {
  await migrateToLatest(db.kysely);
  const workDir = join(config.dataDir, 'build');
  await removeSiteBuildLeftovers({ distDir: config.distDir, workDir });
  const result = await buildSiteFromDb({
    root,
    distDir: config.distDir,
    siteUrl: config.siteUrl,
    workDir,
    db: db.kysely,
    now: Date.now,
  });
  const mb = (result.bytes / 1024 / 1024).toFixed(1);
  const search = result.searchIndex ? ', search index' : '';
  console.log(
    `built ${relative(process.cwd(), config.distDir) || '.'}/ in ${(result.ms / 1000).toFixed(1)} s: ` +
      `${result.pages} pages, ${result.files} files, ${mb} MB${search}`,
  );
} catch (error) {
  exitWith(error);
} finally {
  await db.close();
}
