/**
 * Building the site: `astro build` in a child process into a fresh directory beside the output,
 * then (when installed and not already done by an integration) Pagefind over it, then the CDN
 * rewrite rules, then a swap into place. A failed build leaves the previous output untouched, and
 * the output directory is never half-written: it is renamed in as a whole.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { readdir, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve as resolvePath } from 'node:path';
import { rewriteRules } from './rewrites.ts';

export interface BuildOptions {
  /** The project root (where package.json and astro.config.* are). */
  readonly root: string;
  /** Where the site ends up, e.g. `<root>/dist`. */
  readonly outDir: string;
  /** Where the builders' output goes; null keeps it (it is still quoted in a failure's message). */
  readonly output?: NodeJS.WritableStream | null;
  /** Extra environment for the builders. */
  readonly env?: Readonly<Record<string, string>>;
  /** Files written into the output (name → text) before it is swapped in. */
  readonly files?: Readonly<Record<string, string>>;
}

export interface BuildResult {
  readonly outDir: string;
  /** `.html` files written. */
  readonly pages: number;
  readonly files: number;
  readonly bytes: number;
  readonly ms: number;
  /** Whether Pagefind indexed the output. */
  readonly searchIndex: boolean;
}

/**
 * Inputs of the page build, relative to the root; directories are walked. `.env` is one because
 * it holds the PUBLIC_ settings the pages are built with.
 */
const BUILD_INPUTS = ['src', 'public', 'package.json', '.env'];
const ASTRO_CONFIGS = [
  'astro.config.mjs',
  'astro.config.ts',
  'astro.config.js',
  'astro.config.mts',
];
/** Under src/, what never reaches a page: the server (lint keeps pages from importing it) and tests. */
const NOT_BUILD_INPUT = /(^|[\\/])src[\\/]server([\\/]|$)|\.test\.[cm]?[jt]sx?$/;

function newerFileExists(path: string, than: number): boolean {
  let info;
  try {
    info = statSync(path);
  } catch {
    return false;
  }
  if (!info.isDirectory()) return info.mtimeMs > than;
  for (const entry of readdirSync(path, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = join(entry.parentPath, entry.name);
    if (NOT_BUILD_INPUT.test(file)) continue;
    if (statSync(file).mtimeMs > than) return true;
  }
  return false;
}

/**
 * True when `outDir/index.html` is missing or older than any input of the page build: files under
 * src/ (less src/server/ and tests, which no page includes), public/, astro.config.*, package.json.
 * Synchronous on purpose: `if (isBuildStale(…))` cannot be fooled by a forgotten `await`.
 */
export function isBuildStale(root: string, outDir: string): boolean {
  let built: number;
  try {
    built = statSync(join(outDir, 'index.html')).mtimeMs;
  } catch {
    return true;
  }
  return [...BUILD_INPUTS, ...ASTRO_CONFIGS].some((input) =>
    newerFileExists(join(root, input), built),
  );
}

/** The script a package's `bin` names, resolved under `<root>/node_modules/<name>`. */
function binOf(root: string, name: string, fallback: string): string | null {
  const dir = join(root, 'node_modules', name);
  try {
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
      bin?: string | Record<string, string>;
    };
    const bin = typeof pkg.bin === 'string' ? pkg.bin : pkg.bin?.[name];
    if (bin) return join(dir, bin);
  } catch {
    // not installed, or unreadable: try the fallback
  }
  const guess = join(dir, fallback);
  return existsSync(guess) ? guess : null;
}

/** Runs `node script args` in `cwd`; rejects with the tail of its output on a non-zero exit. */
function run(
  label: string,
  script: string,
  args: readonly string[],
  cwd: string,
  options: BuildOptions,
): Promise<void> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(process.execPath, [script, ...args], {
      cwd,
      // A build is always a production build, whatever NODE_ENV the server runs with.
      env: {
        ...process.env,
        NODE_ENV: 'production',
        ASTRO_TELEMETRY_DISABLED: '1',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output = options.output === undefined ? process.stdout : options.output;
    let tail = '';
    const keep = (chunk: Buffer) => {
      output?.write(chunk);
      tail = (tail + chunk.toString('utf8')).slice(-4000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) resolveRun();
      else reject(new Error(`${label} failed (${signal ?? `exit ${code}`}):\n${tail.trimEnd()}`));
    });
  });
}

async function measure(dir: string): Promise<{ pages: number; files: number; bytes: number }> {
  let pages = 0;
  let files = 0;
  let bytes = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files++;
    if (entry.name.endsWith('.html')) pages++;
    bytes += (await stat(join(entry.parentPath, entry.name))).size;
  }
  return { pages, files, bytes };
}

/** Whether a process with this id runs on this machine (EPERM: it does, as another user). */
export function isProcessAlive(pid: number): boolean {
  // 0 and negative ids name process groups, not a process.
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the entries of `dir` whose name matches `pattern` (its first group: the id of the process
 * that made the entry) when that process is gone: what a killed build (kill -9, a power cut) left
 * behind. A live process's entries may be another instance's build running now: they stay.
 * Resolves with the paths removed.
 */
export async function removeDeadLeftovers(dir: string, pattern: RegExp): Promise<string[]> {
  const removed: string[] = [];
  for (const name of await readdir(dir).catch(() => [])) {
    const pid = pattern.exec(name)?.[1];
    if (pid === undefined || isProcessAlive(Number(pid))) continue;
    const path = join(dir, name);
    await rm(path, { recursive: true, force: true });
    removed.push(path);
  }
  return removed;
}

/** The work and old directories of the builds of `outDir`: `.<name>.building-<pid>-<ms>`, `.old-`. */
function leftoverPattern(outDir: string): RegExp {
  const name = basename(outDir).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^\\.${name}\\.(?:building|old)-(\\d+)-\\d+$`);
}

/** Removes the work and old directories that killed builds of `outDir` left beside it. */
export function removeBuildLeftovers(outDir: string): Promise<string[]> {
  const out = resolvePath(outDir);
  return removeDeadLeftovers(dirname(out), leftoverPattern(out));
}

/** Builds per output directory run one at a time, in call order. */
const queues = new Map<string, Promise<unknown>>();

/** Builds the site into `outDir` (see the module comment). Resolves once the new output is in place. */
export function buildSite(options: BuildOptions): Promise<BuildResult> {
  const outDir = resolvePath(options.outDir);
  const before = queues.get(outDir) ?? Promise.resolve();
  const next = before.catch(() => undefined).then(() => buildNow({ ...options, outDir }));
  queues.set(outDir, next);
  void next
    .finally(() => {
      if (queues.get(outDir) === next) queues.delete(outDir);
    })
    .catch(() => undefined);
  return next;
}

async function buildNow(options: BuildOptions): Promise<BuildResult> {
  const started = Date.now();
  const root = resolvePath(options.root);
  const outDir = options.outDir;
  // The pid lets a later start tell a killed build's leftovers from a running one's.
  const stamp = `${process.pid}-${started}`;
  const work = join(dirname(outDir), `.${basename(outDir)}.building-${stamp}`);
  const old = join(dirname(outDir), `.${basename(outDir)}.old-${stamp}`);
  const astro = binOf(root, 'astro', 'astro.js');
  if (astro === null) throw new Error(`site build: astro is not installed under ${root}`);
  try {
    await run('astro build', astro, ['build', '--root', root, '--outDir', work], root, options);
    let searchIndex = existsSync(join(work, 'pagefind'));
    const pagefind = searchIndex ? null : binOf(root, 'pagefind', 'lib/runner/bin.cjs');
    if (pagefind !== null) {
      await run('pagefind', pagefind, ['--site', work], root, options);
      searchIndex = true;
    }
    const rules = rewriteRules();
    await writeFile(join(work, '_redirects'), rules.redirects);
    await writeFile(join(work, 'nginx-rewrites.conf'), rules.nginx);
    for (const [name, text] of Object.entries(options.files ?? {})) {
      await writeFile(join(work, name), text);
    }
    // Date the output by the build's start, so a source edited while it ran counts as newer.
    const index = join(work, 'index.html');
    if (existsSync(index)) await utimes(index, new Date(started), new Date(started));
    const { pages, files, bytes } = await measure(work);
    // The swap: two renames on one file system, the old output deleted afterwards.
    const hadOld = existsSync(outDir);
    if (hadOld) await rename(outDir, old);
    await rename(work, outDir);
    if (hadOld) await rm(old, { recursive: true, force: true });
    return { outDir, pages, files, bytes, ms: Date.now() - started, searchIndex };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
