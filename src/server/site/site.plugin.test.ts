import { readFile, rm } from 'node:fs/promises';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sitePlugin } from './site.plugin.ts';
import { CACHE_IMMUTABLE } from './cache-policy.ts';
import { FILE_CSP, HTML_CSP, SCRIPT_CSP, SECURITY_HEADERS } from './security-headers.ts';
import { FIXTURE, html, makeDist, removeDir, writeFiles } from './test-fixture.ts';

async function makeApp(distDir: string): Promise<FastifyInstance> {
  const app = Fastify();
  // Stand-in for the API: one route and its own not-found answer.
  app.get('/api/health', async () => ({ code: 1, message: 'ok', data: null }));
  app.setNotFoundHandler((_request, reply) => {
    void reply.code(404).send({ code: -404, message: 'not found', data: null });
  });
  await app.register(sitePlugin, { distDir });
  await app.ready();
  return app;
}

let dist: string;
let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  dist = await makeDist();
  app = await makeApp(dist);
  await app.listen({ host: '127.0.0.1', port: 0 });
  port = (app.server.address() as AddressInfo).port;
});

/** A GET whose request target is sent exactly as given. */
function rawGet(path: string): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'GET' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

afterAll(async () => {
  await app?.close();
  await removeDir(dist);
});

const fixtureBytes = (path: string) => Buffer.from(FIXTURE[path] as string | Buffer);

describe('pages and files', () => {
  test('serves the home page with HTML headers', async () => {
    const res = await app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toBe(HTML_CSP);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['etag']).toMatch(/^"[\w-]+"$/);
    expect(res.headers['content-length']).toBe(String(fixtureBytes('index.html').length));
    expect(res.rawPayload.equals(fixtureBytes('index.html'))).toBe(true);
    expect(res.headers).toMatchObject(SECURITY_HEADERS);
  });

  test.each([
    ['/_astro/x.123.js', 'text/javascript; charset=utf-8'],
    ['/_astro/style.abc.css', 'text/css; charset=utf-8'],
    ['/data.json', 'application/json; charset=utf-8'],
    ['/icon.svg', 'image/svg+xml; charset=utf-8'],
    ['/img.png', 'image/png'],
    ['/font.woff2', 'font/woff2'],
    ['/robots.txt', 'text/plain; charset=utf-8'],
    ['/pagefind/pagefind.js', 'text/javascript; charset=utf-8'],
    ['/pagefind/index/en_1.pf_index', 'application/octet-stream'],
  ])('content type of %s is %s', async (url, type) => {
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(type);
    expect(res.headers['content-security-policy']).toBe(
      url.endsWith('.js') ? SCRIPT_CSP : FILE_CSP,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  test.each([
    ['/a', 'a/index.html'],
    ['/a/', 'a/index.html'],
    ['/a/index.html', 'a/index.html'],
    ['/a?utm_source=x', 'a/index.html'],
    ['/x', 'x.html'],
    ['/x/', 'x.html'],
    ['/blog/contact', 'blog/contact/index.html'],
    ['/hello%20world.txt', 'hello world.txt'],
  ])('%s serves %s', async (url, file) => {
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(fixtureBytes(file))).toBe(true);
  });

  test('a dynamic route serves its shell page with 200', async () => {
    const shell = fixtureBytes('admin/user/edit/_/index.html');
    for (const url of ['/admin/user/edit/42', '/admin/user/edit/abc-DEF_9/']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-security-policy']).toBe(HTML_CSP);
      expect(res.rawPayload.equals(shell)).toBe(true);
    }
  });

  test('unmatched paths get the 404 page with status 404', async () => {
    for (const url of ['/nope', '/a/b/c', '/admin/user/edit/a.b', '/blog/42']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['content-security-policy']).toBe(HTML_CSP);
      expect(res.rawPayload.equals(fixtureBytes('404.html'))).toBe(true);
    }
  });

  test('a 404 is never answered with 304', async () => {
    const first = await app.inject({ url: '/nope' });
    const again = await app.inject({
      url: '/nope',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(404);
  });

  // Raw request targets over a socket: inject() would normalise `%2e%2e` the way URL parsers do.
  test.each([
    '/../package.json',
    '/../../../../etc/passwd',
    '/%2e%2e/x',
    '/%2e%2e/%2e%2e/package.json',
    '/%2E%2E%2Fpackage.json',
    '/a/..%2f..%2fpackage.json',
    '/..%5c..%5cpackage.json',
    '/a/%2e/index.html',
    '/a/./index.html',
    '/%00',
    '/a%00.html',
    '/.hidden',
    '/_redirects',
  ])('%s is not served', async (path) => {
    const res = await rawGet(path);
    expect(res.status).toBe(404);
    expect(res.body.equals(fixtureBytes('404.html'))).toBe(true);
  });

  test('a malformed escape is a bad request', async () => {
    const res = await rawGet('/%E0%A4%A');
    expect(res.status).toBe(400);
    expect(res.body.toString()).not.toContain('<html');
  });
});

describe('encoding', () => {
  const js = fixtureBytes('_astro/x.123.js');

  test('brotli when accepted, preferred over gzip', async () => {
    const res = await app.inject({
      url: '/_astro/x.123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['vary']).toBe('Accept-Encoding');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.rawPayload.length).toBeLessThan(js.length / 2);
    expect(brotliDecompressSync(res.rawPayload).equals(js)).toBe(true);
  });

  test('gzip when brotli is not accepted', async () => {
    for (const ae of ['gzip', 'gzip, deflate', 'br;q=0, gzip;q=0.5', 'x-gzip']) {
      const res = await app.inject({ url: '/_astro/x.123.js', headers: { 'accept-encoding': ae } });
      expect(res.headers['content-encoding'], ae).toBe('gzip');
      expect(gunzipSync(res.rawPayload).equals(js)).toBe(true);
    }
  });

  test('identity when nothing stored is accepted', async () => {
    for (const ae of [undefined, '', 'identity', 'deflate', 'br;q=0, gzip;q=0', '*;q=0']) {
      const headers = ae === undefined ? {} : { 'accept-encoding': ae };
      const res = await app.inject({ url: '/_astro/x.123.js', headers });
      expect(res.headers['content-encoding'], String(ae)).toBeUndefined();
      expect(res.headers['vary']).toBe('Accept-Encoding');
      expect(res.rawPayload.equals(js)).toBe(true);
    }
  });

  test('a wildcard accepts brotli', async () => {
    const res = await app.inject({ url: '/', headers: { 'accept-encoding': '*' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).equals(fixtureBytes('index.html'))).toBe(true);
  });

  test('HTML pages and the 404 page are compressed too', async () => {
    const page = await app.inject({ url: '/a', headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(page.rawPayload).equals(fixtureBytes('a/index.html'))).toBe(true);
    const missing = await app.inject({ url: '/nope', headers: { 'accept-encoding': 'br' } });
    expect(missing.statusCode).toBe(404);
    expect(brotliDecompressSync(missing.rawPayload).equals(fixtureBytes('404.html'))).toBe(true);
  });

  test('small and incompressible files are sent as they are, without Vary', async () => {
    for (const url of ['/small.txt', '/img.png', '/font.woff2']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.headers['content-encoding'], url).toBeUndefined();
      expect(res.headers['vary'], url).toBeUndefined();
    }
  });
});

describe('caching', () => {
  test('hashed assets are immutable, everything else revalidates', async () => {
    const cache = async (url: string) => (await app.inject({ url })).headers['cache-control'];
    expect(await cache('/_astro/x.123.js')).toBe(CACHE_IMMUTABLE);
    expect(await cache('/_astro/style.abc.css')).toBe(CACHE_IMMUTABLE);
    expect(await cache('/')).toBe('no-cache');
    expect(await cache('/admin/user/edit/7')).toBe('no-cache');
    expect(await cache('/robots.txt')).toBe('no-cache');
    expect(await cache('/nope')).toBe('no-cache');
  });

  test('ETag and 304 on If-None-Match, one tag per coding', async () => {
    const br = await app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    const plain = await app.inject({ url: '/' });
    const brTag = String(br.headers.etag);
    const plainTag = String(plain.headers.etag);
    expect(brTag).not.toBe(plainTag);
    const cases: [string | undefined, string, number][] = [
      ['br', brTag, 304],
      ['br', `W/${brTag}`, 304],
      ['br', `"other", ${brTag}`, 304],
      ['br', '*', 304],
      [undefined, plainTag, 304],
      [undefined, brTag, 200],
      ['br', plainTag, 200],
      ['br', '"other"', 200],
    ];
    for (const [ae, inm, status] of cases) {
      const headers: Record<string, string> = { 'if-none-match': inm };
      if (ae) headers['accept-encoding'] = ae;
      const res = await app.inject({ url: '/', headers });
      expect(res.statusCode, `${ae} ${inm}`).toBe(status);
      if (status === 304) {
        expect(res.rawPayload.length).toBe(0);
        expect(res.headers.etag).toBe(ae ? brTag : plainTag);
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.headers['content-encoding']).toBeUndefined();
      }
    }
  });

  test('304 for an immutable asset keeps its cache headers', async () => {
    const first = await app.inject({ url: '/_astro/x.123.js' });
    const res = await app.inject({
      url: '/_astro/x.123.js',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(res.statusCode).toBe(304);
    expect(res.headers['cache-control']).toBe(CACHE_IMMUTABLE);
    expect(res.headers['vary']).toBe('Accept-Encoding');
  });
});

describe('methods and the API boundary', () => {
  test('HEAD has the headers of GET and no body', async () => {
    const get = await app.inject({ url: '/a', headers: { 'accept-encoding': 'gzip' } });
    const head = await app.inject({
      method: 'HEAD',
      url: '/a',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    for (const name of ['content-type', 'content-length', 'etag', 'content-encoding', 'vary']) {
      expect(head.headers[name], name).toBe(get.headers[name]);
    }
    const missing = await app.inject({ method: 'HEAD', url: '/nope' });
    expect(missing.statusCode).toBe(404);
    expect(missing.rawPayload.length).toBe(0);
  });

  test('paths under /api are left to the API', async () => {
    expect((await app.inject({ url: '/api/health' })).json()).toMatchObject({ code: 1 });
    for (const url of ['/api', '/api/', '/api/nope', '/api/blog/x?y=1', '/api?x']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ code: -404, message: 'not found', data: null });
    }
    // Not the API: only the exact segment counts.
    const apiary = await app.inject({ url: '/apiary' });
    expect(apiary.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  test('other methods are not the site plugin’s', async () => {
    const res = await app.inject({ method: 'POST', url: '/a' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: -404 });
  });
});

describe('lifecycle', () => {
  test('a request that meets a file a build is replacing waits and answers from the new table', async () => {
    const dir = await makeDist();
    const local = await makeApp(dir);
    try {
      let written = () => {};
      let release = () => {};
      const wrote = new Promise<void>((done) => (written = done));
      const gate = new Promise<void>((done) => (release = done));
      const publication = local.site.publish(async () => {
        await writeFiles(dir, { 'index.html': html('Rebuilt') });
        written();
        await gate;
        await local.site.update(['/index.html'], []);
      });
      await wrote;
      let answered = false;
      const pending = local.inject({ url: '/' }).then((res) => {
        answered = true;
        return res;
      });
      await new Promise((done) => setTimeout(done, 50));
      expect(answered).toBe(false);
      release();
      await publication;
      const res = await pending;
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<h1>Rebuilt</h1>');
      expect(res.headers.etag).toBe(`"${local.site.table.files.get('/index.html')?.hash}"`);
    } finally {
      await local.close();
      await removeDir(dir);
    }
  });

  test('reload swaps in new content atomically', async () => {
    const dir = await makeDist();
    const local = await makeApp(dir);
    try {
      const before = await local.inject({ url: '/' });
      await writeFiles(dir, { 'index.html': html('Home, rebuilt'), 'new/index.html': html('New') });
      await rm(join(dir, 'a'), { recursive: true });
      // A file removed behind the table is never answered with the table's old headers: the table
      // follows the folder for it.
      expect((await local.inject({ url: '/a' })).statusCode).toBe(404);
      await local.site.reload();
      const after = await local.inject({ url: '/' });
      expect(after.body).toContain('Home, rebuilt');
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect((await local.inject({ url: '/new' })).body).toContain('<h1>New</h1>');
      expect((await local.inject({ url: '/a' })).statusCode).toBe(404);
      const stale = await local.inject({
        url: '/',
        headers: { 'if-none-match': String(before.headers.etag) },
      });
      expect(stale.statusCode).toBe(200);
    } finally {
      await local.close();
      await removeDir(dir);
    }
  });

  test('a failed reload keeps serving the old table', async () => {
    const dir = await makeDist();
    const local = await makeApp(dir);
    try {
      await expect(local.site.reload(join(dir, 'missing'))).rejects.toThrow(/does not exist/);
      expect((await local.inject({ url: '/' })).statusCode).toBe(200);
    } finally {
      await local.close();
      await removeDir(dir);
    }
  });

  test('registration fails clearly when the dist directory is missing', async () => {
    const missing = join(dist, 'no-such-dir');
    const local = Fastify();
    await expect(local.register(sitePlugin, { distDir: missing })).rejects.toThrow(
      /no-such-dir does not exist; run `npm run build`/,
    );
    await local.close();
  });

  test('without a 404.html a minimal 404 page is served', async () => {
    const dir = await makeDist({ 'index.html': html('Home') });
    const local = await makeApp(dir);
    try {
      const res = await local.inject({ url: '/nope' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('404 Not Found');
      const shell = await local.inject({ url: '/admin/user/edit/1' });
      expect(shell.statusCode).toBe(404);
    } finally {
      await local.close();
      await removeDir(dir);
    }
  });

  test('the fixture on disk is what is served', async () => {
    const disk = await readFile(join(dist, '_astro', 'x.123.js'));
    const res = await app.inject({ url: '/_astro/x.123.js' });
    expect(res.rawPayload.equals(disk)).toBe(true);
  });
});
