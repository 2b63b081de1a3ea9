/**
 * Highlighted excerpts as text parts: Pagefind's excerpts and the database search's highlights are
 * HTML with the matches in <mark>. Instead of inserting that HTML, the islands split it into plain
 * text and marked text and let React build the nodes, so nothing else in it can ever become markup.
 */

export interface ExcerptPart {
  text: string;
  marked: boolean;
}

const NAMED: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

/** Decodes the character references an escaped excerpt holds (named basics and numeric ones). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, body: string) => {
    if (body.startsWith('#')) {
      const hex = body[1] === 'x' || body[1] === 'X';
      const code = Number.parseInt(body.slice(hex ? 2 : 1), hex ? 16 : 10);
      return Number.isInteger(code) &&
        code > 0 &&
        code <= 0x10ffff &&
        (code < 0xd800 || code > 0xdfff)
        ? String.fromCodePoint(code)
        : whole;
    }
    return NAMED[body.toLowerCase()] ?? whole;
  });
}

/**
 * Splits `a <mark>b</mark> c` into [{a}, {b, marked}, {c}]. Only <mark> and </mark> (any case,
 * with or without attributes) delimit; any other tag-like text stays text. Empty parts are
 * dropped and neighbours of the same kind merged.
 */
export function excerptParts(html: string): ExcerptPart[] {
  const parts: ExcerptPart[] = [];
  let marked = false;
  const push = (raw: string) => {
    if (raw === '') return;
    const text = decodeEntities(raw);
    const last = parts.at(-1);
    if (last && last.marked === marked) last.text += text;
    else parts.push({ text, marked });
  };
  const tag = /<(\/?)mark\b[^>]*>/gi;
  let at = 0;
  for (let found = tag.exec(html); found; found = tag.exec(html)) {
    push(html.slice(at, found.index));
    marked = found[1] !== '/';
    at = found.index + found[0].length;
  }
  push(html.slice(at));
  return parts;
}
