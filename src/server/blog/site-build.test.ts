import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { deadPid, removeDir, writeFiles } from '../site/test-fixture.ts';
import { startBlog, type BlogTest } from './blog.test-helpers.ts';
import { buildSiteFromDb, removeSiteBuildLeftovers } from './site-build.ts';

/** A stand-in for `astro build` that keeps the snapshot it was given as its only page's text. */
const FAKE_ASTRO = `
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
const args = process.argv.slice(2);
const out = args[args.indexOf('--outDir') + 1];
mkdirSync(out, { recursive: true });
writeFileSync(out + '/index.html', readFileSync(process.env.ATRIUM_BLOG_SNAPSHOT, 'utf8'));
writeFileSync(out + '/origin.txt', String(process.env.SITE_URL));
`;

let b: BlogTest;
let root = '';
afterEach(async () => {
  await b.t.close();
  await removeDir(root);
});

async function fakeProject() {
  b = await startBlog('sqlite');
  root = await mkdtemp(join(tmpdir(), 'atrium-site-build-'));
  await writeFiles(root, {
    'package.json': '{"type":"module"}',
    'astro.config.mjs': 'export default {};',
    'node_modules/astro/package.json': '{"name":"astro","bin":{"astro":"./bin/astro.mjs"}}',
    'node_modules/astro/bin/astro.mjs': FAKE_ASTRO,
  });
  return {
    root,
    distDir: join(root, 'dist'),
    workDir: join(root, 'work'),
    db: b.t.testDb.db.kysely,
    now: () => b.clock.now,
    output: null,
    onlyIfChanged: true,
    siteUrl: 'http://127.0.0.1:4321',
  };
}

test('a build follows what readers see: nothing to do for a draft, a build for a publication', async () => {
  const options = await fakeProject();
  const page = async () => readFile(join(root, 'dist', 'index.html'), 'utf8');

  expect(await buildSiteFromDb(options)).not.toBeNull(); // no pages yet
  expect(await buildSiteFromDb(options)).toBeNull();

  const tech = (await b.call('POST', '/category', b.admin, { name: 'Tech' })).body.data;
  const article = { title: 'Draft one', content: 'x', categoryId: tech.id, status: 'draft' };
  await b.call('POST', '/article', b.admin, article);
  // The category counts 0 visible articles either way, but it is new: a build.
  expect(await buildSiteFromDb(options)).not.toBeNull();
  const draft = await b.call('POST', '/article', b.admin, { ...article, title: 'Draft two' });
  expect(await buildSiteFromDb(options)).toBeNull();
  expect(await page()).not.toContain('Draft two');

  await b.call('PUT', `/article/${draft.body.data.id}`, b.admin, {
    ...article,
    title: 'Now public',
    status: 'published',
  });
  expect(await buildSiteFromDb(options)).not.toBeNull();
  expect(await page()).toContain('Now public');
  // Without the option, it always builds.
  expect(await buildSiteFromDb({ ...options, onlyIfChanged: false })).not.toBeNull();
});

test('the pages are built for the site’s origin, and rebuilt when it changed', async () => {
  const options = await fakeProject();
  const origin = async () => readFile(join(root, 'dist', 'origin.txt'), 'utf8');
  expect(await buildSiteFromDb(options)).not.toBeNull();
  expect(await origin()).toBe('http://127.0.0.1:4321');
  expect(await buildSiteFromDb(options)).toBeNull();
  // Started again on another port: same sources, same content, other links.
  const moved = { ...options, siteUrl: 'http://127.0.0.1:46445' };
  expect(await buildSiteFromDb(moved)).not.toBeNull();
  expect(await origin()).toBe('http://127.0.0.1:46445');
  expect(await buildSiteFromDb(moved)).toBeNull();
});

test('a start removes the snapshots and build folders of killed builds, not those of live ones', async () => {
  const options = await fakeProject();
  const dead = await deadPid();
  const live = process.pid;
  const key = 'a'.repeat(64);
  await writeFiles(options.workDir, {
    [`blog-snapshot-${dead}-1700000000000.json`]: '{}',
    [`blog-snapshot-${live}-1700000000000.json`]: '{}',
    'dev-blog-snapshot.json': '{}',
    [`render-cache/${key}.json`]: '{}',
    [`render-cache/${key}.json.${dead}.tmp`]: '{',
    [`render-cache/${key}.json.${live}.tmp`]: '{',
  });
  await writeFiles(root, {
    [`.dist.building-${dead}-1700000000000/index.html`]: 'x',
    [`.dist.building-${live}-1700000000000/index.html`]: 'x',
  });

  const removed = await removeSiteBuildLeftovers(options);

  expect(removed.map((path) => path.slice(root.length + 1)).sort()).toEqual([
    `.dist.building-${dead}-1700000000000`,
    `work/blog-snapshot-${dead}-1700000000000.json`,
    `work/render-cache/${key}.json.${dead}.tmp`,
  ]);
  expect((await readdir(options.workDir)).sort()).toEqual([
    `blog-snapshot-${live}-1700000000000.json`,
    'dev-blog-snapshot.json',
    'render-cache',
  ]);
  expect((await readdir(join(options.workDir, 'render-cache'))).sort()).toEqual([
    `${key}.json`,
    `${key}.json.${live}.tmp`,
  ]);
  expect(await readdir(root)).toContain(`.dist.building-${live}-1700000000000`);
});
