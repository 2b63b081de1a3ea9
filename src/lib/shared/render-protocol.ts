/**
 * What the server and the render worker (src/lib/build/render-worker.ts) say to each other over
 * IPC: a job (render the pages whose input changed), and its answer.
 */

export interface RenderJob {
  readonly kind: 'render';
  readonly id: number;
  /** A JSON file holding the site's data (src/lib/build/page-set.ts, SiteData). */
  readonly dataFile: string;
  /** Where the rendered files go, by their page file paths. */
  readonly outDir: string;
  /** Page file → digest of the input it was last rendered from; null renders every page. */
  readonly previous: Readonly<Record<string, string>> | null;
  /** The origin pages are requested at. */
  readonly origin: string;
  /** This worker's part of the pages to render: every `count`-th, from `index`. */
  readonly shard: { readonly index: number; readonly count: number };
}

/** Writes the compressed copies of files (not pages the job rendered: they have theirs). */
export interface CompressJob {
  readonly kind: 'compress';
  readonly id: number;
  /** The site's root folder, and the site paths (`/_astro/x.js`) of the files under it. */
  readonly dir: string;
  readonly files: readonly string[];
}

export type WorkerJob = RenderJob | CompressJob;

export type CompressReply =
  | { readonly id: number; readonly ok: true; readonly ms: number }
  | { readonly id: number; readonly ok: false; readonly message: string };

export type RenderReply =
  | {
      readonly id: number;
      readonly ok: true;
      /** Page file → the digest of its input, for the pages of this worker's shard. */
      readonly digests: Record<string, string>;
      /** Page files written to `outDir` (by this worker: its shard). */
      readonly written: string[];
      readonly ms: number;
    }
  | { readonly id: number; readonly ok: false; readonly message: string };

/** The first message of a worker: the compiled site is loaded and jobs may come. */
export interface RenderReady {
  readonly ready: true;
}
