/**
 * What a page build killed mid-way (kill -9, a power cut) leaves behind: folders and files whose
 * names carry the id of the process that made them. A start removes those of processes that are
 * gone; a live process's may be another instance's build running now, and stay.
 */
import { readdir, rm } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { compiledRoot } from './compile.ts';

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
 * Removes the entries of `dir` whose name matches `pattern` (its first group: the id of the
 * process that made the entry) when that process is gone. Resolves with the paths removed.
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

/** The name of a work folder beside `dir` for a full build: `.<name>.building-<pid>-<ms>`. */
export function workDirBeside(dir: string, what: 'building' | 'old', stamp: string): string {
  return join(dirname(dir), `.${basename(dir)}.${what}-${stamp}`);
}

/** `<pid>-<ms>`: names a build's work files so a later start can tell a dead build's. */
export function buildStamp(): string {
  return `${process.pid}-${Date.now()}`;
}

const STAMP = '(\\d+)-\\d+';

/** Removes what killed page builds left: beside the pages and in the work folder. */
export async function removePageBuildLeftovers(options: {
  readonly distDir: string;
  readonly workDir: string;
  /** The project root (its compilations: compile.ts). */
  readonly root: string;
}): Promise<string[]> {
  const dist = resolve(options.distDir);
  const name = basename(dist).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return [
    ...(await removeDeadLeftovers(
      dirname(dist),
      new RegExp(`^\\.${name}\\.(?:building|old)-${STAMP}$`),
    )),
    ...(await removeDeadLeftovers(
      options.workDir,
      new RegExp(`^(?:site-data|staging|search)-${STAMP}(?:\\.json)?$`),
    )),
    ...(await removeDeadLeftovers(
      compiledRoot(options.root),
      new RegExp(`^\\.[0-9a-f]+\\.building-${STAMP}$`),
    )),
    // The render cache's half-written entries (src/lib/build/render-cache.ts).
    ...(await removeDeadLeftovers(
      join(options.workDir, 'render-cache'),
      /^[0-9a-f]{64}\.json\.(\d+)\.tmp$/,
    )),
  ];
}
