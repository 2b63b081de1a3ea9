/**
 * The state of the page rebuild that follows content changes (design.md §1), as
 * `GET /api/blog/build` answers it and the hub's SITE_BUILD_TOPIC (topics.ts) pushes it.
 */

export type SiteBuildState = 'idle' | 'queued' | 'running' | 'done' | 'failed';

export interface SiteBuildStatus {
  readonly state: SiteBuildState;
  /** ISO 8601 times of the current or last build's steps; null before the first. */
  readonly queuedAt: string | null;
  readonly startedAt: string | null;
  readonly finishedAt: string | null;
  /** Duration of the last finished build. */
  readonly ms: number | null;
  /** On failure: the tail of the build's log. */
  readonly error: string | null;
  /** When the pages being served were built from the database (null: not since this start). */
  readonly builtAt: string | null;
}

/** Before any build since this start. */
export const IDLE_BUILD_STATUS: SiteBuildStatus = {
  state: 'idle',
  queuedAt: null,
  startedAt: null,
  finishedAt: null,
  ms: null,
  error: null,
  builtAt: null,
};
