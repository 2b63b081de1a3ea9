/**
 * Article Markdown → safe HTML, its table of contents and reading time. Runs at build time (the
 * prebuilt `/blog/{id}` pages) and in the browser (the article shell, the editor preview), so it
 * imports nothing from node:.
 *
 * The pipeline: GFM and math are parsed; raw HTML is dropped and the tree is sanitised (GitHub's
 * schema plus the classes the later steps need); then trusted steps add MathML (KaTeX), Prism
 * classes, heading ids and anchors. Nothing emits a style attribute (the CSP refuses them).
 */
import type { Element, ElementContent, Root } from 'hast';
import { toString as hastToString } from 'hast-util-to-string';
import rehypeAutolinkHeadings from 'rehype-autolink-headings';
import rehypeKatex from 'rehype-katex';
import rehypePrism from 'rehype-prism-plus/common';
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';
import rehypeSlug from 'rehype-slug';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';

export interface TocEntry {
  /** 2 or 3 */
  depth: number;
  /** The heading's id (a slug of its text). */
  id: string;
  text: string;
}

export interface RenderedArticle {
  html: string;
  /** The h2 and h3 headings, in order. */
  toc: TocEntry[];
  /** At least 1. */
  readingMinutes: number;
}

export interface RenderOptions {
  /**
   * The site's origin: absolute links elsewhere get `rel="noopener noreferrer"`. Defaults to the
   * Astro `site` (the same at build time and in the browser, so both render alike).
   */
  origin?: string;
}

/** Reading speeds: CJK characters and other words per minute. */
export const CJK_PER_MINUTE = 300;
export const WORDS_PER_MINUTE = 200;

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;
const WORDISH = /[\p{L}\p{N}]/u;

/** Minutes to read `text`: CJK characters at 300/min plus other words at 200/min, at least 1. */
export function readingMinutesOf(text: string): number {
  const cjk = text.match(CJK)?.length ?? 0;
  const words = text
    .replace(CJK, ' ')
    .split(/\s+/u)
    .filter((w) => WORDISH.test(w)).length;
  return Math.max(1, Math.ceil(cjk / CJK_PER_MINUTE + words / WORDS_PER_MINUTE));
}

const defaultAttributes = defaultSchema.attributes ?? {};

/**
 * GitHub's schema, plus: `language-*` and remark-math's classes on code (rehype-katex finds math
 * by them), `checked` on task-list checkboxes. Raw HTML never reaches it (remark-rehype drops it).
 * Ids are not prefixed again: remark-rehype already prefixes footnote ids with `user-content-`.
 */
export const articleSchema: SanitizeSchema = {
  ...defaultSchema,
  clobberPrefix: '',
  attributes: {
    ...defaultAttributes,
    code: [['className', /^language-./, 'math-inline', 'math-display']],
    input: [['disabled', true], ['type', 'checkbox'], 'checked'],
  },
};

interface ArticleData {
  toc: TocEntry[];
  readingMinutes: number;
}

function containsLink(node: Element): boolean {
  return node.children.some(
    (child: ElementContent) =>
      child.type === 'element' && (child.tagName === 'a' || containsLink(child)),
  );
}

/** Counts reading time on the sanitised text (before MathML and anchors add their own). */
function measureReading() {
  return (tree: Root, file: { data: Record<string, unknown> }) => {
    file.data.readingMinutes = readingMinutesOf(hastToString(tree));
  };
}

const TABLE_SCROLL = 'table-scroll';

function hasClass(node: Element | Root, name: string): boolean {
  return (
    node.type === 'element' &&
    Array.isArray(node.properties.className) &&
    node.properties.className.includes(name)
  );
}

function isTableScroll(node: Element | Root): boolean {
  return hasClass(node, TABLE_SCROLL);
}

/** The text of a node without its nested lists (a task's own words, not its sub-tasks'). */
function ownText(node: ElementContent): string {
  if (node.type === 'text') return node.value;
  if (node.type !== 'element' || node.tagName === 'ul' || node.tagName === 'ol') return '';
  return node.children.map(ownText).join('');
}

/**
 * The scrolling box of a table: focusable (keyboard users scroll it with the arrow keys) and,
 * when the header row has text, a region named by it — the author's words, right in either UI
 * language. A box with no name gets no role: an unnamed region helps nobody.
 */
function tableScrollBox(table: Element): Element {
  const head = table.children.find(
    (child): child is Element => child.type === 'element' && child.tagName === 'thead',
  );
  const label: string[] = [];
  if (head) {
    visit(head, 'element', (cell: Element) => {
      const text = cell.tagName === 'th' ? hastToString(cell).replace(/\s+/g, ' ').trim() : '';
      if (text !== '') label.push(text);
    });
  }
  return {
    type: 'element',
    tagName: 'div',
    properties: {
      className: [TABLE_SCROLL],
      tabIndex: 0,
      ...(label.length > 0 ? { role: 'region', ariaLabel: label.join(', ') } : {}),
    },
    children: [table],
  };
}

/** A task's checkbox is named by the task's text (it has no <label>; axe asks for a name). */
function labelTaskCheckbox(item: Element): void {
  const first = item.children.find((child) => child.type === 'element');
  const holder = first?.tagName === 'p' ? first : item;
  const box = holder.children.find(
    (child): child is Element => child.type === 'element' && child.tagName === 'input',
  );
  if (!box) return;
  const text = item.children.map(ownText).join('').replace(/\s+/g, ' ').trim();
  if (text !== '') box.properties.ariaLabel = text;
}

/**
 * Lazy, async-decoded images; `rel` on links to other origins; focusable code blocks and tables
 * (in a scrolling wrapper); TeX source left out of the search index; no style attribute anywhere.
 */
function finishElements(origin: string | undefined) {
  let own: string | undefined;
  try {
    own = origin ? new URL(origin).origin : undefined;
  } catch {
    own = undefined;
  }
  return (tree: Root) => {
    visit(tree, 'element', (node: Element, index, parent) => {
      delete node.properties.style;
      // Wide code and tables scroll sideways: keyboard users reach the scrolling box by Tab.
      if (node.tagName === 'pre') node.properties.tabIndex = 0;
      if (node.tagName === 'table' && parent && index !== undefined && !isTableScroll(parent)) {
        parent.children[index] = tableScrollBox(node);
        // Visit the wrapper (and so the table's cells) next.
        return index;
      }
      // KaTeX keeps the TeX source in MathML's annotation: readers never see it, so neither
      // does the search index (its excerpts would show it).
      if (node.tagName === 'annotation') node.properties.dataPagefindIgnore = '';
      if (node.tagName === 'li' && hasClass(node, 'task-list-item')) labelTaskCheckbox(node);
      if (node.tagName === 'img') {
        node.properties.loading = 'lazy';
        node.properties.decoding = 'async';
      }
      if (node.tagName === 'a' && typeof node.properties.href === 'string') {
        const href = node.properties.href;
        if (/^(?:[a-z][a-z0-9+.-]*:)?\/\//iu.test(href)) {
          let target: string | undefined;
          try {
            target = new URL(href, own ?? 'https://invalid.invalid').origin;
          } catch {
            target = undefined;
          }
          if (target === undefined || target !== own)
            node.properties.rel = ['noopener', 'noreferrer'];
        }
      }
    });
  };
}

/**
 * Ids the page around the article uses (the layout's skip target, the comments, the article
 * view's labels): a heading slugged to one of them gets a suffix instead, so links stay unique.
 */
export const RESERVED_IDS: ReadonlySet<string> = new Set([
  'main',
  'comments',
  'article-toc-label',
  'article-neighbours-label',
]);

function avoidReservedIds() {
  return (tree: Root) => {
    const taken = new Set<string>();
    visit(tree, 'element', (node: Element) => {
      if (typeof node.properties.id === 'string') taken.add(node.properties.id);
    });
    visit(tree, 'element', (node: Element) => {
      const id = node.properties.id;
      if (typeof id !== 'string' || !RESERVED_IDS.has(id)) return;
      let n = 1;
      while (taken.has(`${id}-${n}`) || RESERVED_IDS.has(`${id}-${n}`)) n += 1;
      node.properties.id = `${id}-${n}`;
      taken.add(node.properties.id);
    });
  };
}

/** GFM's footnote section heading (visually hidden): neither in the TOC nor an anchor. */
function isFootnoteLabel(node: Element): boolean {
  const className = node.properties.className;
  return Array.isArray(className) && className.includes('sr-only');
}

/** The h2/h3 headings with their (slug) ids. */
function collectToc() {
  return (tree: Root, file: { data: Record<string, unknown> }) => {
    const toc: TocEntry[] = [];
    visit(tree, 'element', (node: Element) => {
      if (node.tagName !== 'h2' && node.tagName !== 'h3') return;
      if (isFootnoteLabel(node)) return;
      const id = node.properties.id;
      if (typeof id !== 'string' || id === '') return;
      const text = hastToString(node).trim();
      if (text === '') return;
      toc.push({ depth: node.tagName === 'h2' ? 2 : 3, id, text });
    });
    file.data.toc = toc;
  };
}

function createProcessor(origin: string | undefined) {
  return unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkMath)
    .use(remarkRehype)
    .use(rehypeSanitize, articleSchema)
    .use(measureReading)
    .use(rehypeKatex, { output: 'mathml', strict: false })
    .use(rehypePrism, { ignoreMissing: true })
    .use(rehypeSlug)
    .use(avoidReservedIds)
    .use(collectToc)
    .use(rehypeAutolinkHeadings, {
      // The heading's own text is the link's name: no empty link, no language to choose.
      behavior: 'wrap',
      properties: { className: ['heading-anchor'] },
      test: (node: Element) => !containsLink(node) && !isFootnoteLabel(node),
    })
    .use(finishElements, origin)
    .use(rehypeStringify);
}

const processors = new Map<string, ReturnType<typeof createProcessor>>();

function siteOrigin(): string | undefined {
  const env = import.meta.env as { SITE?: string } | undefined;
  return env?.SITE;
}

/** Renders an article's Markdown to sanitised HTML with its table of contents and reading time. */
export async function renderArticle(
  markdown: string,
  options: RenderOptions = {},
): Promise<RenderedArticle> {
  const origin = options.origin ?? siteOrigin();
  const key = origin ?? '';
  let processor = processors.get(key);
  if (!processor) {
    processor = createProcessor(origin);
    processors.set(key, processor);
  }
  const file = await processor.process(markdown);
  const data = file.data as Partial<ArticleData>;
  return {
    html: String(file),
    toc: data.toc ?? [],
    readingMinutes: data.readingMinutes ?? 1,
  };
}
