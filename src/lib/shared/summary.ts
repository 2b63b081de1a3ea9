/**
 * The plain text of an article, and the summary derived from it: the one definition the server
 * (article lists, search hits, the page-build snapshot) and the build (pages, feeds, meta
 * description) share. The Markdown goes through the same parser as render.ts (GFM, math); nodes
 * a reader would not call prose are dropped from the syntax tree, and the text is read from the
 * HTML tree made of the rest, so link targets, task markers, math source and image syntax never
 * show. Pure: no DOM, no node:.
 */
import type { Nodes, Parent, Root } from 'mdast';
import { toString as hastToString } from 'hast-util-to-string';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { SKIP, visit } from 'unist-util-visit';

/** Characters (code points) of a derived summary, before its ellipsis. */
export const SUMMARY_LENGTH = 160;

/**
 * 'prose' (summaries): paragraphs, headings, lists and quotes. 'all' (search snippets): also the
 * cells of tables and the text of code blocks, which a search may have matched.
 */
export type TextScope = 'prose' | 'all';

/**
 * Never text: source of math, images, raw HTML and footnotes. (Link definitions stay: references
 * need them to become links, and they render as nothing.)
 */
const ALWAYS_DROPPED: ReadonlySet<string> = new Set([
  'math',
  'inlineMath',
  'image',
  'imageReference',
  'html',
  'footnoteDefinition',
  'footnoteReference',
]);
const NOT_PROSE: ReadonlySet<string> = new Set(['table', 'code']);

function dropNodes(scope: TextScope) {
  return (tree: Root) => {
    visit(tree, (node: Nodes, index, parent: Parent | undefined) => {
      if (parent === undefined || index === undefined) return;
      if (ALWAYS_DROPPED.has(node.type) || (scope === 'prose' && NOT_PROSE.has(node.type))) {
        parent.children.splice(index, 1);
        return [SKIP, index];
      }
      return undefined;
    });
  };
}

function processor(scope: TextScope) {
  return unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkMath)
    .use(dropNodes, scope)
    .use(remarkRehype);
}

const processors: Record<TextScope, ReturnType<typeof processor>> = {
  prose: processor('prose'),
  all: processor('all'),
};

/** Closing punctuation a dropped node (math, an image) may have left a space before. */
const SPACE_BEFORE_PUNCTUATION = / (?=[,.;:!?，。、；：！？）)\]】」』])/gu;

/** The readable text of a Markdown document on one line, whitespace collapsed. */
export function plainTextOf(markdown: string, scope: TextScope = 'prose'): string {
  const run = processors[scope];
  const text = hastToString(run.runSync(run.parse(markdown)));
  return text.replace(/\s+/gu, ' ').replace(SPACE_BEFORE_PUNCTUATION, '').trim();
}

const CJK = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+$/u;
/** Separators a cut text should not end on before its ellipsis. */
const TRAILING = /[\s,;:，、；：]+$/u;

function graphemes(text: string): string[] {
  return Array.from(
    new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text),
    (s) => s.segment,
  );
}

/**
 * At most `length` code points of the text, then an ellipsis when it was cut. The cut falls
 * between words (any CJK character is a boundary); a single word longer than the limit is cut
 * between characters.
 */
export function truncateText(text: string, length: number = SUMMARY_LENGTH): string {
  if ([...text].length <= length) return text;
  let out = '';
  let used = 0;
  for (const { segment } of new Intl.Segmenter(undefined, { granularity: 'word' }).segment(text)) {
    const size = [...segment].length;
    if (used + size <= length) {
      out += segment;
      used += size;
      continue;
    }
    if (CJK.test(segment) || out.trim() === '') {
      for (const g of graphemes(segment)) {
        const n = [...g].length;
        if (used + n > length) break;
        out += g;
        used += n;
      }
    }
    break;
  }
  return `${out.replace(TRAILING, '')}…`;
}

/** Markdown read first for a summary; the rest only when its prose is too short. */
const SUMMARY_HEAD = 2_000;
/** A link or footnote definition: a reference before it needs it to read as text. */
const DEFINITION = /^ {0,3}\[[^\]\n]+\]:/m;

/**
 * A summary derived from the article's Markdown: its prose, cut to SUMMARY_LENGTH. Parsing is
 * the costly part (the page build derives every article's summary), so a long article is read
 * up to a blank line after its first SUMMARY_HEAD characters when that holds enough prose: the
 * blocks before a blank line read the same whatever follows (unless a definition does).
 */
export function summaryOf(markdown: string, length: number = SUMMARY_LENGTH): string {
  const cut = markdown.length > 2 * SUMMARY_HEAD ? markdown.indexOf('\n\n', SUMMARY_HEAD) : -1;
  if (cut > 0 && !DEFINITION.test(markdown)) {
    const head = plainTextOf(markdown.slice(0, cut), 'prose');
    if ([...head].length > length) return truncateText(head, length);
  }
  return truncateText(plainTextOf(markdown, 'prose'), length);
}

/** The summary readers see: the author's own when written (null means none), else derived. */
export function articleSummary(article: {
  readonly summary: string | null;
  readonly content: string;
}): string {
  return article.summary ?? summaryOf(article.content);
}
