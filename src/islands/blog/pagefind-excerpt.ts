/**
 * A search result's excerpt from Pagefind's data, showing every term that matched. Pagefind's own
 * excerpt is one window around the densest matches, so of two terms far apart (量子 … 咖啡) only
 * the first is seen and marked. Here each term gets a window around its first occurrence when
 * they do not fit in one, the windows share the length, and every match inside them is marked.
 */
import { escapeHtml } from '@/lib/shared/escape.ts';
import { excerptParts } from './excerpt.ts';

/** Words in an excerpt (all windows together). */
export const EXCERPT_LENGTH = 36;

/** Pagefind splits Chinese and Japanese text into words with zero-width spaces. */
const ZWS = '\u200B';
/** Pagefind's word separators for other text. */
const SEPARATORS = /[^\S\uFEFF]+/g;
/** Windows shown at most; later terms are left out. */
const MAX_WINDOWS = 3;

/** The matched word as a term: case and punctuation do not count. */
function keyOf(word: string): string {
  return word.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

/**
 * Each term with its first location. A word that starts with a shorter matched word (量子力学
 * after 量子: Pagefind matches prefixes) belongs to the shorter one's term.
 */
function firstOfEachTerm(
  words: readonly string[],
  locations: readonly number[],
): Map<string, number> {
  const byKey = new Map<string, number>();
  for (const at of locations) {
    const key = keyOf(words[at] ?? '');
    if (!byKey.has(key)) byKey.set(key, at);
  }
  const terms = new Map<string, number>();
  for (const key of [...byKey.keys()].sort((a, b) => a.length - b.length)) {
    const owner = [...terms.keys()].find((shorter) => shorter !== '' && key.startsWith(shorter));
    const at = byKey.get(key) ?? 0;
    if (owner === undefined) terms.set(key, at);
    else terms.set(owner, Math.min(terms.get(owner) ?? at, at));
  }
  return terms;
}

/** Pagefind's words of its `raw_content`, `<` and `>` unescaped, and how they are joined. */
function wordsOf(rawContent: string): { words: string[]; joiner: string } {
  const spaced = !rawContent.includes(ZWS);
  const words = (spaced ? rawContent.split(SEPARATORS) : rawContent.split(ZWS)).map((word) =>
    word.replaceAll('&lt;', '<').replaceAll('&gt;', '>'),
  );
  return { words, joiner: spaced ? ' ' : '' };
}

function validLocations(locations: readonly number[], count: number): number[] {
  return locations.filter((at) => Number.isInteger(at) && at >= 0 && at < count);
}

/** Groups sorted locations so that each group spans fewer than `size` words. */
function clusters(firsts: readonly number[], size: number): number[][] {
  const groups: number[][] = [];
  for (const at of firsts) {
    const last = groups.at(-1);
    if (last && at - (last[0] ?? at) < size - Math.min(4, Math.floor(size / 4))) last.push(at);
    else groups.push([at]);
  }
  return groups;
}

/** [start, end) word ranges: as few windows as cover every term, sharing `length` words. */
function windowsOf(firsts: readonly number[], length: number, total: number): [number, number][] {
  let groups = clusters(firsts, length);
  for (let n = 2; groups.length > n - 1 && n <= MAX_WINDOWS; n += 1) {
    groups = clusters(firsts, Math.floor(length / n));
  }
  groups = groups.slice(0, MAX_WINDOWS);
  const size = Math.min(total, Math.floor(length / Math.max(1, groups.length)));
  const ranges: [number, number][] = [];
  for (const group of groups) {
    const centre = Math.floor(((group[0] ?? 0) + (group.at(-1) ?? 0)) / 2);
    const start = Math.max(0, Math.min(centre - Math.floor(size / 2), total - size));
    const previous = ranges.at(-1);
    if (previous && start <= previous[1]) previous[1] = Math.max(previous[1], start + size);
    else ranges.push([start, start + size]);
  }
  return ranges.length > 0 ? ranges : [[0, Math.min(total, length)]];
}

/**
 * The excerpt as HTML (escaped text, matches in <mark>) from Pagefind's `raw_content` (its text
 * with `<` and `>` escaped) and `locations` (indexes of the matched words).
 */
export function pagefindExcerpt(
  rawContent: string,
  locations: readonly number[],
  length: number,
): string {
  const { words, joiner } = wordsOf(rawContent);
  const valid = validLocations(locations, words.length);
  const hits = new Set(valid);
  const firsts = [...firstOfEachTerm(words, valid).values()].sort((a, b) => a - b);
  const ranges = windowsOf(firsts, length, words.length);
  const parts = ranges.map(([start, end]) =>
    words
      .slice(start, end)
      .map((word, i) =>
        hits.has(start + i) ? `<mark>${escapeHtml(word)}</mark>` : escapeHtml(word),
      )
      .join(joiner)
      .trim(),
  );
  const first = ranges[0]?.[0] ?? 0;
  const last = ranges.at(-1)?.[1] ?? 0;
  return (
    (first > 0 ? `…${joiner}` : '') +
    parts.join(`${joiner}…${joiner}`) +
    (last < words.length ? `${joiner}…` : '')
  );
}

/** What the search page needs of a Pagefind result to show its excerpt. */
export interface PagefindExcerptData {
  /** Pagefind's excerpt: HTML, one window with the matches in <mark>. */
  readonly excerpt: string;
  readonly raw_content?: string;
  readonly locations?: readonly number[];
}

/**
 * Pagefind's own excerpt when it shows every matched term (its window is the densest one), else
 * one made by `pagefindExcerpt` that does.
 */
export function resultExcerpt(data: PagefindExcerptData, length: number): string {
  if (data.raw_content === undefined || data.locations === undefined) return data.excerpt;
  const { words } = wordsOf(data.raw_content);
  const terms = [...firstOfEachTerm(words, validLocations(data.locations, words.length)).keys()];
  const shown = excerptParts(data.excerpt)
    .filter((part) => part.marked)
    .map((part) => keyOf(part.text));
  const missing = terms.some((term) => !shown.some((key) => key.startsWith(term)));
  return missing ? pagefindExcerpt(data.raw_content, data.locations, length) : data.excerpt;
}
