/**
 * The bytes of the site's files, read from `dist/` when asked for and kept while they are among
 * the most recently served (least recently used go first, within a byte budget). The table keeps
 * every file's headers and validators, not its bytes: a 5,000-article site is ≈ 200 MB of
 * compressed pages, which a small machine should not hold, while the pages people read fit in a
 * few megabytes (nginx leaves the rest to the kernel's page cache the same way).
 *
 * A build replaces files in `dist/` just before it swaps the new table in, so a read through the
 * old table can meet the new bytes: every read is checked against the digest the table took when
 * it loaded the file, and a mismatch answers null (the caller asks the table that build brings).
 */
import { hash } from 'node:crypto';
import { readFile } from 'node:fs/promises';

/** Where a representation's bytes are, and what they must hash to. */
export interface BodySource {
  readonly file: string;
  /** SHA-256 of the bytes (base64url): also the cache key, so equal bytes are held once. */
  readonly digest: string;
}

/** What the cache needs of a representation (a `Variant` of the table). */
export interface CachedBody {
  /** The bytes when the table holds them for good (files made in memory), else null. */
  readonly body: Buffer | null;
  readonly source: BodySource | null;
}

export const digestOf = (bytes: Buffer): string => hash('sha256', bytes, 'base64url');

export class BodyCache {
  readonly #entries = new Map<string, Buffer>();
  #bytes = 0;
  readonly maxBytes: number;

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  /** Bytes held now. */
  get bytes(): number {
    return this.#bytes;
  }

  /** The bytes when they are at hand (held for good, or read recently); no disk access. */
  peek(variant: CachedBody): Buffer | undefined {
    if (variant.body !== null) return variant.body;
    const key = variant.source?.digest;
    if (key === undefined) return undefined;
    const held = this.#entries.get(key);
    if (held !== undefined) {
      // Most recently used last: the Map keeps insertion order.
      this.#entries.delete(key);
      this.#entries.set(key, held);
    }
    return held;
  }

  /**
   * The bytes, read from disk when not at hand; null when the file is gone or holds other bytes
   * than the table was made from (a build replaced it).
   */
  async read(variant: CachedBody): Promise<Buffer | null> {
    const held = this.peek(variant);
    if (held !== undefined) return held;
    const source = variant.source;
    if (source === null) return null;
    let bytes: Buffer;
    try {
      bytes = await readFile(source.file);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return null;
      throw error;
    }
    if (digestOf(bytes) !== source.digest) return null;
    this.#add(source.digest, bytes);
    return bytes;
  }

  #add(key: string, bytes: Buffer): void {
    if (bytes.length > this.maxBytes || this.#entries.has(key)) return;
    this.#entries.set(key, bytes);
    this.#bytes += bytes.length;
    for (const [oldest, old] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= old.length;
    }
  }
}
