/**
 * Markdown to plain text (for excerpts and search snippets) and highlighted snippets: everything
 * HTML-escaped, only the matched term wrapped in <mark>.
 */
import { Lexer, type Token } from 'marked';
import { escapeHtml } from '../../lib/shared/escape.ts';

export const EXCERPT_LENGTH = 160;

function collect(tokens: readonly Token[], out: string[]): void {
  for (const token of tokens) {
    if (token.type === 'code') {
      out.push(' ');
      continue;
    }
    if (token.type === 'html' || token.type === 'hr' || token.type === 'space') {
      out.push(' ');
      continue;
    }
    if (token.type === 'image') {
      out.push(token.text);
      continue;
    }
    const children = (token as { tokens?: Token[] }).tokens;
    if (token.type === 'table') {
      const table = token as unknown as {
        header: { tokens: Token[] }[];
        rows: { tokens: Token[] }[][];
      };
      for (const cell of [...table.header, ...table.rows.flat()]) {
        collect(cell.tokens, out);
        out.push(' ');
      }
    } else if (token.type === 'list') {
      for (const item of (token as unknown as { items: Token[] }).items) collect([item], out);
    } else if (children && children.length > 0) {
      collect(children, out);
    } else if ('text' in token && typeof token.text === 'string') {
      out.push(
        token.type === 'escape' || token.type === 'codespan' ? token.text : decode(token.text),
      );
    }
    if (['paragraph', 'heading', 'list_item', 'blockquote', 'br'].includes(token.type)) {
      out.push(' ');
    }
  }
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

function decode(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);
}

/** The visible text of a Markdown document on one line (code blocks and raw HTML left out). */
export function markdownToPlainText(markdown: string): string {
  const out: string[] = [];
  collect(new Lexer({ gfm: true }).lex(markdown), out);
  return out.join('').replace(/\s+/g, ' ').trim();
}

/** The first `length` characters (code points) of the text, with an ellipsis when cut. */
export function truncate(text: string, length: number): string {
  const chars = [...text];
  if (chars.length <= length) return text;
  return `${chars.slice(0, length).join('').trimEnd()}…`;
}

export function excerptOf(markdown: string, length = EXCERPT_LENGTH): string {
  return truncate(markdownToPlainText(markdown), length);
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
  if (!first) return escapeHtml(truncate(text, radius * 2));
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
