/**
 * The static search index: Pagefind over the pages (`data-pagefind-body`, Chinese segmentation),
 * written to `<site>/pagefind`. After a full build it is part of the new pages; after a change it
 * is made again beside the live pages and swapped in, a few seconds after the pages themselves.
 */
import { existsSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { runProgram } from './run-node.ts';

export const SEARCH_DIR = 'pagefind';

/**
 * Pagefind's program for this platform, as its npm wrapper finds it (the extended build, with
 * Chinese segmentation, first). Run directly rather than through the wrapper, a Node process that
 * waits for it: stopping the wrapper would leave the program running.
 */
function pagefindProgram(root: string): string | null {
  const require = createRequire(join(root, 'package.json'));
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const exe = platform === 'windows' ? '.exe' : '';
  for (const name of ['pagefind_extended', 'pagefind']) {
    try {
      return require.resolve(`@pagefind/${platform}-${process.arch}/bin/${name}${exe}`);
    } catch {
      // not this one: try the next
    }
  }
  return null;
}

export interface IndexOptions {
  /** Default: `<siteDir>/pagefind`. */
  readonly outDir?: string;
  readonly output?: NodeJS.WritableStream | null;
  /** Stops the indexing (a newer build makes its own index). */
  readonly signal?: AbortSignal;
}

/** Indexes `siteDir` into `outDir`; false when Pagefind is absent. */
export async function indexSearch(
  root: string,
  siteDir: string,
  options: IndexOptions = {},
): Promise<boolean> {
  const pagefind = pagefindProgram(root);
  if (pagefind === null) return false;
  const args = ['--site', siteDir];
  if (options.outDir !== undefined) args.push('--output-path', options.outDir);
  await runProgram('pagefind', pagefind, args, {
    cwd: root,
    ...(options.output === undefined ? {} : { output: options.output }),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return true;
}

/**
 * Makes the index of the live pages again in `work`, lets `ready` finish it (its compressed
 * copies), and swaps it in as `<siteDir>/pagefind` through `publish` (which may do more around the
 * swap, e.g. update the served table). Resolves with whether an index was made.
 */
export async function reindexSearch(
  root: string,
  siteDir: string,
  work: string,
  options: IndexOptions,
  ready: (index: string) => Promise<void>,
  publish: (swap: () => Promise<void>) => Promise<void> = (swap) => swap(),
): Promise<boolean> {
  const fresh = join(work, SEARCH_DIR);
  try {
    if (!(await indexSearch(root, siteDir, { ...options, outDir: fresh }))) return false;
    await ready(fresh);
    const live = join(siteDir, SEARCH_DIR);
    const old = join(work, `${SEARCH_DIR}.old`);
    await publish(async () => {
      if (existsSync(live)) await rename(live, old);
      await rename(fresh, live);
    });
    return true;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
