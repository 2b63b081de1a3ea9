/**
 * The ordered ids of each reader's list (all, per category, per tag), kept in memory so that deep
 * pages are a slice plus a lookup by id, never an OFFSET scan. An entry is dropped on any change
 * to articles, categories or tags, and all entries expire when the next scheduled article's time
 * comes.
 */
export interface IdList {
  readonly ids: readonly string[];
  /** Position of each id (built on first use). */
  positionOf(id: string): number;
}

export interface Loaded {
  readonly ids: string[];
  /** Epoch ms when the list may change by itself (a scheduled article going live), or null. */
  readonly validUntil: number | null;
}

function idList(ids: string[]): IdList {
  let positions: Map<string, number> | null = null;
  return {
    ids,
    positionOf(id) {
      positions ??= new Map(ids.map((value, i) => [value, i]));
      return positions.get(id) ?? -1;
    },
  };
}

export class ListCache {
  #entries = new Map<string, { list: IdList; validUntil: number | null }>();
  #generation = 0;
  readonly #now: () => number;

  constructor(now: () => number) {
    this.#now = now;
  }

  async get(key: string, load: () => Promise<Loaded>): Promise<IdList> {
    const entry = this.#entries.get(key);
    if (entry && (entry.validUntil === null || this.#now() < entry.validUntil)) return entry.list;
    const generation = this.#generation;
    const loaded = await load();
    const list = idList(loaded.ids);
    // A change during the load makes the result stale: use it once, do not keep it.
    if (generation === this.#generation) {
      this.#entries.set(key, { list, validUntil: loaded.validUntil });
    }
    return list;
  }

  invalidate(): void {
    this.#generation += 1;
    this.#entries.clear();
  }
}
