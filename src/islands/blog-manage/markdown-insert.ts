/**
 * Text edits of the Markdown source: inserting at the cursor, image Markdown for an uploaded file,
 * and the placeholder that holds an image's place while it uploads.
 */

/** A text and where the cursor goes after an edit. */
export interface Edited {
  value: string;
  cursor: number;
}

function clamp(n: number, max: number): number {
  return Math.max(0, Math.min(Number.isFinite(n) ? Math.trunc(n) : max, max));
}

/** A selection within the text, in order (an unknown position counts as the end). */
function span(value: string, start: number, end: number): [number, number] {
  const a = clamp(start, value.length);
  const b = clamp(end, value.length);
  return a <= b ? [a, b] : [b, a];
}

/** Replaces the selection `start…end` with `text`; the cursor lands after it. */
export function insertAt(value: string, start: number, end: number, text: string): Edited {
  const [from, to] = span(value, start, end);
  return { value: value.slice(0, from) + text + value.slice(to), cursor: from + text.length };
}

/**
 * Inserts `block` (an image) on a line of its own: a line break is added before it unless it
 * starts a line, and after it unless a line break follows already.
 */
export function insertBlock(value: string, start: number, end: number, block: string): Edited {
  const [from, to] = span(value, start, end);
  const before = from === 0 || value[from - 1] === '\n' ? '' : '\n';
  const after = to === value.length || value[to] === '\n' ? '' : '\n';
  const edited = insertAt(value, from, to, `${before}${block}${after}`);
  return { value: edited.value, cursor: from + before.length + block.length };
}

/** The alt text for a file: its name without the extension, Markdown brackets escaped. */
export function altText(fileName: string): string {
  const base = fileName.replace(/\.[A-Za-z0-9]{1,5}$/, '').trim() || 'image';
  return base.replace(/[\\[\]]/g, (c) => `\\${c}`).replace(/\s+/g, ' ');
}

/** `![name](url)`; a URL with spaces or parentheses is written in angle brackets. */
export function imageMarkdown(fileName: string, url: string): string {
  const target = /[\s()<>]/.test(url) ? `<${url.replace(/[<>]/g, encodeURIComponent)}>` : url;
  return `![${altText(fileName)}](${target})`;
}

/** The text that stands where an image will go while it uploads (unique per upload). */
export function uploadPlaceholder(fileName: string, uploadId: number): string {
  return `![${altText(fileName)} (uploading #${uploadId}…)]()`;
}

/**
 * Puts `replacement` where `search` is (the first time it occurs); when it is gone (the writer
 * deleted it) the replacement is appended on a line of its own, so nothing uploaded is lost.
 * An empty replacement removes the placeholder (and nothing is appended).
 */
export function replacePlaceholder(value: string, search: string, replacement: string): string {
  const at = value.indexOf(search);
  if (at >= 0) return value.slice(0, at) + replacement + value.slice(at + search.length);
  if (replacement === '') return value;
  return insertBlock(value, value.length, value.length, replacement).value;
}

/** The images the editor accepts (what the server turns into WebP). */
export const IMAGE_TYPES: readonly string[] = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
];

/** The largest article image the server takes. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/** Why a picture cannot be uploaded, or null when it can. */
export function imageProblem(file: Blob): 'type' | 'size' | null {
  if (!IMAGE_TYPES.includes(file.type)) return 'type';
  if (file.size > MAX_IMAGE_BYTES) return 'size';
  return null;
}
