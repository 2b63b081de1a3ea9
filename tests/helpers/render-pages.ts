/**
 * The pages of some site data, made as the page pipeline makes them (src/server/pages): the
 * compiled site's static files plus every content page rendered from the data. For tests that
 * check the built output without a database.
 */
import { cp, mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { SiteData } from '../../src/lib/shared/site-data.ts';
import { compile } from '../../src/server/pages/compile.ts';
import { Renderer, type RenderResult } from '../../src/server/pages/renderer.ts';

export const ROOT = resolve(import.meta.dirname, '../..');

export async function renderPages(
  data: SiteData,
  options: { siteUrl: string; outDir: string; workDir: string },
): Promise<RenderResult> {
  const compiled = await compile({
    root: ROOT,
    settings: { siteUrl: options.siteUrl, public: {} },
    output: null,
  });
  await cp(join(compiled.dir, 'client'), options.outDir, { recursive: true });
  await mkdir(options.workDir, { recursive: true });
  const dataFile = join(options.workDir, 'site-data.json');
  await writeFile(dataFile, JSON.stringify(data));
  const renderer = new Renderer({
    root: ROOT,
    renderCache: join(options.workDir, 'render-cache'),
    idleMs: 0,
  });
  try {
    return await renderer.render(compiled.dir, {
      dataFile,
      outDir: options.outDir,
      previous: null,
      origin: options.siteUrl,
    });
  } finally {
    await renderer.close();
  }
}
