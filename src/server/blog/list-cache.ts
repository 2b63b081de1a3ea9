/**
 * The ordered ids of each reader's list (all, per category, per tag), kept in memory so that deep
 * pages are a slice plus a lookup by id, never an OFFSET scan. An entry is dropped on any change
 * to articles, categories or tags, and all entries expire when the next scheduled article's time
 * comes. Beside them, the list entry of each article shown (`items`): what a page shows of it
 * changes only with those same changes, so a page needs no query for it once it has been shown.
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

/** Items kept at most; past it the item cache starts afresh (a blog this size needs no more). */
const ITEMS_MAX = 50_000;
/**
 * How long an item is kept: what may change in it without a blog change (views, counted by every
 * instance) is at most this old when another instance counted it.
 */
export const ITEM_MAX_AGE_MS = 60_000;

export class ListCache<T = unknown> {
  #entries = new Map<string, { list: IdList; validUntil: number | null }>();
  #items = new Map<string, { item: T; at: number }>();
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

  /**
   * The items of `ids` that exist: cached ones, and the missing ones from `load` (kept unless a
   * change came during the load).
   */
  async items(
    ids: readonly string[],
    load: (missing: readonly string[]) => Promise<ReadonlyMap<string, T>>,
  ): Promise<Map<string, T>> {
    const found = new Map<string, T>();
    const missing: string[] = [];
    const now = this.#now();
    for (const id of ids) {
      const kept = this.#items.get(id);
      if (kept === undefined || now - kept.at >= ITEM_MAX_AGE_MS) missing.push(id);
      else found.set(id, kept.item);
    }
    if (missing.length === 0) return found;
    const generation = this.#generation;
    const loaded = await load(missing);
    const keep = generation === this.#generation;
    if (keep && this.#items.size + loaded.size > ITEMS_MAX) this.#items.clear();
    for (const [id, item] of loaded) {
      found.set(id, item);
      if (keep) this.#items.set(id, { item, at: now });
    }
    return found;
  }

  /** Changes a kept item in place (e.g. views this instance wrote); nothing when not kept. */
  update(id: string, change: (item: T) => T): void {
    const kept = this.#items.get(id);
    if (kept !== undefined) this.#items.set(id, { item: change(kept.item), at: kept.at });
  }

  invalidate(): void {
    this.#generation += 1;
    this.#entries.clear();
    this.#items.clear();
  }
}
