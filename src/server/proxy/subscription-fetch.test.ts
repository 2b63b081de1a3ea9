import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { encodeBase64 } from '../../lib/shared/proxy/base64.ts';
import { fetchSubscription, parseUserinfo } from './subscription-fetch.ts';

const LINKS = ['trojan://pw@a.example:443#A', 'hy2://pw@b.example:8443#B'].join('\n');
let server: Server;
let base: string;
const seen: { ua?: string; inm?: string; ims?: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({
      ua: req.headers['user-agent'],
      inm: req.headers['if-none-match'],
      ims: req.headers['if-modified-since'],
    });
    if (req.url === '/sub') {
      if (req.headers['if-none-match'] === '"v2"') return res.writeHead(304).end();
      res.writeHead(200, {
        etag: '"v2"',
        'last-modified': 'Tue, 24 Nov 2026 08:00:00 GMT',
        'subscription-userinfo':
          'upload=455727941; download=6174315083; total=1073741824000; expire=1798761600',
      });
      return res.end(encodeBase64(LINKS));
    }
    if (req.url === '/login') return res.end('<html>Please sign in</html>');
    res.writeHead(500).end('oops');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((done) => server.close(done));
});

const local = { allowPrivate: true };

test('a subscription is read with its validators and quota; unchanged, it answers 304', async () => {
  const first = await fetchSubscription(`${base}/sub`, { etag: null, lastModified: null }, local);
  expect(first).toMatchObject({
    changed: true,
    validators: { etag: '"v2"', lastModified: 'Tue, 24 Nov 2026 08:00:00 GMT' },
    userinfo: { upload: 455727941, download: 6174315083, total: 1073741824000, expire: 1798761600 },
  });
  if (first.changed) {
    expect(first.content.format).toBe('base64');
    expect(first.content.nodes.map((n) => n.name)).toEqual(['A', 'B']);
    const again = await fetchSubscription(`${base}/sub`, first.validators, local);
    expect(again).toEqual({ changed: false });
  }
  expect(seen.at(-1)).toEqual({
    ua: 'clash.meta',
    inm: '"v2"',
    ims: 'Tue, 24 Nov 2026 08:00:00 GMT',
  });
});

test('an upstream error or a page that is no subscription says so', async () => {
  const none = { etag: null, lastModified: null };
  await expect(fetchSubscription(`${base}/broken`, none, local)).rejects.toThrow(/answered 500/);
  await expect(fetchSubscription(`${base}/login`, none, local)).rejects.toThrow(/none of/);
  await expect(fetchSubscription(`${base}/sub`, none, { allowPrivate: false })).rejects.toThrow(
    /private or local address/,
  );
});

test('subscription-userinfo: the numbers it has, nothing else', () => {
  expect(parseUserinfo('upload=1; download=2;total=3; expire=')).toEqual({
    upload: 1,
    download: 2,
    total: 3,
  });
  expect(parseUserinfo('nonsense')).toBeNull();
  expect(parseUserinfo(undefined)).toBeNull();
});
