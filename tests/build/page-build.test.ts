/**
 * The page pipeline on a real database and a real compilation (src/server/pages): a change
 * renders only the pages it affects, and the pages it leaves are byte for byte the pages a full
 * build of the same data makes — search index included. Same data, same files, on any run.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { READER_JS_BUDGET, pageScripts } from '../../src/lib/build/page-scripts.ts';
import { Role } from '../../src/lib/shared/permissions.ts';
import { seedDemoContent } from '../../src/server/blog/index.ts';
import { PageBuilder, BUILD_INFO_FILE, type PageBuild } from '../../src/server/pages/page-build.ts';
import { Renderer } from '../../src/server/pages/renderer.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { ROOT } from '../helpers/render-pages.ts';

const SITE = 'http://127.0.0.1:46447';

let t: TestApp;
let work: string;
let token: string;
const renderers: Renderer[] = [];

function builder(distDir: string, siteUrl = SITE): PageBuilder {
  const renderer = new Renderer({ root: ROOT, renderCache: join(work, 'cache'), idleMs: 0 });
  renderers.push(renderer);
  return new PageBuilder({
    root: ROOT,
    distDir,
    workDir: join(work, 'work'),
    settings: { siteUrl, public: {} },
    db: t.testDb.db.kysely,
    now: Date.now,
    renderer,
    output: null,
  });
}

async function call(method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const res = await t.app.inject({
    method,
    url: `/api/blog${url}`,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });
  const body = res.json();
  expect(body.code, `${method} ${url}: ${body.message}`).toBe(1);
  return body.data;
}

/** Every file under `dir` (relative path → digest of its bytes), but the build info. */
async function filesOf(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/');
    if (path === BUILD_INFO_FILE) continue;
    const bytes = await readFile(join(dir, path));
    out.set(path, createHash('sha256').update(bytes).digest('hex'));
  }
  return out;
}

async function built(build: Promise<PageBuild | null>): Promise<PageBuild> {
  const result = await build;
  expect(result).not.toBeNull();
  await result?.search;
  return result as PageBuild;
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'atrium-page-build-'));
  t = await createTestApp('sqlite');
  await seedDemoContent(t.testDb.db.kysely);
  token = (await t.signUp({ roles: [Role.BLOG_ADMIN] })).token;
}, 60_000);

afterAll(async () => {
  await Promise.all(renderers.map((r) => r.close()));
  await t?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

test('a change renders only what it affects, and leaves the files a full build makes', async () => {
  const live = join(work, 'live');
  const pages = builder(live);
  const first = await built(pages.build());
  expect(first.kind).toBe('full');
  expect(await pages.build()).toBeNull(); // nothing changed
  const [anyCategory] = await t.testDb.db.kysely
    .selectFrom('blog_categories')
    .select('id')
    .execute();
  await call('POST', '/article', {
    title: 'A draft',
    content: 'Not yet.',
    categoryId: anyCategory?.id,
    status: 'draft',
  });
  expect(await pages.build()).toBeNull(); // a draft: readers see nothing new

  // A new article in a new category, an edit, a deletion.
  const category = await call('POST', '/category', { name: 'Pipeline' });
  const created = await call('POST', '/article', {
    title: 'Made after the first build',
    content: '# New\n\nWith **some** text and a [link](https://example.test).',
    categoryId: category.id,
    tagNames: ['pipeline'],
    status: 'published',
  });
  const change = await built(pages.build());
  expect(change.kind).toBe('changes');
  expect(change.rendered).toBeGreaterThan(0);
  expect(change.rendered).toBeLessThan(change.pages);
  expect(existsSync(join(live, 'blog', created.id, 'index.html'))).toBe(true);
  expect(await readFile(join(live, 'blog', created.id, 'index.html'), 'utf8')).toContain(
    'Made after the first build',
  );

  await call('PUT', `/article/${created.id}`, {
    title: 'Renamed after the first build',
    content: 'Shorter.',
    categoryId: category.id,
    status: 'published',
  });
  const [gone] = (await t.testDb.db.kysely.selectFrom('blog_articles').select('id').execute())
    .map((r) => r.id)
    .filter((id) => id !== created.id);
  // Built without waiting for its search index: the next build stops that index and makes its own.
  const superseded = await pages.build();
  expect(superseded?.kind).toBe('changes');
  await call('DELETE', `/article/${gone}`);
  const second = await built(pages.build());
  await expect(superseded?.search).resolves.toBeUndefined();
  expect(second.kind).toBe('changes');
  expect(second.removed).toBeGreaterThan(0);
  expect(existsSync(join(live, 'blog', String(gone)))).toBe(false);

  // The same data, built whole into another folder: the very same files.
  const whole = join(work, 'whole');
  const full = await built(builder(whole).build({ full: true }));
  expect(full.kind).toBe('full');
  expect(full.info.pages).toEqual(second.info.pages);
  const [incremental, fresh] = await Promise.all([filesOf(live), filesOf(whole)]);
  expect([...incremental.keys()].sort()).toEqual([...fresh.keys()].sort());
  // What is compared: the content pages, the compiled ones and the search index.
  expect(fresh.has(`blog/${created.id}/index.html`)).toBe(true);
  expect(fresh.has('auth/login/index.html')).toBe(true);
  expect([...fresh.keys()].filter((path) => path.startsWith('pagefind/')).length).toBeGreaterThan(
    3,
  );
  const differ = [...fresh].filter(([path, digest]) => incremental.get(path) !== digest);
  expect(differ.map(([path]) => path)).toEqual([]);
}, 300_000);

test('another origin makes a full build, with every link at the new origin', async () => {
  const dist = join(work, 'moved');
  await built(builder(dist).build());
  const moved = await built(builder(dist, 'http://127.0.0.1:46448').build());
  expect(moved.kind).toBe('full');
  expect(await readFile(join(dist, 'sitemap.xml'), 'utf8')).toContain('http://127.0.0.1:46448/');
  expect(await readFile(join(dist, 'sitemap.xml'), 'utf8')).not.toContain(SITE);
}, 300_000);

/**
 * Pages a reader may land on: every page but the guarded routes' (the layout marks them
 * `<html data-guarded-route>`), the sign-in forms under /auth (an app, not reading) and the shells
 * (`…/_/`), which load what the prebuilt pages did not hold yet.
 */
function isReaderPage(path: string, html: string): boolean {
  return (
    !/<html[^>]*\sdata-guarded-route/.test(html) &&
    !path.startsWith('auth/') &&
    !path.split('/').includes('_')
  );
}

test('a reader loads at most 4 KiB of JavaScript before interacting, and no island at once', async () => {
  const dist = join(work, 'budget');
  await built(builder(dist).build());
  const weights = new Map<string, number>();
  for (const path of (await filesOf(dist)).keys()) {
    if (!path.endsWith('index.html')) continue;
    const file = join(dist, path);
    if (!isReaderPage(path, await readFile(file, 'utf8'))) continue;
    const scripts = await pageScripts(dist, file);
    expect(scripts.eagerIslands, path).toEqual([]);
    weights.set(path, scripts.fileBytes);
  }
  const over = [...weights].filter(([, bytes]) => bytes > READER_JS_BUDGET);
  expect(over).toEqual([]);
  // The pages the budget is for are among those checked, and each loads something (the guard).
  const [article] = await t.testDb.db.kysely.selectFrom('blog_articles').select('id').execute();
  for (const path of [
    'index.html',
    'blog/index.html',
    `blog/${article?.id}/index.html`,
    'blog/contact/index.html',
    'blog/search/index.html',
  ]) {
    expect(weights.get(path), path).toBeGreaterThan(0);
  }
  expect([...weights.keys()].some((path) => path.startsWith('blog/category/'))).toBe(true);
}, 300_000);
