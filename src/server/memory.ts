/**
 * Giving memory back after a burst of work. A page build allocates far more than the server keeps
 * (the export, the data file, the new pages read into the table); V8 keeps the pages it grew into
 * until a full collection that, on an idle server, may not come for hours — a 1,000-article site
 * sat at ≈ 600 MB resident after one save with ≈ 130 MB live (docs/benchmarks.md, "Memory").
 * One full collection after the burst returns it. Not on the request path: once per build.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type Collect = (options: { type: 'major'; flavor: 'last-resort' }) => void;
let collect: Collect | null = null;

/**
 * V8's own collection (`gc` of a context made after the flag is set, as Node's v8 docs show), in
 * its memory-reducing flavour: a plain full collection frees the objects but keeps the young
 * generation at the size a build grew it to (≈ 70 MB).
 */
function fullCollection(): void {
  if (collect === null) {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as Collect;
  }
  collect({ type: 'major', flavor: 'last-resort' });
}

/** Runs one full collection a moment from now (after the answers in flight), once for many calls. */
let pending: NodeJS.Timeout | null = null;
export function releaseMemorySoon(delayMs = 1_000): void {
  if (pending !== null) return;
  pending = setTimeout(() => {
    pending = null;
    fullCollection();
  }, delayMs);
  pending.unref();
}
