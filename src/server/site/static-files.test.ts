import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { compressBoth } from '../../lib/build/compress.ts';
import { contentTypeOf } from '../../lib/shared/content-types.ts';
import { FILE_CSP, HTML_CSP, SCRIPT_CSP, SECURITY_HEADERS, pageCsp } from './security-headers.ts';
import { StaticSite, loadSiteTable, makeStaticFile, type SiteTable } from './static-files.ts';
import { FIXTURE, filler, html, makeDist, removeDir } from './test-fixture.ts';

const effort = { brotliQuality: 5, gzipLevel: 6 };

describe('contentTypeOf', () => {
  test.each([
    ['/index.html', 'text/html; charset=utf-8', true],
    ['/a.CSS', 'text/css; charset=utf-8', true],
    ['/a.mjs', 'text/javascript; charset=utf-8', true],
    ['/a.js.map', 'application/json; charset=utf-8', true],
    ['/feed.xml', 'application/xml; charset=utf-8', true],
    ['/site.webmanifest', 'application/manifest+json; charset=utf-8', true],
    ['/x.wasm', 'application/wasm', true],
    ['/favicon.ico', 'image/x-icon', true],
    ['/a.jpg', 'image/jpeg', false],
    ['/a.avif', 'image/avif', false],
    ['/a.webp', 'image/webp', false],
    ['/f.woff2', 'font/woff2', false],
    ['/pagefind/wasm.en.pagefind', 'application/octet-stream', false],
    ['/pagefind/fragment/en_1.pf_fragment', 'application/octet-stream', false],
    ['/LICENSE', 'application/octet-stream', false],
  ])('%s is %s', (name, type, compressible) => {
    expect(contentTypeOf(name)).toEqual({ type, compressible });
  });
});

describe('makeStaticFile', () => {
  test('a file with compressed copies has a representation for each', async () => {
    const body = Buffer.from(filler(5000));
    const [br, gzip] = await compressBoth(body, effort);
    const file = makeStaticFile('/_astro/a.1.js', body, { br, gzip });
    expect(brotliDecompressSync(file.br?.body ?? Buffer.alloc(0)).equals(body)).toBe(true);
    expect(file.gzip?.body).toBe(gzip);
    expect(file.identity.body).toBe(body);
    expect(file.identity.headers['content-length']).toBe(String(body.length));
    expect(file.identity.etag).toBe(`"${file.hash}"`);
    expect(file.br?.etag).toBe(`"${file.hash}-br"`);
    expect(file.gzip?.headers).toMatchObject({
      'content-encoding': 'gzip',
      'content-length': String(gzip?.length),
      'cache-control': 'public, max-age=31536000, immutable',
      vary: 'Accept-Encoding',
    });
    expect(file.identity.notModifiedHeaders).not.toHaveProperty('content-length');
    expect(Object.isFrozen(file.identity.headers)).toBe(true);
  });

  test('a file without compressed copies is sent as it is: the server never compresses', () => {
    const body = Buffer.from(filler(5000));
    const file = makeStaticFile('/a.html', body);
    expect(file.br).toBeNull();
    expect(file.gzip).toBeNull();
    expect(file.identity.body).toBe(body);
    expect(file.identity.headers).not.toHaveProperty('vary');
  });

  test('HTML carries the frame and base CSP, other files a locked-down one', async () => {
    const body = Buffer.from(html('x'));
    const [br, gzip] = await compressBoth(body, effort);
    const page = makeStaticFile('/index.html', body, { br, gzip });
    const css = makeStaticFile('/a.css', Buffer.from('a{}'));
    expect(page.isHtml).toBe(true);
    expect(page.identity.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.br?.headers['content-security-policy']).toContain("object-src 'none'");
    expect(css.identity.headers['content-security-policy']).toBe(FILE_CSP);
    expect(css.identity.headers).toMatchObject(SECURITY_HEADERS);
    expect(css.identity.rawHeaders).toEqual(Object.entries(css.identity.headers).flat());
  });

  test('scripts carry a CSP that lets them run as workers (Pagefind) on this origin only', () => {
    const worker = makeStaticFile('/pagefind/pagefind-worker.js', Buffer.from('1'));
    const csp = worker.identity.headers['content-security-policy'];
    expect(csp).toBe(SCRIPT_CSP);
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toContain('sandbox');
  });

  test('pages with one policy share one copy of it', () => {
    const a = makeStaticFile('/a.html', Buffer.from(html('a')));
    const b = makeStaticFile('/b.html', Buffer.from(html('b')));
    expect(a.identity.headers['content-security-policy']).toBe(
      b.identity.headers['content-security-policy'],
    );
  });
});

describe('loadSiteTable', () => {
  let dist: string;
  let table: SiteTable;

  beforeAll(async () => {
    dist = await makeDist();
    table = await loadSiteTable(dist);
  });
  afterAll(() => removeDir(dist));

  test('holds every published file and no CDN config or dotfile', () => {
    const published = Object.keys(FIXTURE).filter((p) => p !== '_redirects' && p !== '.hidden');
    expect([...table.files.keys()].sort()).toEqual(published.map((p) => `/${p}`).sort());
    expect(table.stats.files).toBe(published.length);
    expect(table.stats.compressedFiles).toBeGreaterThan(5);
    // The compressed copies travel with their files: none is a file of its own.
    expect([...table.files.keys()].some((p) => p.endsWith('.br') || p.endsWith('.gz'))).toBe(false);
    expect(table.files.get('/index.html')?.br).not.toBeNull();
    expect(table.notFound.path).toBe('/404.html');
    expect(table.urls.get('/a')?.path).toBe('/a/index.html');
    expect(table.urls.get('/')?.path).toBe('/index.html');
  });

  test('fails clearly for a missing directory or a file', async () => {
    await expect(loadSiteTable(join(dist, 'missing'))).rejects.toThrow(/does not exist/);
    await expect(loadSiteTable(join(dist, 'index.html'))).rejects.toThrow(/not a directory/);
  });
});

describe('the bytes of served files', () => {
  test('are read when asked for, kept while recently used within the budget, checked against the table', async () => {
    const dist = await makeDist({
      'a.html': html('a', 'a'.repeat(2000)),
      'b.html': html('b', 'b'.repeat(2000)),
      'c.html': html('c', 'c'.repeat(2000)),
    });
    try {
      const site = await StaticSite.load(dist, 5000);
      const variant = (path: string) => {
        const file = site.table.files.get(path);
        if (!file) throw new Error(`${path} is not in the table`);
        return file.identity;
      };
      expect(site.table.stats.keptBytes).toBe(0);
      expect(site.bodies.peek(variant('/a.html'))).toBeUndefined();
      expect((await site.bodies.read(variant('/a.html')))?.toString()).toContain('aaa');
      expect(site.bodies.peek(variant('/a.html'))?.toString()).toContain('aaa');
      await site.bodies.read(variant('/b.html'));
      // a is used again, so b is the least recently used when c needs the room.
      site.bodies.peek(variant('/a.html'));
      await site.bodies.read(variant('/c.html'));
      expect(site.bodies.peek(variant('/b.html'))).toBeUndefined();
      expect(site.bodies.peek(variant('/a.html'))).toBeDefined();
      expect(site.bodies.bytes).toBeLessThanOrEqual(5000);
      // A file replaced or removed behind the table is not served under the table's headers.
      await writeFile(join(dist, 'b.html'), html('b', 'B'.repeat(2000)));
      expect(await site.bodies.read(variant('/b.html'))).toBeNull();
      await removeDir(join(dist, 'b.html'));
      expect(await site.bodies.read(variant('/b.html'))).toBeNull();
    } finally {
      await removeDir(dist);
    }
  });
});

describe('StaticSite.reload', () => {
  test('concurrent reloads fold into one more load, and the last content wins', async () => {
    const dist = await makeDist({ 'index.html': html('one') });
    try {
      const site = await StaticSite.load(dist);
      const first = site.table;
      await writeFile(join(dist, 'index.html'), html('two'));
      const a = site.reload();
      await writeFile(join(dist, 'index.html'), html('three'));
      const b = site.reload();
      const c = site.reload();
      await Promise.all([a, b, c]);
      expect(site.table).not.toBe(first);
      const read = async (table: SiteTable) => {
        const file = table.files.get('/index.html');
        return file ? site.bodies.read(file.identity) : null;
      };
      expect((await read(site.table))?.toString()).toContain('three');
      // The old table never serves bytes it was not made from: its read finds the file changed.
      expect(await read(first)).toBeNull();
    } finally {
      await removeDir(dist);
    }
  });
});

test("a page's own CSP from Astro's meta tag becomes its header, with frame-ancestors added", () => {
  const html = Buffer.from(
    `<html><head><script>x</script><meta http-equiv="content-security-policy" content="default-src 'self';script-src 'self' 'sha256-abc=';"></head></html>`,
  );
  expect(pageCsp(html)).toBe(
    "default-src 'self';script-src 'self' 'sha256-abc='; frame-ancestors 'none'",
  );
  expect(pageCsp(Buffer.from('<html><head></head></html>'))).toBe(HTML_CSP);
});
