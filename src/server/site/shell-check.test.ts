/**
 * A dynamic route whose shell shows one record (`/blog/:id`) is given an "does this id exist?"
 * check: an id the build did not write gets the shell only when it exists, else the 404 page with
 * status 404 — on the fast path, through Fastify, for GET and HEAD alike.
 */
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sitePlugin, type SitePluginOptions } from './site.plugin.ts';
import { FIXTURE, html, makeDist, removeDir } from './test-fixture.ts';

const PREBUILT = '0195f000-0000-7000-8000-000000000001';
const UNBUILT = '0195f000-0000-7000-8000-000000000002';
const FILES = {
  ...FIXTURE,
  'blog/_/index.html': html('Article shell'),
  [`blog/${PREBUILT}/index.html`]: html('Prebuilt article'),
};

interface Site {
  app: FastifyInstance;
  port: number;
  /** Every id the check was asked about, in order. */
  asked: string[];
  /** Requests that reached Fastify. */
  seen: string[];
}

async function makeSite(
  dist: string,
  fastPath: boolean,
  exists: (id: string) => Promise<boolean>,
): Promise<Site> {
  const app = Fastify();
  const asked: string[] = [];
  const seen: string[] = [];
  app.addHook('onRequest', async (req) => {
    seen.push(req.url);
  });
  app.setNotFoundHandler((_request, reply) => {
    void reply.code(404).send({ code: -404 });
  });
  const options: SitePluginOptions = {
    distDir: dist,
    fastPath,
    idExists: {
      '/blog/:id': (id) => {
        asked.push(id);
        return exists(id);
      },
    },
  };
  await app.register(sitePlugin, options);
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, port: (app.server.address() as AddressInfo).port, asked, seen };
}

function raw(port: number, path: string, method = 'GET') {
  return new Promise<{ status: number; body: string; length: string | undefined }>(
    (resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path, method }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            length: res.headers['content-length'],
          }),
        );
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    },
  );
}

const NOT_FOUND_PAGE = FIXTURE['404.html'] as string;
const inDb = async (id: string) => id === UNBUILT;

let dist: string;
let fast: Site;
let slow: Site;

beforeAll(async () => {
  dist = await makeDist(FILES);
  fast = await makeSite(dist, true, inDb);
  slow = await makeSite(dist, false, inDb);
});

afterAll(async () => {
  await fast?.app.close();
  await slow?.app.close();
  await removeDir(dist);
});

describe.each([
  ['the fast path', () => fast],
  ['Fastify alone', () => slow],
])('%s', (_name, site) => {
  test('an id that does not exist gets the 404 page with status 404, GET and HEAD', async () => {
    const { port, asked } = site();
    asked.length = 0;
    for (const path of ['/blog/does-not-exist-123', '/blog/does-not-exist-123/', '/blog/x?a=1']) {
      const get = await raw(port, path);
      expect(get.status, path).toBe(404);
      expect(get.body, path).toBe(NOT_FOUND_PAGE);
      const head = await raw(port, path, 'HEAD');
      expect(head.status, path).toBe(404);
      expect(head.body, path).toBe('');
      expect(head.length, path).toBe(get.length);
    }
    expect(asked).toEqual([
      'does-not-exist-123',
      'does-not-exist-123',
      'does-not-exist-123',
      'does-not-exist-123',
      'x',
      'x',
    ]);
  });

  test('an id that exists but is not built yet gets the shell', async () => {
    const { port } = site();
    const get = await raw(port, `/blog/${UNBUILT}`);
    expect(get.status).toBe(200);
    expect(get.body).toContain('<h1>Article shell</h1>');
    const head = await raw(port, `/blog/${UNBUILT}`, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.length).toBe(get.length);
  });

  test('a prebuilt article is served without asking', async () => {
    const { port, asked } = site();
    asked.length = 0;
    const res = await raw(port, `/blog/${PREBUILT}`);
    expect(res.status).toBe(200);
    expect(res.body).toContain('<h1>Prebuilt article</h1>');
    expect(asked).toEqual([]);
  });

  test.each([
    '/blog/a%20b',
    '/blog/%00',
    '/blog/..%2f..%2fetc%2fpasswd',
    '/blog/%E4%B8%AD%E6%96%87',
    `/blog/${'x'.repeat(65)}`,
    '/blog/a/b',
    '/blog/a.html',
  ])('a malformed id is a 404 and never reaches the check: %s', async (path) => {
    const { port, asked } = site();
    asked.length = 0;
    const res = await raw(port, path);
    expect(res.status).toBe(404);
    expect(res.body).toBe(NOT_FOUND_PAGE);
    expect(asked).toEqual([]);
  });

  test('the shell’s own address is no article', async () => {
    for (const path of ['/blog/_', '/blog/_/', '/blog/_/index.html']) {
      expect((await raw(site().port, path)).status, path).toBe(404);
    }
  });

  test('dynamic routes without a check keep their shell for any id', async () => {
    const res = await raw(site().port, '/admin/user/edit/42');
    expect(res.status).toBe(200);
    expect(res.body).toContain('Edit user shell');
  });
});

test('prebuilt pages stay on the fast path; checked shells go through Fastify', async () => {
  fast.seen.length = 0;
  await raw(fast.port, `/blog/${PREBUILT}`);
  await raw(fast.port, '/admin/user/edit/42');
  expect(fast.seen).toEqual([]);
  await raw(fast.port, `/blog/${UNBUILT}`);
  expect(fast.seen).toEqual([`/blog/${UNBUILT}`]);
});

test('a check that fails serves the shell, which reports the failure itself', async () => {
  const local = await makeSite(dist, false, () => Promise.reject(new Error('database down')));
  try {
    const res = await local.app.inject({ url: '/blog/anything' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h1>Article shell</h1>');
  } finally {
    await local.app.close();
  }
});

test('a check for a route that is not dynamic is refused at registration', async () => {
  const app = Fastify();
  await expect(
    app.register(sitePlugin, { distDir: dist, idExists: { '/blog/contact': inDb } }),
  ).rejects.toThrow(/\/blog\/contact is not a dynamic route/);
  await app.close();
});
