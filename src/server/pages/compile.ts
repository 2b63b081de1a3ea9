/**
 * Compiling the site: `astro build` of the sources into `node_modules/.cache/atrium/<key>/` — the
 * static
 * pages that need no data (sign-in, admin shells, system pages…), the assets, and the server bundle
 * the render worker renders the content pages with. Under the project's node_modules because the
 * bundle imports its packages by name, as Node finds them from there. The key is a digest of every input of the
 * compilation (the sources the pages are made of, the lock file, and the build settings: the
 * site's origin and the PUBLIC_ variables), so the same sources give the same key on any machine
 * and a compilation is done once per change of them, not per content change.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { readdir, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { binOf, runNode } from './run-node.ts';

/** Inputs of the compilation, relative to the root; directories are walked. */
const INPUTS = [
  'src',
  'public',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'astro.config.mjs',
  '.env',
];
/** Under src/, what never reaches a page: the server (the dependency check keeps it so) and tests. */
const NOT_INPUT = /(^|[\\/])src[\\/]server([\\/]|$)|\.test\.[cm]?[jt]sx?$|\.test-helpers\.ts$/;
/** Marks a complete compilation (written last). */
const DONE_MARK = '.compiled';
/** Compilations kept at least (another process of this checkout may still render with one)… */
const KEEP = 3;
/** …and those used in the last week. */
const KEEP_MS = 7 * 86_400_000;

/** Where compilations are kept, by key. */
export function compiledRoot(root: string): string {
  return join(root, 'node_modules', '.cache', 'atrium');
}

export interface CompileSettings {
  /** The site's origin: every absolute link of the pages. */
  readonly siteUrl: string;
  /** The PUBLIC_ variables the pages read when compiled (name → value). */
  readonly public: Readonly<Record<string, string>>;
}

/** The PUBLIC_ variables of an environment. */
export function publicSettings(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env)
      .filter(
        (entry): entry is [string, string] =>
          entry[0].startsWith('PUBLIC_') && entry[1] !== undefined,
      )
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
}

function inputFiles(root: string): string[] {
  const files: string[] = [];
  for (const input of INPUTS) {
    const path = join(root, input);
    if (!existsSync(path)) continue;
    if (!statSync(path).isDirectory()) {
      files.push(path);
      continue;
    }
    for (const entry of readdirSync(path, { recursive: true, withFileTypes: true })) {
      const file = join(entry.parentPath, entry.name);
      if (entry.isFile() && !NOT_INPUT.test(file)) files.push(file);
    }
  }
  return files.sort();
}

/** The digest of everything a compilation depends on. */
export function compileKey(root: string, settings: CompileSettings): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify(settings));
  for (const file of inputFiles(root)) {
    hash.update(relative(root, file).split(sep).join('/'));
    hash.update('\0');
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 32);
}

export interface CompileOptions {
  readonly root: string;
  readonly settings: CompileSettings;
  /** Where astro's output goes; null keeps it (its tail is still in a failure's message). */
  readonly output?: NodeJS.WritableStream | null;
}

export interface Compiled {
  readonly key: string;
  /** `client/` (served files) and `server/` (the render bundle) are in it. */
  readonly dir: string;
  /** False when an earlier compilation of the same key was reused. */
  readonly fresh: boolean;
}

function runAstro(root: string, outDir: string, options: CompileOptions): Promise<void> {
  const astro = binOf(root, 'astro', 'astro.js');
  if (astro === null) throw new Error(`compile: astro is not installed under ${root}`);
  return runNode('astro build', astro, ['build', '--root', root, '--outDir', outDir], {
    cwd: root,
    // A compilation is always a production build, whatever NODE_ENV the server runs with.
    env: {
      ...options.settings.public,
      SITE_URL: options.settings.siteUrl,
      NODE_ENV: 'production',
      ASTRO_TELEMETRY_DISABLED: '1',
    },
    ...(options.output === undefined ? {} : { output: options.output }),
  });
}

/** Removes the compilations but the newest KEEP (and `keep`), unless used in the last KEEP_MS. */
async function prune(cacheDir: string, keep: string): Promise<void> {
  const entries = await readdir(cacheDir, { withFileTypes: true }).catch(() => []);
  const dated: { name: string; time: number }[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory() || entry.name === keep || entry.name.startsWith('.')) continue;
    const info = await stat(join(cacheDir, entry.name, DONE_MARK)).catch(() => null);
    dated.push({ name: entry.name, time: info?.mtimeMs ?? 0 });
  }
  dated.sort((a, b) => b.time - a.time);
  const old = Date.now() - KEEP_MS;
  for (const { name, time } of dated.slice(KEEP - 1)) {
    if (time < old) await rm(join(cacheDir, name), { recursive: true, force: true });
  }
}

/** Compiles the sources, or reuses a complete compilation of the same key. */
export async function compile(options: CompileOptions): Promise<Compiled> {
  const key = compileKey(options.root, options.settings);
  const cacheDir = compiledRoot(options.root);
  const dir = join(cacheDir, key);
  const mark = join(dir, DONE_MARK);
  if (existsSync(mark)) {
    // Marks it used (prune keeps what was used lately).
    await utimes(mark, new Date(), new Date()).catch(() => undefined);
    return { key, dir, fresh: false };
  }
  const work = join(cacheDir, `.${key}.building-${process.pid}-${Date.now()}`);
  try {
    await runAstro(options.root, work, options);
    await writeFile(join(work, DONE_MARK), `${new Date().toISOString()}\n`);
    try {
      await rename(work, dir);
    } catch (error) {
      // Another process of this checkout compiled the same sources meanwhile: use theirs.
      if (!existsSync(mark)) throw error;
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  await prune(cacheDir, key);
  return { key, dir, fresh: true };
}
