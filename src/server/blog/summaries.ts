/**
 * An article's summary (src/lib/shared/summary.ts: the one the author wrote, else the prose of its
 * Markdown), kept by article and version: deriving one parses the Markdown (≈ 2 ms), and the list
 * API and every page build's snapshot ask for the same ones again and again.
 */
import { articleSummary } from '../../lib/shared/summary.ts';
import type { ArticleRow } from './blog.table.ts';

/** Summaries kept: every article of a large site, a few versions of the edited ones. */
const KEPT_MAX = 20_000;
const kept = new Map<string, string>();

export function summaryOf(
  row: Pick<ArticleRow, 'id' | 'update_time' | 'summary' | 'content'>,
): string {
  if (row.summary !== null) return row.summary;
  const key = `${row.id}@${row.update_time}`;
  let summary = kept.get(key);
  if (summary === undefined) {
    summary = articleSummary(row);
    if (kept.size >= KEPT_MAX) kept.clear();
    kept.set(key, summary);
  }
  return summary;
}
