/**
 * Highlighted search snippets: everything HTML-escaped, only the matched term wrapped in <mark>.
 * The text comes from src/lib/shared/summary.ts, which also derives the summaries, so a search
 * hit reads like the list and the pages.
 */
import { plainTextOf, truncateText } from '../../lib/shared/summary.ts';
import { escapeHtml } from '../../lib/shared/escape.ts';

/** The text a search snippet is cut from: the document's readable text, tables and code included. */
export function searchableText(markdown: string): string {
  return plainTextOf(markdown, 'all');
}

function termPattern(term: string): RegExp {
  return new RegExp(term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'giu');
}

/** The whole text escaped, each occurrence of the term (any case) wrapped in <mark>. */
export function highlight(text: string, term: string): string {
  const pattern = termPattern(term);
  let html = '';
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    html += `${escapeHtml(text.slice(last, match.index))}<mark>${escapeHtml(match[0])}</mark>`;
    last = match.index + match[0].length;
  }
  return html + escapeHtml(text.slice(last));
}

/**
 * A short window of the text around the first occurrence of the term, highlighted; the start of
 * the text when the term is not in it.
 */
export function snippet(text: string, term: string, radius = 60): string {
  const first = termPattern(term).exec(text);
  if (!first) return escapeHtml(truncateText(text, radius * 2));
  const before = [...text.slice(0, first.index)];
  const after = [...text.slice(first.index + first[0].length)];
  const head = before.slice(Math.max(0, before.length - radius)).join('');
  const tail = after.slice(0, radius).join('');
  const window = head + first[0] + tail;
  const prefix = before.length > radius ? '…' : '';
  const suffix = after.length > radius ? '…' : '';
  return `${prefix}${highlight(window, term)}${suffix}`;
}

export { escapeHtml };
