import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, expect, test } from 'vitest';
import { COMPRESS_MIN_BYTES } from '../shared/compression.ts';
import { compressBoth, compressFile } from './compress.ts';

/** Text that compresses well but is not trivially repetitive. */
function text(bytes: number): string {
  let out = '';
  for (let r = 7; out.length < bytes; r = (r * 1103515245 + 12345) & 0x7fffffff) {
    out += ['atrium', 'page', 'blog', '静态', 'cache'][r % 5] + ' ';
  }
  return out.slice(0, bytes);
}

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

test('brotli and gzip copies decode to the bytes, and are smaller', async () => {
  const body = Buffer.from(text(5000));
  const [br, gz] = await compressBoth(body, { brotliQuality: 5, gzipLevel: 6 });
  expect(br && brotliDecompressSync(br).equals(body)).toBe(true);
  expect(gz && gunzipSync(gz).equals(body)).toBe(true);
  expect(br?.length).toBeLessThan(body.length);
  // The same bytes give the same copies: builds on any machine agree.
  const [again] = await compressBoth(Buffer.from(body), { brotliQuality: 5, gzipLevel: 6 });
  expect(again?.equals(br as Buffer)).toBe(true);
});

test('a file gets its copies beside it; small, incompressible and stale copies are not kept', async () => {
  dir = await mkdtemp(join(tmpdir(), 'atrium-compress-'));
  const write = (name: string, body: string | Buffer) => writeFile(join(dir as string, name), body);
  await write('page.html', text(5000));
  await write('tiny.txt', 'a'.repeat(COMPRESS_MIN_BYTES - 1));
  await write('photo.png', Buffer.alloc(10_000, 1));
  await write('old.html', 'x');
  await write('old.html.gz', 'a copy of what the file once was');
  for (const name of ['page.html', 'tiny.txt', 'photo.png', 'old.html']) {
    await compressFile(join(dir, name), `/${name}`);
  }
  expect((await readdir(dir)).sort()).toEqual(
    ['old.html', 'page.html', 'page.html.br', 'page.html.gz', 'photo.png', 'tiny.txt'].sort(),
  );
  const page = await readFile(join(dir, 'page.html'));
  expect(gunzipSync(await readFile(join(dir, 'page.html.gz'))).equals(page)).toBe(true);
});
