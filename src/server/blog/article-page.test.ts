/**
 * `/blog/{id}` on the whole app: a prebuilt article is its page, an article the build does not hold
 * yet is the article shell, and an id that is in neither is the 404 page with status 404.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestDb, DIALECTS, type TestDb } from '../../../tests/helpers/test-db.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { FIXTURE, html, makeDist, removeDir } from '../site/test-fixture.ts';
import { seedDemoContent } from './demo-content.ts';

describe.each(DIALECTS)('%s', (dialect) => {
  let testDb: TestDb;
  let app: FastifyInstance;
  let dist: string;
  let root: string;
  let prebuilt: string;
  let unbuilt: string;

  beforeAll(async () => {
    testDb = await createTestDb(dialect);
    await seedDemoContent(testDb.db.kysely);
    const rows = await testDb.db.kysely
      .selectFrom('blog_articles')
      .select('id')
      .orderBy('id')
      .execute();
    [prebuilt, unbuilt] = rows.map((r) => r.id) as [string, string];
    dist = await makeDist({
      ...FIXTURE,
      'blog/_/index.html': html('Article shell'),
      [`blog/${prebuilt}/index.html`]: html('Prebuilt article'),
    });
    // No astro here: a rebuild, were one to start, could not touch the checkout.
    root = await mkdtemp(join(tmpdir(), 'atrium-article-page-'));
    app = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'silent', DIST_DIR: dist }),
      db: testDb.db,
      serveSite: true,
      siteRoot: root,
      rebuildDebounceMs: 600_000,
    });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
    await removeDir(dist);
    await removeDir(root);
  });

  test('an id in neither the pages nor the database is the 404 page, status 404', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await app.inject({ method, url: '/blog/does-not-exist-123' });
      expect(res.statusCode, method).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      if (method === 'GET') expect(res.body).toBe(FIXTURE['404.html']);
    }
    // A well-formed article id that no article has.
    const res = await app.inject({ url: `/blog/${unbuilt.slice(0, -4)}ffff` });
    expect(res.statusCode).toBe(404);
  });

  test('an article the pages do not hold yet is the article shell', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await app.inject({ method, url: `/blog/${unbuilt}` });
      expect(res.statusCode, method).toBe(200);
      if (method === 'GET') expect(res.body).toContain('<h1>Article shell</h1>');
    }
  });

  test('a prebuilt article is its page', async () => {
    const res = await app.inject({ url: `/blog/${prebuilt}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h1>Prebuilt article</h1>');
  });

  test.each([
    "/blog/1'%20OR%20'1'='1",
    '/blog/%27%3B--',
    '/blog/%00',
    '/blog/..%2f..%2fetc%2fpasswd',
    '/blog/%E4%B8%AD%E6%96%87',
    `/blog/${'f'.repeat(65)}`,
    `/blog/${'f'.repeat(64)}`,
    '/blog/_',
  ])('a malformed or unknown id is a 404: %s', async (url) => {
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(404);
    expect(res.body).toBe(FIXTURE['404.html']);
  });
});
