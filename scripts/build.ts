/**
 * `npm run build`: a full page build into DIST_DIR (./dist) from the configured database (migrated
 * first) with links to SITE_URL (default http://HOST:PORT): compiled sources, every content page,
 * the search index and the CDN rewrite rules. Prints a one-line summary; exits non-zero when the
 * build fails.
 */
import { join, relative, resolve } from 'node:path';
import { connectDb, migrateToLatest } from '../src/server/db/index.ts';
import { buildPagesOnce, removePageBuildLeftovers } from '../src/server/pages/index.ts';
import { configOrExit, exitWith } from './cli.ts';

const root = resolve(import.meta.dirname, '..');
const config = configOrExit();
const db = connectDb(config);
try {
  await migrateToLatest(db.kysely);
  await removePageBuildLeftovers({
    root,
    distDir: config.distDir,
    workDir: join(config.dataDir, 'build'),
  });
  const built = await buildPagesOnce({
    root,
    distDir: config.distDir,
    dataDir: config.dataDir,
    siteUrl: config.siteUrl,
    db: db.kysely,
    now: Date.now,
    full: true,
  });
  if (built) {
    console.log(
      `built ${relative(process.cwd(), config.distDir) || '.'}/ in ${(built.ms / 1000).toFixed(1)} s: ` +
        `${built.pages} content pages rendered from the database, with the search index`,
    );
  }
} catch (error) {
  exitWith(error);
} finally {
  await db.close();
}
