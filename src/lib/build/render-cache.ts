/**
 * Article rendering for the build: each Markdown text is rendered once per build (the article
 * page and the feeds share it) and, when RENDER_CACHE_ENV names a folder, kept there between builds
 * by a hash of the site's origin and the text. The server empties the folder whenever the sources
 * (the renderer among them) are newer than the last build, and drops entries a build did not use.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { RENDER_CACHE_ENV } from '../shared/blog-snapshot.ts';
import { renderArticle, type RenderedArticle } from '../markdown/render.ts';

/**
 * Renders kept in memory, for the pages of one build that show the same article (its page and the
 * feeds). Bounded: the render worker lives across builds, and holding every article of a large
 * site made it grow by hundreds of MB; past the bound the folder (or a new render) serves.
 */
const rendered = new Map<string, Promise<RenderedArticle>>();
const RENDERED_MAX = 200;

async function fromDisk(dir: string, key: string, markdown: string): Promise<RenderedArticle> {
  const file = join(dir, `${key}.json`);
  try {
    const hit = JSON.parse(await readFile(file, 'utf8')) as RenderedArticle;
    const now = new Date();
    await utimes(file, now, now); // used by this build: kept by the server's prune
    return hit;
  } catch {
    // not cached yet (or unreadable): render it
  }
  const result = await renderArticle(markdown);
  await mkdir(dir, { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, JSON.stringify(result));
  await rename(temp, file);
  return result;
}

/** renderArticle, once per text per build, and across builds through the cache folder. */
export function renderForBuild(markdown: string): Promise<RenderedArticle> {
  const site = import.meta.env.SITE ?? '';
  const key = createHash('sha256').update(`${site}\0${markdown}`).digest('hex');
  let result = rendered.get(key);
  if (result === undefined) {
    const dir = process.env[RENDER_CACHE_ENV]?.trim();
    result = dir ? fromDisk(dir, key, markdown) : renderArticle(markdown);
    if (rendered.size >= RENDERED_MAX) rendered.clear();
    rendered.set(key, result);
  }
  return result;
}
