/**
 * The static search index: Pagefind over the pages (`data-pagefind-body`, Chinese segmentation),
 * written to `<site>/pagefind`. After a full build it is part of the new pages; after a change it
 * is made again beside the live pages and swapped in, a few seconds after the pages themselves.
 */
import { existsSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { binOf, runNode } from './run-node.ts';

export const SEARCH_DIR = 'pagefind';

/** Indexes `siteDir` into `outDir` (default: `<siteDir>/pagefind`); false when Pagefind is absent. */
export async function indexSearch(
  root: string,
  siteDir: string,
  options: { outDir?: string; output?: NodeJS.WritableStream | null } = {},
): Promise<boolean> {
  const pagefind = binOf(root, 'pagefind', 'lib/runner/bin.cjs');
  if (pagefind === null) return false;
  const args = ['--site', siteDir];
  if (options.outDir !== undefined) args.push('--output-path', options.outDir);
  await runNode('pagefind', pagefind, args, {
    cwd: root,
    ...(options.output === undefined ? {} : { output: options.output }),
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
  output: NodeJS.WritableStream | null,
  ready: (index: string) => Promise<void>,
  publish: (swap: () => Promise<void>) => Promise<void> = (swap) => swap(),
): Promise<boolean> {
  const fresh = join(work, SEARCH_DIR);
  try {
    if (!(await indexSearch(root, siteDir, { outDir: fresh, output }))) return false;
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
