/**
 * `npm run build`: builds the site into ./dist (astro build, Pagefind when installed, CDN rewrite
 * rules) and prints a one-line summary. Exits non-zero when the build fails.
 */
import { join, relative, resolve } from 'node:path';
import { buildSite } from '../src/server/site/build.ts';

const root = resolve(import.meta.dirname, '..');
const outDir = join(root, 'dist');

try {
  const result = await buildSite({ root, outDir });
  const mb = (result.bytes / 1024 / 1024).toFixed(1);
  const search = result.searchIndex ? ', search index' : '';
  console.log(
    `built ${relative(process.cwd(), outDir) || '.'}/ in ${(result.ms / 1000).toFixed(1)} s: ` +
      `${result.pages} pages, ${result.files} files, ${mb} MB${search}`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
