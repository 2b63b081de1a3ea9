/** A small build output in a temp directory, for the site tests. */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { compressFile } from '../../lib/build/compress.ts';

/** Text that compresses well but is not trivially repetitive. */
export function filler(bytes: number, seed = 1): string {
  const words = ['atrium', 'static', 'page', 'blog', 'node', 'fastify', '静态', '页面', 'cache'];
  let out = '';
  let r = seed;
  while (out.length < bytes) {
    r = (r * 1103515245 + 12345) & 0x7fffffff;
    out += words[r % words.length] + (r % 7 === 0 ? '\n' : ' ');
  }
  return out.slice(0, bytes);
}

export function html(title: string, body = filler(3000)): string {
  return `<!doctype html><html><head><title>${title}</title></head><body><h1>${title}</h1><p>${body}</p></body></html>\n`;
}

export const FIXTURE: Readonly<Record<string, string | Buffer>> = {
  'index.html': html('Home'),
  'a/index.html': html('Page A'),
  'x.html': html('Page X', 'short'),
  'blog/index.html': html('Blog'),
  'blog/contact/index.html': html('Contact'),
  '_astro/x.123.js': `export const text = ${JSON.stringify(filler(20_000, 7))};\n`,
  '_astro/style.abc.css': `body{margin:0}\n.${filler(3000, 3).replace(/\W+/g, '-')}{color:red}\n`,
  '404.html': html('Not Found'),
  'admin/user/edit/_/index.html': html('Edit user shell'),
  'small.txt': 'tiny\n',
  'data.json': JSON.stringify({ words: filler(2000, 5).split(' ') }),
  'icon.svg': `<svg xmlns="http://www.w3.org/2000/svg"><title>${filler(1500)}</title></svg>`,
  'img.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]),
  'font.woff2': Buffer.from('wOF2 not really'),
  'pagefind/pagefind.js': `// ${filler(4000, 9)}`,
  'pagefind/index/en_1.pf_index': Buffer.from([0x1f, 0x8b, 0, 1, 2, 3]),
  'robots.txt': 'User-agent: *\nAllow: /\n',
  'hello world.txt': 'spaced\n',
  _redirects: '/admin/user/edit/:id  /admin/user/edit/_/  200\n',
  '.hidden': 'secret\n',
};

/**
 * Writes `files` under a new temp directory, with the compressed copies a page build writes beside
 * them (src/lib/build/compress.ts), and returns it.
 */
export async function makeDist(files: Readonly<Record<string, string | Buffer>> = FIXTURE) {
  const dir = await mkdtemp(join(tmpdir(), 'atrium-dist-'));
  await writeFiles(dir, files, { compressed: true });
  return dir;
}

/** Writes `files` under `dir`; with `compressed`, also their compressed copies. */
export async function writeFiles(
  dir: string,
  files: Readonly<Record<string, string | Buffer>>,
  { compressed = false } = {},
) {
  for (const [path, content] of Object.entries(files)) {
    const target = join(dir, ...path.split('/'));
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, content);
    if (compressed) await compressFile(target, `/${path}`);
  }
}

export async function removeDir(dir: string | undefined): Promise<void> {
  if (dir) await rm(dir, { recursive: true, force: true });
}

/** The id of a process that has exited (a child started and waited for here). */
export function deadPid(): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
    child.on('error', reject);
    child.on('exit', () => {
      if (child.pid === undefined) reject(new Error('no pid'));
      else resolve(child.pid);
    });
  });
}
