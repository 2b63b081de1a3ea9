// @vitest-environment node
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { RENDER_CACHE_ENV } from '../shared/blog-snapshot.ts';

let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atrium-render-'));
  vi.stubEnv(RENDER_CACHE_ENV, dir);
  vi.resetModules();
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await rm(dir, { recursive: true, force: true });
});

const keyOf = (markdown: string) =>
  createHash('sha256')
    .update(`${import.meta.env.SITE ?? ''}\0${markdown}`)
    .digest('hex');

test('renders each text once per build and keeps it for the next build', async () => {
  const { renderForBuild } = await import('./render-cache.ts');
  const first = await renderForBuild('## Hello\n\n| a |\n|---|\n| 1 |');
  expect(first.html).toContain('<table>');
  expect(await renderForBuild('## Hello\n\n| a |\n|---|\n| 1 |')).toBe(first);
  const files = await readdir(dir);
  expect(files).toEqual([`${keyOf('## Hello\n\n| a |\n|---|\n| 1 |')}.json`]);
  expect(JSON.parse(await readFile(join(dir, files[0] ?? ''), 'utf8'))).toEqual(first);
});

test('a later build takes a kept render instead of rendering again', async () => {
  const kept = { html: '<p>kept</p>', toc: [], readingMinutes: 7 };
  await writeFile(join(dir, `${keyOf('# Changed?')}.json`), JSON.stringify(kept));
  const { renderForBuild } = await import('./render-cache.ts');
  expect(await renderForBuild('# Changed?')).toEqual(kept);
  // Another text is rendered for real.
  expect((await renderForBuild('# Other')).html).toContain('Other');
});
