/**
 * What the proxy area keeps per instance: the tokens looked up by the hash of their secret and
 * the client outputs made for each token and format, both dropped on any change to nodes,
 * subscriptions or tokens — here at once, on other instances through the hub; and the buffered
 * log of the links' uses (use-log.ts).
 */
import { onTopic } from '../events/index.ts';
import { PROXY_TOPIC } from '../../lib/shared/topics.ts';
import type { AppContext } from '../context.ts';
import type { TokenRow } from './proxy.table.ts';
import { UseLog } from './use-log.ts';

export interface Output {
  readonly body: Buffer;
  /** The body gzipped, for clients that accept it (made once, with the output). */
  readonly gzipped: Buffer | null;
  readonly headers: Readonly<Record<string, string>>;
}

/** Tokens kept by hash at most (only tokens that exist: a guess is never kept). */
const TOKENS_MAX = 10_000;

/** Outputs kept at most (a 500-node Clash config is ≈ 150 KB). */
const CACHE_BYTES = 32 * 1024 * 1024;

export class ProxyService {
  readonly #hub: AppContext['hub'];
  readonly #outputs = new Map<string, Output>();
  readonly #tokens = new Map<string, TokenRow>();
  readonly uses: UseLog;
  #bytes = 0;
  /** Counts the changes, so an output made from the data before one is not kept after it. */
  #generation = 0;
  readonly #unsubscribe: () => void;

  constructor(ctx: Pick<AppContext, 'hub' | 'db'>, onError: (error: unknown) => void) {
    this.#hub = ctx.hub;
    this.uses = new UseLog(() => ctx.db.kysely, onError);
    this.#unsubscribe = onTopic(ctx.hub, PROXY_TOPIC, () => this.#clear());
  }

  #clear(): void {
    this.#generation += 1;
    this.#outputs.clear();
    this.#tokens.clear();
    this.#bytes = 0;
  }

  /**
   * The token whose secret hashes to `hash`. Only a live token is kept (until the next change):
   * an expired or revoked one is looked up in the database every time, as a missing one is, so
   * that the answer's timing does not tell them apart.
   */
  async token(
    hash: string,
    load: () => Promise<TokenRow | undefined>,
    isLive: (row: TokenRow) => boolean,
  ): Promise<TokenRow | undefined> {
    const kept = this.#tokens.get(hash);
    if (kept && isLive(kept)) return kept;
    this.#tokens.delete(hash);
    const generation = this.#generation;
    const row = await load();
    if (row && isLive(row) && generation === this.#generation) {
      if (this.#tokens.size >= TOKENS_MAX) this.#tokens.clear();
      this.#tokens.set(hash, row);
    }
    return row;
  }

  /** After a committed write: drop the outputs here at once, then tell every instance. */
  async changed(): Promise<void> {
    this.#clear();
    await this.#hub.publish(PROXY_TOPIC, null);
  }

  /** The output kept under `key`, else the one `make` makes (kept while within budget). */
  async output(key: string, make: () => Promise<Output>): Promise<Output> {
    const kept = this.#outputs.get(key);
    if (kept) return kept;
    const generation = this.#generation;
    const made = await make();
    if (generation !== this.#generation) return made;
    const size = made.body.length + (made.gzipped?.length ?? 0);
    while (this.#bytes + size > CACHE_BYTES && this.#outputs.size > 0) {
      const [oldest, value] = this.#outputs.entries().next().value as [string, Output];
      this.#outputs.delete(oldest);
      this.#bytes -= value.body.length + (value.gzipped?.length ?? 0);
    }
    if (size <= CACHE_BYTES) {
      this.#outputs.set(key, made);
      this.#bytes += size;
    }
    return made;
  }

  start(): void {
    this.uses.start();
  }

  async close(): Promise<void> {
    this.#unsubscribe();
    await this.uses.stop();
  }
}
