import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { buildSite, isBuildStale, removeBuildLeftovers } from './build.ts';
import { deadPid, removeDir, writeFiles } from './test-fixture.ts';

/** A stand-in for `astro build`: writes pages into --outDir, or fails when asked to. */
const FAKE_ASTRO = `
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
const args = process.argv.slice(2);
const out = args[args.indexOf('--outDir') + 1];
if (process.env.FAKE_FAIL) { console.error('boom: ' + process.env.FAKE_FAIL); process.exit(3); }
mkdirSync(join(out, 'a'), { recursive: true });
writeFileSync(join(out, 'index.html'), '<h1>' + (process.env.FAKE_TITLE ?? 'home') + '</h1>');
writeFileSync(join(out, 'a', 'index.html'), '<h1>a</h1>');
writeFileSync(join(out, 'x.js'), 'x');
console.log('built by fake astro ' + args.join(' '));
`;

let roots: string[] = [];
afterEach(async () => {
  await Promise.all(roots.map(removeDir));
  roots = [];
});

async function fakeProject(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'atrium-build-'));
  roots.push(root);
  await writeFiles(root, {
    'package.json': '{"type":"module"}',
    'astro.config.mjs': 'export default {};',
    'src/pages/index.astro': '---\n---\n<h1>home</h1>',
    'src/server/app.ts': 'export {};',
    'public/robots.txt': 'User-agent: *',
    'node_modules/astro/package.json': '{"name":"astro","bin":{"astro":"./bin/astro.mjs"}}',
    'node_modules/astro/bin/astro.mjs': FAKE_ASTRO,
  });
  return root;
}

/** Sets every file under `root` (but node_modules) to `seconds` since the epoch. */
async function ageAll(root: string, seconds: number) {
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) await utimes(join(entry.parentPath, entry.name), seconds, seconds);
  }
}

describe('buildSite', () => {
  test('builds, writes the CDN rules and swaps the output in', async () => {
    const root = await fakeProject();
    const outDir = join(root, 'dist');
    await mkdir(outDir);
    await writeFile(join(outDir, 'stale.html'), 'old');
    const result = await buildSite({ root, outDir, output: null });
    expect(result).toMatchObject({ outDir, pages: 2, files: 5, searchIndex: false });
    expect(await readFile(join(outDir, 'index.html'), 'utf8')).toBe('<h1>home</h1>');
    expect(existsSync(join(outDir, 'stale.html'))).toBe(false);
    expect(await readFile(join(outDir, '_redirects'), 'utf8')).toContain(
      '/admin/user/edit/_/  200',
    );
    expect(await readFile(join(outDir, 'nginx-rewrites.conf'), 'utf8')).toContain(
      'error_page 404 /404.html;',
    );
    // Nothing left beside the output.
    expect((await readdir(root)).filter((n) => n.startsWith('.dist'))).toEqual([]);
  });

  test('a failed build keeps the previous output and reports the builder’s words', async () => {
    const root = await fakeProject();
    const outDir = join(root, 'dist');
    await buildSite({ root, outDir, output: null });
    await expect(
      buildSite({ root, outDir, output: null, env: { FAKE_FAIL: 'bad page' } }),
    ).rejects.toThrow(/astro build failed \(exit 3\):[\s\S]*boom: bad page/);
    expect(await readFile(join(outDir, 'index.html'), 'utf8')).toBe('<h1>home</h1>');
    expect((await readdir(root)).filter((n) => n.startsWith('.dist'))).toEqual([]);
  });

  test('builds to one output run one at a time, the last one winning', async () => {
    const root = await fakeProject();
    const outDir = join(root, 'dist');
    await Promise.all(
      ['one', 'two', 'three'].map((title) =>
        buildSite({ root, outDir, output: null, env: { FAKE_TITLE: title } }),
      ),
    );
    expect(await readFile(join(outDir, 'index.html'), 'utf8')).toBe('<h1>three</h1>');
  });

  test('says so when astro is not installed', async () => {
    const root = await mkdtemp(join(tmpdir(), 'atrium-build-'));
    roots.push(root);
    await expect(buildSite({ root, outDir: join(root, 'dist') })).rejects.toThrow(
      /astro is not installed/,
    );
  });
});

describe('isBuildStale', () => {
  test('stale without an index.html, fresh after a build, stale after an input changes', async () => {
    const root = await fakeProject();
    const outDir = join(root, 'dist');
    expect(isBuildStale(root, outDir)).toBe(true);
    await ageAll(root, 1_000_000);
    await writeFiles(outDir, { 'index.html': 'x' });
    await utimes(join(outDir, 'index.html'), 2_000_000, 2_000_000);
    expect(isBuildStale(root, outDir)).toBe(false);

    for (const input of ['src/pages/index.astro', 'public/robots.txt', 'astro.config.mjs']) {
      await utimes(join(root, input), 3_000_000, 3_000_000);
      expect(isBuildStale(root, outDir), input).toBe(true);
      await utimes(join(root, input), 1_000_000, 1_000_000);
    }
    await writeFiles(root, { '.env': 'PUBLIC_KILL_MAINTENANCE=false' });
    expect(isBuildStale(root, outDir), '.env').toBe(true);
    await utimes(join(root, '.env'), 1_000_000, 1_000_000);
    expect(isBuildStale(root, outDir)).toBe(false);
    await writeFiles(root, { 'src/lib/new.ts': 'export {};' });
    expect(isBuildStale(root, outDir)).toBe(true);
  });

  test('server code and tests do not make the pages stale', async () => {
    const root = await fakeProject();
    const outDir = join(root, 'dist');
    await ageAll(root, 1_000_000);
    await writeFiles(outDir, { 'index.html': 'x' });
    await writeFiles(root, { 'src/server/new.ts': 'export {};', 'src/lib/a.test.ts': '' });
    await utimes(join(outDir, 'index.html'), 2_000_000, 2_000_000);
    await utimes(join(root, 'src/server/new.ts'), 3_000_000, 3_000_000);
    await utimes(join(root, 'src/lib/a.test.ts'), 3_000_000, 3_000_000);
    expect(isBuildStale(root, outDir)).toBe(false);
  });
});

describe('removeBuildLeftovers', () => {
  test('removes what a killed build left beside the output, not a running build’s', async () => {
    const root = await mkdtemp(join(tmpdir(), 'atrium-build-'));
    roots.push(root);
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

    const removed = await removeBuildLeftovers(join(root, 'dist'));

    expect(removed.sort()).toEqual(
      [names.deadWork, names.deadOld].map((n) => join(root, n)).sort(),
    );
    expect((await readdir(root)).sort()).toEqual(
      [
        'dist',
        names.liveOld,
        names.liveWork,
        names.otherOutput,
        names.noPid,
        names.userFile,
      ].sort(),
    );
    expect(await readFile(join(root, 'dist', 'index.html'), 'utf8')).toBe('live pages');
  });

  test('nothing to do when the output’s folder does not exist yet', async () => {
    expect(await removeBuildLeftovers(join(tmpdir(), 'atrium-no-such-dir', 'dist'))).toEqual([]);
  });
});
