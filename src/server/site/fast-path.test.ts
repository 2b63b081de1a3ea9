import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sitePlugin } from './site.plugin.ts';
import { HTML_CSP, SECURITY_HEADERS } from './security-headers.ts';
import { FIXTURE, makeDist, removeDir } from './test-fixture.ts';

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function rawRequest(
  port: number,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** An app like the real one: helmet with an API CSP, a counting hook, an API route. */
async function makeApp(distDir: string, fastPath: boolean) {
  const app = Fastify();
  const seen: string[] = [];
  app.addHook('onRequest', async (request) => {
    seen.push(request.url);
  });
  await app.register(helmet, {
    contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], frameAncestors: ["'none'"] } },
  });
  app.get('/api/health', async () => ({ code: 1 }));
  app.setNotFoundHandler((_request, reply) => {
    void reply.code(404).send({ code: -404 });
  });
  await app.register(sitePlugin, { distDir, fastPath });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, seen, port: (app.server.address() as AddressInfo).port };
}

/** Headers that differ between two answers of the same thing. */
function comparable(headers: Raw['headers']) {
  const skip = new Set(['date', 'connection', 'keep-alive']);
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !skip.has(name)));
}

let dist: string;
let fast: { app: FastifyInstance; seen: string[]; port: number };
let slow: { app: FastifyInstance; seen: string[]; port: number };

beforeAll(async () => {
  dist = await makeDist();
  fast = await makeApp(dist, true);
  slow = await makeApp(dist, false);
});

afterAll(async () => {
  await fast?.app.close();
  await slow?.app.close();
  await removeDir(dist);
});

describe('the fast path', () => {
  test.each([
    ['/', {}],
    ['/a', { 'accept-encoding': 'gzip' }],
    ['/_astro/x.123.js', { 'accept-encoding': 'br, gzip' }],
    ['/admin/user/edit/9', { 'accept-encoding': 'br' }],
    ['/img.png', {}],
    ['/small.txt', { 'accept-encoding': 'gzip' }],
  ])('answers %s exactly as the Fastify route does', async (path, headers) => {
    const a = await rawRequest(fast.port, path, headers);
    const b = await rawRequest(slow.port, path, headers);
    expect(a.status).toBe(200);
    expect(comparable(a.headers)).toEqual(comparable(b.headers));
    expect(a.body.equals(b.body)).toBe(true);
  });

  test('answers 304 and HEAD as the Fastify route does', async () => {
    const first = await rawRequest(fast.port, '/a', { 'accept-encoding': 'br' });
    const etag = String(first.headers.etag);
    for (const port of [fast.port, slow.port]) {
      const notModified = await rawRequest(port, '/a', {
        'accept-encoding': 'br',
        'if-none-match': etag,
      });
      expect(notModified.status).toBe(304);
      expect(notModified.body.length).toBe(0);
      expect(notModified.headers.etag).toBe(etag);
      const head = await rawRequest(port, '/a', { 'accept-encoding': 'br' }, 'HEAD');
      expect(head.status).toBe(200);
      expect(head.body.length).toBe(0);
      expect(head.headers['content-length']).toBe(first.headers['content-length']);
    }
  });

  test('hits skip Fastify’s hooks; misses, the API and other methods go through Fastify', async () => {
    // A file not yet in memory is read from disk through Fastify; after that, hits skip it.
    await rawRequest(fast.port, '/');
    await rawRequest(fast.port, '/_astro/x.123.js');
    fast.seen.length = 0;
    await rawRequest(fast.port, '/');
    await rawRequest(fast.port, '/_astro/x.123.js');
    expect(fast.seen).toEqual([]);
    const miss = await rawRequest(fast.port, '/nope');
    expect(miss.status).toBe(404);
    expect(miss.body.equals(Buffer.from(FIXTURE['404.html'] as string))).toBe(true);
    const api = await rawRequest(fast.port, '/api/health');
    expect(JSON.parse(api.body.toString())).toEqual({ code: 1 });
    const apiMiss = await rawRequest(fast.port, '/api/nope');
    expect(JSON.parse(apiMiss.body.toString())).toEqual({ code: -404 });
    const post = await rawRequest(fast.port, '/a', {}, 'POST');
    expect(post.status).toBe(404);
    expect(fast.seen).toEqual(['/nope', '/api/health', '/api/nope', '/a']);
  });

  test('site answers carry the site’s security headers, API answers helmet’s', async () => {
    for (const port of [fast.port, slow.port]) {
      const page = await rawRequest(port, '/');
      expect(page.headers['content-security-policy']).toBe(HTML_CSP);
      expect(page.headers).toMatchObject(SECURITY_HEADERS);
      const missing = await rawRequest(port, '/nope');
      expect(missing.headers['content-security-policy']).toBe(HTML_CSP);
      expect(missing.headers['x-frame-options']).toBe('DENY');
      const api = await rawRequest(port, '/api/health');
      expect(api.headers['content-security-policy']).toMatch(/^default-src 'self';/);
      expect(api.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });

  test('a reload is seen by the fast path', async () => {
    const before = fast.app.site.table;
    await fast.app.site.reload();
    expect(fast.app.site.table).not.toBe(before);
    expect((await rawRequest(fast.port, '/')).status).toBe(200);
  });
});
