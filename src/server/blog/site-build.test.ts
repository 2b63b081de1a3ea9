import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { removeDir, writeFiles } from '../site/test-fixture.ts';
import { startBlog, type BlogTest } from './blog.test-helpers.ts';
import { buildSiteFromDb } from './site-build.ts';

/** A stand-in for `astro build` that keeps the snapshot it was given as its only page's text. */
const FAKE_ASTRO = `
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
const args = process.argv.slice(2);
const out = args[args.indexOf('--outDir') + 1];
mkdirSync(out, { recursive: true });
writeFileSync(out + '/index.html', readFileSync(process.env.ATRIUM_BLOG_SNAPSHOT, 'utf8'));
`;

let b: BlogTest;
let root = '';
afterEach(async () => {
  await b.t.close();
  await removeDir(root);
});

test('a build follows what readers see: nothing to do for a draft, a build for a publication', async () => {
  b = await startBlog('sqlite');
  root = await mkdtemp(join(tmpdir(), 'atrium-site-build-'));
  await writeFiles(root, {
    'package.json': '{"type":"module"}',
    'astro.config.mjs': 'export default {};',
    'node_modules/astro/package.json': '{"name":"astro","bin":{"astro":"./bin/astro.mjs"}}',
    'node_modules/astro/bin/astro.mjs': FAKE_ASTRO,
  });
  const options = {
    root,
    distDir: join(root, 'dist'),
    workDir: join(root, 'work'),
    db: b.t.testDb.db.kysely,
    now: () => b.clock.now,
    output: null,
    onlyIfChanged: true,
  };
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
