/**
 * What the proxy area keeps per instance: the client outputs made for each token and format,
 * dropped on any change to nodes, subscriptions or tokens — here at once, on other instances
 * through the hub.
 */
import { onTopic } from '../events/index.ts';
import { PROXY_TOPIC } from '../../lib/shared/topics.ts';
import type { AppContext } from '../context.ts';

export interface Output {
  readonly body: Buffer;
  readonly headers: Readonly<Record<string, string>>;
}

/** Outputs kept at most (a 500-node Clash config is ≈ 150 KB). */
const CACHE_BYTES = 32 * 1024 * 1024;

export class ProxyService {
  readonly #hub: AppContext['hub'];
  readonly #outputs = new Map<string, Output>();
  #bytes = 0;
  /** Counts the changes, so an output made from the data before one is not kept after it. */
  #generation = 0;
  readonly #unsubscribe: () => void;

  constructor(ctx: Pick<AppContext, 'hub'>) {
    this.#hub = ctx.hub;
    this.#unsubscribe = onTopic(ctx.hub, PROXY_TOPIC, () => this.#clear());
  }

  #clear(): void {
    this.#generation += 1;
    this.#outputs.clear();
    this.#bytes = 0;
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
    while (this.#bytes + made.body.length > CACHE_BYTES && this.#outputs.size > 0) {
      const [oldest, value] = this.#outputs.entries().next().value as [string, Output];
      this.#outputs.delete(oldest);
      this.#bytes -= value.body.length;
    }
    if (made.body.length <= CACHE_BYTES) {
      this.#outputs.set(key, made);
      this.#bytes += made.body.length;
    }
    return made;
  }

  close(): void {
    this.#unsubscribe();
  }
}
