import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { pageScripts, scriptsOfHtml, staticImports } from './page-scripts.ts';

let dist: string;

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'atrium-page-scripts-'));
  await mkdir(join(dist, '_astro'));
  const files: Record<string, string> = {
    'entry.js': 'import{t as e}from"./shared.js";import"./side.js";import(`./later.js`);e();',
    'shared.js': 'export function t(){}',
    'side.js': 'export{x}from"./deep.js";',
    'deep.js': 'export const x=1;',
    'later.js': 'import"./never.js";',
    'island.js': 'export default 1;',
    'react.js': 'export default 2;',
    'visible.js': 'export default 3;',
  };
  for (const [name, body] of Object.entries(files))
    await writeFile(join(dist, '_astro', name), body);
  await writeFile(join(dist, '_astro', 'shared.js.br'), 'xx');
});

afterAll(async () => {
  await rm(dist, { recursive: true, force: true });
});

test('static imports are followed, dynamic ones are not', () => {
  expect(
    staticImports(
      'import{a as b}from"./a.js";export*from"../b.js";import"./c.js";import(`./d.js`)',
    ),
  ).toEqual(['./a.js', '../b.js', './c.js']);
});

test('eager islands count with their renderer; visible and interaction islands do not', () => {
  const html = [
    '<script type="application/ld+json">{}</script><script>var a=1</script>',
    '<script type="module" src="/_astro/entry.js"></script>',
    '<astro-island uid="1" component-url="/_astro/island.js" renderer-url="/_astro/react.js" client="load">',
    '<astro-island uid="2" component-url="/_astro/visible.js" renderer-url="/_astro/react.js" client="visible">',
    '<astro-island uid="3" component-url="/_astro/visible.js" client="interaction">',
  ].join('');
  expect(scriptsOfHtml(html)).toEqual({
    entries: ['/_astro/entry.js', '/_astro/island.js', '/_astro/react.js'],
    eagerIslands: ['/_astro/island.js'],
    inline: ['var a=1'],
  });
});

test('a page weighs its files as sent (the brotli copy when there is one) and its inline code', async () => {
  const page = join(dist, 'index.html');
  await writeFile(
    page,
    '<script>var a=1</script><script type="module" src="/_astro/entry.js"></script>',
  );
  const scripts = await pageScripts(dist, page);
  expect(scripts.files).toEqual([
    '/_astro/entry.js',
    '/_astro/shared.js',
    '/_astro/side.js',
    '/_astro/deep.js',
  ]);
  const entry = 'import{t as e}from"./shared.js";import"./side.js";import(`./later.js`);e();';
  expect(scripts.fileBytes).toBe(
    entry.length + 2 + 'export{x}from"./deep.js";'.length + 'export const x=1;'.length,
  );
  expect(scripts.inlineBytes).toBeGreaterThan(0);
  expect(scripts.eagerIslands).toEqual([]);
});
