import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { COMPRESS_MIN_BYTES } from './compression.ts';
import { contentTypeOf } from './content-types.ts';
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
  test('compressible files over the threshold get smaller br and gzip variants', async () => {
    const body = Buffer.from(filler(5000));
    const file = await makeStaticFile('/_astro/a.1.js', body, { effort });
    expect(file.br && brotliDecompressSync(file.br.body).equals(body)).toBe(true);
    expect(file.gzip && gunzipSync(file.gzip.body).equals(body)).toBe(true);
    expect(file.br?.body.length).toBeLessThan(body.length);
    expect(file.identity.etag).toBe(`"${file.hash}"`);
    expect(file.br?.etag).toBe(`"${file.hash}-br"`);
    expect(file.gzip?.headers).toMatchObject({
      'content-encoding': 'gzip',
      'content-length': String(file.gzip?.body.length),
      'cache-control': 'public, max-age=31536000, immutable',
      vary: 'Accept-Encoding',
    });
    expect(file.identity.notModifiedHeaders).not.toHaveProperty('content-length');
    expect(Object.isFrozen(file.identity.headers)).toBe(true);
  });

  test('small, incompressible or incompressible-in-practice files have no variants', async () => {
    const small = await makeStaticFile('/a.txt', Buffer.alloc(COMPRESS_MIN_BYTES - 1, 'a'), {
      effort,
    });
    const png = await makeStaticFile('/a.png', Buffer.alloc(10_000, 1), { effort });
    const random = Buffer.from(Array.from({ length: 4000 }, (_, i) => (i * 7919) % 251));
    const noise = await makeStaticFile('/a.bin.txt', random, { effort });
    for (const file of [small, png]) {
      expect(file.br).toBeNull();
      expect(file.gzip).toBeNull();
      expect(file.identity.headers).not.toHaveProperty('vary');
    }
    expect(noise.br === null || noise.br.body.length < random.length).toBe(true);
  });

  test('HTML carries the frame and base CSP, other files a locked-down one', async () => {
    const page = await makeStaticFile('/index.html', Buffer.from(html('x')), { effort });
    const css = await makeStaticFile('/a.css', Buffer.from('a{}'), { effort });
    expect(page.isHtml).toBe(true);
    expect(page.identity.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.br?.headers['content-security-policy']).toContain("object-src 'none'");
    expect(css.identity.headers['content-security-policy']).toBe(FILE_CSP);
    expect(css.identity.headers).toMatchObject(SECURITY_HEADERS);
    expect(css.identity.rawHeaders).toEqual(Object.entries(css.identity.headers).flat());
  });

  test('scripts carry a CSP that lets them run as workers (Pagefind) on this origin only', async () => {
    const worker = await makeStaticFile('/pagefind/pagefind-worker.js', Buffer.from('1'), {
      effort,
    });
    const csp = worker.identity.headers['content-security-policy'];
    expect(csp).toBe(SCRIPT_CSP);
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toContain('sandbox');
  });

  test('unchanged bytes reuse the previous variants instead of compressing again', async () => {
    const body = Buffer.from(filler(5000));
    const first = await makeStaticFile('/a.html', body, { effort });
    const again = await makeStaticFile('/a.html', Buffer.from(body), { effort, previous: first });
    expect(again.br?.body).toBe(first.br?.body);
    const changed = await makeStaticFile('/a.html', Buffer.from(filler(5000, 2)), {
      effort,
      previous: first,
    });
    expect(changed.br?.body).not.toBe(first.br?.body);
  });
});

describe('loadSiteTable', () => {
  let dist: string;
  let table: SiteTable;

  beforeAll(async () => {
    dist = await makeDist();
    table = await loadSiteTable(dist, { pageEffort: effort, assetEffort: effort });
  });
  afterAll(() => removeDir(dist));

  test('holds every published file and no CDN config or dotfile', () => {
    const published = Object.keys(FIXTURE).filter((p) => p !== '_redirects' && p !== '.hidden');
    expect([...table.files.keys()].sort()).toEqual(published.map((p) => `/${p}`).sort());
    expect(table.stats.files).toBe(published.length);
    expect(table.stats.compressedFiles).toBeGreaterThan(5);
    expect(table.notFound.path).toBe('/404.html');
    expect(table.urls.get('/a')?.path).toBe('/a/index.html');
    expect(table.urls.get('/')?.path).toBe('/index.html');
  });

  test('fails clearly for a missing directory or a file', async () => {
    await expect(loadSiteTable(join(dist, 'missing'))).rejects.toThrow(/does not exist/);
    await expect(loadSiteTable(join(dist, 'index.html'))).rejects.toThrow(/not a directory/);
  });
});

describe('StaticSite.reload', () => {
  test('concurrent reloads fold into one more load, and the last content wins', async () => {
    const dist = await makeDist({ 'index.html': html('one') });
    try {
      const site = await StaticSite.load(dist, { pageEffort: effort });
      const first = site.table;
      await writeFile(join(dist, 'index.html'), html('two'));
      const a = site.reload();
      await writeFile(join(dist, 'index.html'), html('three'));
      const b = site.reload();
      const c = site.reload();
      await Promise.all([a, b, c]);
      expect(site.table).not.toBe(first);
      expect(site.table.files.get('/index.html')?.identity.body.toString()).toContain('three');
      // The old table is untouched: requests in flight keep consistent bytes.
      expect(first.files.get('/index.html')?.identity.body.toString()).toContain('one');
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
