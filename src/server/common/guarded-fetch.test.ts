import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { FetchRefused, guardedFetch, isNonPublic } from './guarded-fetch.ts';

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? '/';
    if (path === '/hello') {
      res.setHeader('etag', '"v1"');
      if (req.headers['if-none-match'] === '"v1"') return res.writeHead(304).end();
      return res.end('hello');
    }
    if (path === '/gzip') {
      res.setHeader('content-encoding', 'gzip');
      return res.end(gzipSync('compressed hello'));
    }
    if (path === '/bomb') {
      res.setHeader('content-encoding', 'gzip');
      return res.end(gzipSync(Buffer.alloc(5_000_000)));
    }
    if (path === '/big') {
      for (let i = 0; i < 40; i += 1) res.write(Buffer.alloc(64 * 1024, 120));
      return res.end();
    }
    if (path === '/hang') return; // never answers
    if (path === '/loop') return res.writeHead(302, { location: '/loop' }).end();
    if (path === '/moved') return res.writeHead(301, { location: '/hello' }).end();
    res.writeHead(404).end();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
});

const allowed = { timeoutMs: 2000, maxBytes: 1_000_000, allowPrivate: true };

test('fetches, follows redirects, decompresses and passes conditional requests through', async () => {
  const hello = await guardedFetch(`${base}/moved`, allowed);
  expect(hello).toMatchObject({ status: 200, url: `${base}/hello` });
  expect(hello.body.toString()).toBe('hello');
  const again = await guardedFetch(`${base}/hello`, {
    ...allowed,
    headers: { 'if-none-match': '"v1"' },
  });
  expect(again.status).toBe(304);
  expect((await guardedFetch(`${base}/gzip`, allowed)).body.toString()).toBe('compressed hello');
});

test('private and loopback addresses are refused unless allowed, by name or by number', async () => {
  const strict = { timeoutMs: 2000, maxBytes: 1000 };
  await expect(guardedFetch(`${base}/hello`, strict)).rejects.toThrow(/private or local address/);
  const byName = base.replace('127.0.0.1', 'localhost');
  await expect(guardedFetch(`${byName}/hello`, strict)).rejects.toThrow(/private or local address/);
  for (const address of [
    '10.1.2.3',
    '192.168.1.1',
    '169.254.169.254',
    '::1',
    'fd00::1',
    '::ffff:127.0.0.1',
  ]) {
    expect(isNonPublic(address), address).toBe(true);
  }
  for (const address of ['1.1.1.1', '2606:4700:4700::1111', 'example.com']) {
    expect(isNonPublic(address), address).toBe(false);
  }
});

test.each([
  ['/hang', { timeoutMs: 300 }, /within 0.3 s/],
  ['/big', { maxBytes: 1_000_000 }, /larger than 1000000 bytes/],
  ['/bomb', { maxBytes: 1_000_000 }, /larger than 1000000 bytes/],
  ['/loop', {}, /more than 5 redirects/],
])('%s is refused with the reason', async (path, limits, reason) => {
  const started = Date.now();
  const fetching = guardedFetch(`${base}${path}`, { ...allowed, ...limits });
  await expect(fetching).rejects.toThrow(FetchRefused);
  await expect(fetching).rejects.toThrow(reason);
  expect(Date.now() - started).toBeLessThan(2500);
});

test('only http and https', async () => {
  await expect(guardedFetch('file:///etc/passwd', allowed)).rejects.toThrow(/only http and https/);
  await expect(guardedFetch('not a url', allowed)).rejects.toThrow(/not a valid URL/);
});
