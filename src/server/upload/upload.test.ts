import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import { DIALECTS } from '../../../tests/helpers/test-db.ts';
import { Role } from '../../lib/shared/permissions.ts';
import { storeAvatarFromUrl } from './upload.service.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A 400×200 picture: red, then green in the middle 200 px, then blue. */
async function stripes(format: 'png' | 'jpeg' | 'webp' | 'gif' = 'png'): Promise<Buffer> {
  const band = (r: number, g: number, b: number) =>
    sharp({ create: { width: 100, height: 200, channels: 3, background: { r, g, b } } })
      .png()
      .toBuffer();
  const green = await sharp({
    create: { width: 200, height: 200, channels: 3, background: { r: 0, g: 255, b: 0 } },
  })
    .png()
    .toBuffer();
  return sharp({
    create: { width: 400, height: 200, channels: 3, background: { r: 0, g: 0, b: 0 } },
  })
    .composite([
      { input: await band(255, 0, 0), left: 0, top: 0 },
      { input: green, left: 100, top: 0 },
      { input: await band(0, 0, 255), left: 300, top: 0 },
    ])
    .toFormat(format)
    .toBuffer();
}

function multipart(parts: { field: string; filename: string; type: string; data: Buffer }[]) {
  const boundary = `----atrium${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`,
      ),
      part.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe.each(DIALECTS)('avatar uploads on %s', (dialect) => {
  let t: TestApp;
  let dataDir: string;
  let clock = Date.now();
  afterEach(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function start() {
    clock = Date.now();
    dataDir = mkdtempSync(path.join(tmpdir(), 'atrium-upload-'));
    t = await createTestApp(dialect, { env: { DATA_DIR: dataDir }, now: () => clock });
  }

  const stored = () => {
    try {
      return readdirSync(path.join(dataDir, 'uploads', 'avatar'));
    } catch {
      return [];
    }
  };

  async function ticket(token: string) {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/common/qiniu/upload',
      headers: bearer(token),
    });
    expect(res.json()).toMatchObject({ code: 1 });
    return res.json().data as { uploadUrl: string; token: string; maxBytes: number };
  }

  const upload = (url: string, data: Buffer, type = 'image/png', field = 'file') =>
    t.app.inject({
      method: 'POST',
      url,
      ...multipart([{ field, filename: 'me.png', type, data }]),
    });

  test('a ticket is a one-time upload URL; the result is a centre-cropped 256 px WebP square', async () => {
    await start();
    const { token } = await t.signUp();
    const slot = await ticket(token);
    expect(slot).toEqual({
      uploadUrl: `/api/common/upload/${slot.token}`,
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      maxBytes: 5 * 1024 * 1024,
    });
    const res = await upload(slot.uploadUrl, await stripes());
    expect(res.statusCode).toBe(200);
    const { key } = res.json().data as { key: string };
    expect(key).toMatch(/^[0-9a-f]{32}\.webp$/);
    expect(stored()).toEqual([key]);

    const file = await t.app.inject({ method: 'GET', url: `/uploads/avatar/${key}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    // An image host in front of the site (another origin) may embed it.
    expect(file.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const image = sharp(file.rawPayload);
    expect(await image.metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 });
    // Only the green middle survives the crop: the corners are green, not red or blue.
    const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
    for (const x of [0, 255]) {
      const at = (128 * info.width + x) * info.channels;
      expect(data[at]).toBeLessThan(90);
      expect(data[at + 1]).toBeGreaterThan(150);
      expect(data[at + 2]).toBeLessThan(90);
    }

    const again = await t.app.inject({
      method: 'GET',
      url: `/uploads/avatar/${key}`,
      headers: { 'if-none-match': file.headers['etag'] as string },
    });
    expect(again.statusCode).toBe(304);

    const reused = await upload(slot.uploadUrl, await stripes());
    expect(reused.statusCode).toBe(404);
    expect(reused.json()).toMatchObject({ code: -404 });
    expect(stored()).toHaveLength(1);
  });

  test.each(['jpeg', 'webp', 'gif'] as const)('%s is accepted', async (format) => {
    await start();
    const { token } = await t.signUp();
    const res = await upload((await ticket(token)).uploadUrl, await stripes(format));
    expect(res.json()).toMatchObject({ code: 1 });
  });

  test('a picture larger than the JSON body limit (4 MB of noise) is accepted', async () => {
    await start();
    const { token } = await t.signUp();
    const noise = await sharp(Buffer.from(randomBytes(1200 * 1200 * 3)), {
      raw: { width: 1200, height: 1200, channels: 3 },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(4 * 1024 * 1024);
    expect(noise.length).toBeLessThan(5 * 1024 * 1024);
    const res = await upload((await ticket(token)).uploadUrl, noise);
    expect(res.json()).toMatchObject({ code: 1 });
  });

  test('a ticket needs a signed-in user and expires after 10 minutes', async () => {
    await start();
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/common/qiniu/upload' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: -401 });

    const { token } = await t.signUp();
    const slot = await ticket(token);
    clock += 10 * 60_000;
    const res = await upload(slot.uploadUrl, await stripes());
    expect(res.json()).toMatchObject({ code: -404 });
    const unknown = await upload(`/api/common/upload/${'A'.repeat(43)}`, await stripes());
    expect(unknown.json()).toMatchObject({ code: -404 });
    const malformed = await upload('/api/common/upload/short', await stripes());
    expect(malformed.json()).toMatchObject({ code: -400 });
    expect(stored()).toEqual([]);
  });

  test.each([
    ['a text file', Buffer.from('hello, not a picture'), 'image/png'],
    [
      'an SVG (it could carry script)',
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
      ),
      'image/svg+xml',
    ],
    ['a truncated PNG', Buffer.from('\x89PNG\r\n\x1a\n0000', 'latin1'), 'image/png'],
  ])('%s is refused with -400 and nothing is stored', async (_name, data, type) => {
    await start();
    const { token } = await t.signUp();
    const res = await upload((await ticket(token)).uploadUrl, data, type);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: -400, message: expect.stringContaining('file') });
    expect(stored()).toEqual([]);
  });

  test('a file over 5 MB is refused with -400 (status 413) and nothing is stored', async () => {
    await start();
    const { token } = await t.signUp();
    const big = Buffer.concat([await stripes(), Buffer.alloc(5 * 1024 * 1024)]);
    const res = await upload((await ticket(token)).uploadUrl, big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: -400, message: expect.stringContaining('5 MB') });
    expect(stored()).toEqual([]);
  });

  test('the file must come as multipart field `file`', async () => {
    await start();
    const { token } = await t.signUp();
    const wrongField = await upload(
      (await ticket(token)).uploadUrl,
      await stripes(),
      'image/png',
      'avatar',
    );
    expect(wrongField.json()).toMatchObject({ code: -400 });
    const json = await t.app.inject({
      method: 'POST',
      url: (await ticket(token)).uploadUrl,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toMatchObject({ code: -400 });
    expect(stored()).toEqual([]);
  });

  test('an unknown avatar answers -404 without caching headers; a bad key -400', async () => {
    await start();
    const missing = await t.app.inject({
      method: 'GET',
      url: `/uploads/avatar/${'0'.repeat(32)}.webp`,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: -404 });
    expect(missing.headers['cache-control']).toBeUndefined();
    const traversal = await t.app.inject({ method: 'GET', url: '/uploads/avatar/..%2Fatrium.db' });
    expect(traversal.statusCode).toBe(400);
  });

  test('only the uploader can set an upload as their avatar; the old picture is deleted', async () => {
    await start();
    const alice = await t.signUp();
    const bob = await t.signUp();
    const setAvatar = (token: string, avatar: string) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/user/info/avatar',
        headers: bearer(token),
        payload: { avatar },
      });
    const first = (await upload((await ticket(alice.token)).uploadUrl, await stripes())).json().data
      .key as string;

    const stolen = await setAvatar(bob.token, first);
    expect(stolen.statusCode).toBe(403);
    expect(stolen.json()).toMatchObject({ code: -403 });

    const mine = await setAvatar(alice.token, first);
    expect(mine.json()).toMatchObject({ code: 1, data: { id: alice.user.id, avatar: first } });
    const info = await t.app.inject({
      method: 'GET',
      url: '/api/user/info/private',
      headers: bearer(alice.token),
    });
    expect(info.json().data.avatar).toBe(first);
    // Setting the same key again changes nothing and is fine.
    expect((await setAvatar(alice.token, first)).json()).toMatchObject({ code: 1 });

    // Bob still cannot take Alice's picture once it is hers.
    expect((await setAvatar(bob.token, first)).json()).toMatchObject({ code: -403 });

    const second = (
      await upload((await ticket(alice.token)).uploadUrl, await stripes('jpeg'))
    ).json().data.key as string;
    expect((await setAvatar(alice.token, second)).json().data.avatar).toBe(second);
    expect(stored()).toEqual([second]);
    // The first picture's key cannot be set again: it is gone and no longer claimable.
    expect((await setAvatar(alice.token, first)).json()).toMatchObject({ code: -403 });

    const malformed = await setAvatar(alice.token, '../../etc/passwd');
    expect(malformed.json()).toMatchObject({ code: -400 });
    const anonymous = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/info/avatar',
      payload: { avatar: second },
    });
    expect(anonymous.json()).toMatchObject({ code: -401 });
  });
});

describe.each(DIALECTS)('article image uploads on %s', (dialect) => {
  let t: TestApp;
  let dataDir: string;
  afterEach(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function start() {
    dataDir = mkdtempSync(path.join(tmpdir(), 'atrium-upload-'));
    t = await createTestApp(dialect, { env: { DATA_DIR: dataDir } });
  }

  const stored = (folder: 'article' | 'avatar') => {
    try {
      return readdirSync(path.join(dataDir, 'uploads', folder));
    } catch {
      return [];
    }
  };

  const askTicket = (token: string | null, kind = 'article') =>
    t.app.inject({
      method: 'GET',
      url: `/api/common/qiniu/upload?kind=${kind}`,
      ...(token ? { headers: bearer(token) } : {}),
    });

  async function ticket(token: string) {
    const res = await askTicket(token);
    expect(res.json()).toMatchObject({ code: 1 });
    return res.json().data as { uploadUrl: string; token: string; maxBytes: number };
  }

  const upload = (url: string, data: Buffer, type = 'image/png') =>
    t.app.inject({
      method: 'POST',
      url,
      ...multipart([{ field: 'file', filename: 'diagram.png', type, data }]),
    });

  /** A plain picture of the given size. */
  const picture = (width: number, height: number, format: 'png' | 'jpeg' = 'png') =>
    sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
      .toFormat(format)
      .toBuffer();

  test('a plain user may not upload article images (-403); an anonymous visitor must sign in', async () => {
    await start();
    const { token } = await t.signUp();
    const refused = await askTicket(token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: -403 });
    // The same user may still upload an avatar.
    expect((await askTicket(token, 'avatar')).json()).toMatchObject({ code: 1 });
    const anonymous = await askTicket(null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: -401 });
    const unknownKind = await askTicket(token, 'banner');
    expect(unknownKind.statusCode).toBe(400);
    expect(unknownKind.json()).toMatchObject({ code: -400 });
  });

  test('a manager uploads a wide picture: stored as WebP 1600 px wide, aspect kept, served immutable', async () => {
    await start();
    const { token } = await t.signUp({ roles: [Role.BLOG_ADMIN] });
    const slot = await ticket(token);
    expect(slot.maxBytes).toBe(10 * 1024 * 1024);
    const res = await upload(slot.uploadUrl, await picture(3200, 800));
    expect(res.statusCode).toBe(200);
    const { key, url } = res.json().data as { key: string; url: string };
    expect(key).toMatch(/^[0-9a-f]{32}\.webp$/);
    expect(url).toBe(`/uploads/article/${key}`);
    expect(stored('article')).toEqual([key]);
    expect(stored('avatar')).toEqual([]);

    const file = await t.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(await sharp(file.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 1600,
      height: 400,
    });
    const again = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': file.headers['etag'] as string },
    });
    expect(again.statusCode).toBe(304);

    // The ticket works once.
    expect((await upload(slot.uploadUrl, await picture(10, 10))).json()).toMatchObject({
      code: -404,
    });
  });

  test('a small picture is not enlarged; a JPEG becomes WebP too', async () => {
    await start();
    const { token } = await t.signUp({ roles: [Role.BLOG_ADMIN] });
    const res = await upload((await ticket(token)).uploadUrl, await picture(640, 480, 'jpeg'));
    const { url } = res.json().data as { url: string };
    const file = await t.app.inject({ method: 'GET', url });
    expect(await sharp(file.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 640,
      height: 480,
    });
  });

  test('an animated GIF stays animated, every frame resized', async () => {
    await start();
    const { token } = await t.signUp({ roles: [Role.BLOG_ADMIN] });
    const frame = (r: number) =>
      sharp({ create: { width: 2000, height: 100, channels: 3, background: { r, g: 0, b: 0 } } })
        .png()
        .toBuffer();
    const gif = await sharp([await frame(255), await frame(0)], { join: { animated: true } })
      .gif()
      .toBuffer();
    const res = await upload((await ticket(token)).uploadUrl, gif, 'image/gif');
    const { url } = res.json().data as { url: string };
    const file = await t.app.inject({ method: 'GET', url });
    expect(await sharp(file.rawPayload, { animated: true }).metadata()).toMatchObject({
      format: 'webp',
      width: 1600,
      pages: 2,
      pageHeight: 80,
    });
  });

  test.each([
    ['a text file', Buffer.from('hello, not a picture'), 'image/png'],
    [
      'an SVG (it could carry script)',
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
      ),
      'image/svg+xml',
    ],
  ])('%s is refused with the -400 envelope and nothing is stored', async (_name, data, type) => {
    await start();
    const { token } = await t.signUp({ roles: [Role.BLOG_ADMIN] });
    const res = await upload((await ticket(token)).uploadUrl, data, type);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: -400,
      message: expect.stringContaining('file'),
      data: null,
    });
    expect(stored('article')).toEqual([]);
  });

  test('up to 10 MB is accepted (more than an avatar may be); over 10 MB is refused', async () => {
    await start();
    const { token } = await t.signUp({ roles: [Role.BLOG_ADMIN] });
    // A valid PNG followed by padding: 6 MB, over the avatar cap, under the article cap.
    const six = Buffer.concat([await picture(100, 100), Buffer.alloc(6 * 1024 * 1024)]);
    expect((await upload((await ticket(token)).uploadUrl, six)).json()).toMatchObject({
      code: 1,
    });
    const big = Buffer.concat([await picture(100, 100), Buffer.alloc(10 * 1024 * 1024)]);
    const res = await upload((await ticket(token)).uploadUrl, big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: -400, message: expect.stringContaining('10 MB') });
    expect(stored('article')).toHaveLength(1);
  });

  test('an unknown article image answers -404; a malformed key -400', async () => {
    await start();
    const missing = await t.app.inject({
      method: 'GET',
      url: `/uploads/article/${'0'.repeat(32)}.webp`,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: -404 });
    expect(missing.headers['cache-control']).toBeUndefined();
    const traversal = await t.app.inject({ method: 'GET', url: '/uploads/article/..%2Fatrium.db' });
    expect(traversal.statusCode).toBe(400);
  });
});

describe('storing an avatar from a URL (GitHub sign-in)', () => {
  let server: Server | undefined;
  let t: TestApp;
  let dataDir: string;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    server = undefined;
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function serve(answer: (url: string, res: ServerResponse) => void) {
    dataDir = mkdtempSync(path.join(tmpdir(), 'atrium-upload-'));
    t = await createTestApp('sqlite', { env: { DATA_DIR: dataDir } });
    server = createServer((req, res) => answer(req.url ?? '/', res));
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  test('a picture is fetched and stored through the same pipeline', async () => {
    const png = await stripes();
    const base = await serve((url, res) => {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(png);
    });
    const key = await storeAvatarFromUrl(t.app.ctx, `${base}/u/1?v=4`);
    expect(key).toMatch(/^[0-9a-f]{32}\.webp$/);
    const file = await t.app.inject({ method: 'GET', url: `/uploads/avatar/${key}` });
    expect(await sharp(file.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 256,
      height: 256,
    });
  });

  test('failures give null: an error status, not an image, too big, too slow, a bad URL', async () => {
    const base = await serve((url, res) => {
      if (url === '/missing') {
        res.writeHead(404);
        res.end();
      } else if (url === '/text') {
        res.writeHead(200, { 'content-type': 'image/png' });
        res.end('not an image');
      } else if (url === '/huge') {
        res.writeHead(200, { 'content-type': 'image/png' });
        // No content-length: the cap applies while reading.
        res.write(Buffer.alloc(3 * 1024 * 1024));
        res.end(Buffer.alloc(3 * 1024 * 1024));
      } else {
        // Never answers.
      }
    });
    const ctx = t.app.ctx;
    expect(await storeAvatarFromUrl(ctx, `${base}/missing`)).toBeNull();
    expect(await storeAvatarFromUrl(ctx, `${base}/text`)).toBeNull();
    expect(await storeAvatarFromUrl(ctx, `${base}/huge`)).toBeNull();
    expect(await storeAvatarFromUrl(ctx, `${base}/slow`, { timeoutMs: 200 })).toBeNull();
    expect(await storeAvatarFromUrl(ctx, 'file:///etc/passwd')).toBeNull();
    expect(await storeAvatarFromUrl(ctx, 'not a url')).toBeNull();
    let stored: string[] = [];
    try {
      stored = readdirSync(path.join(dataDir, 'uploads', 'avatar'));
    } catch {
      // Nothing was ever written.
    }
    expect(stored).toEqual([]);
  });
});
