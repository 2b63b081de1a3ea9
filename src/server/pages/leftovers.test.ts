import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { deadPid, removeDir, writeFiles } from '../site/test-fixture.ts';
import { compiledRoot } from './compile.ts';
import { removeDeadLeftovers, removePageBuildLeftovers } from './leftovers.ts';

let roots: string[] = [];
afterEach(async () => {
  await Promise.all(roots.map(removeDir));
  roots = [];
});

async function tempRoot(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'atrium-leftovers-'));
  roots.push(root);
  return root;
}

test('removes what a killed build left beside the pages, not a running build’s', async () => {
  const root = await tempRoot();
  const dead = await deadPid();
  const live = process.pid;
  const names = {
    deadWork: `.dist.building-${dead}-1700000000000`,
    deadOld: `.dist.old-${dead}-1700000000001`,
    liveWork: `.dist.building-${live}-1700000000002`,
    liveOld: `.dist.old-${live}-1700000000003`,
    // Not ours: another output's leftovers, and look-alikes.
    otherOutput: `.public.building-${dead}-1700000000004`,
    noPid: '.dist.building-x-1',
    userFile: `dist.building-${dead}-1`,
  };
  for (const name of Object.values(names)) {
    await writeFiles(join(root, name), { 'index.html': 'x', 'a/b.html': 'y' });
  }
  await writeFiles(join(root, 'dist'), { 'index.html': 'live pages' });

  const removed = await removePageBuildLeftovers({
    root,
    distDir: join(root, 'dist'),
    workDir: join(root, 'work'),
  });

  expect(removed.sort()).toEqual([names.deadWork, names.deadOld].map((n) => join(root, n)).sort());
  expect((await readdir(root)).sort()).toEqual(
    ['dist', names.liveOld, names.liveWork, names.otherOutput, names.noPid, names.userFile].sort(),
  );
  expect(await readFile(join(root, 'dist', 'index.html'), 'utf8')).toBe('live pages');
});

test('removes the data files, staging and search folders, half compilations and cache temp files of dead builds', async () => {
  const root = await tempRoot();
  const workDir = join(root, 'work');
  const dead = await deadPid();
  const live = process.pid;
  const key = 'a'.repeat(64);
  await writeFiles(workDir, {
    [`site-data-${dead}-1700000000000.json`]: '{}',
    [`site-data-${live}-1700000000000.json`]: '{}',
    [`staging-${dead}-1700000000000/blog/index.html`]: 'x',
    [`search-${dead}-1700000000000/pagefind/x`]: 'x',
    [`staging-${live}-1700000000000/blog/index.html`]: 'x',
    'dev-blog-snapshot.json': '{}',
    [`render-cache/${key}.json`]: '{}',
    [`render-cache/${key}.json.${dead}.tmp`]: '{',
    [`render-cache/${key}.json.${live}.tmp`]: '{',
  });
  const compiled = compiledRoot(root);
  await writeFiles(compiled, {
    [`.0123abcd.building-${dead}-1700000000000/client/index.html`]: 'x',
    [`.0123abcd.building-${live}-1700000000000/client/index.html`]: 'x',
    '0123abcd/.compiled': 'done',
  });

  const removed = await removePageBuildLeftovers({ root, distDir: join(root, 'dist'), workDir });

  expect(removed.map((path) => path.slice(root.length + 1)).sort()).toEqual(
    [
      `node_modules/.cache/atrium/.0123abcd.building-${dead}-1700000000000`,
      `work/render-cache/${key}.json.${dead}.tmp`,
      `work/search-${dead}-1700000000000`,
      `work/site-data-${dead}-1700000000000.json`,
      `work/staging-${dead}-1700000000000`,
    ].sort(),
  );
  expect((await readdir(workDir)).sort()).toEqual(
    [
      'dev-blog-snapshot.json',
      'render-cache',
      `site-data-${live}-1700000000000.json`,
      `staging-${live}-1700000000000`,
    ].sort(),
  );
  expect((await readdir(compiled)).sort()).toEqual(
    ['0123abcd', `.0123abcd.building-${live}-1700000000000`].sort(),
  );
});

test('nothing to do when the folders do not exist yet', async () => {
  expect(await removeDeadLeftovers(join(tmpdir(), 'atrium-no-such-dir'), /^(\d+)$/)).toEqual([]);
});
