/**
 * The JavaScript a built page makes a browser load before the visitor does anything, read from
 * the page's HTML and the built files: its module scripts and every module they import
 * statically, the code of islands that hydrate at once (`client:load`, `idle`, `only`, `guarded`
 * — the guard allows a public page at once), and its inline scripts. Code behind a dynamic
 * `import()` or an island that waits for visibility, a media query or the first use
 * (`client:visible`, `media`, `interaction`) is not counted: it loads later, if ever.
 *
 * Bytes are what goes over the wire: a file's brotli copy when the build made one (as the server
 * sends it), else the file. Inline scripts (the theme script, Astro's island runtime where a page
 * has islands) travel inside the page's HTML; they are counted apart, compressed together with
 * brotli. The JavaScript budget (tests/build/page-build.test.ts) is on the files, which is what a
 * browser's network panel and Lighthouse count as scripts; the bench reports both.
 */
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { TWIN_SUFFIX } from '../shared/compression.ts';

/**
 * What an anonymous reader of a public page may load before interacting: 4 KiB of script files,
 * compressed, and no island hydrating at once (so none of React).
 */
export const READER_JS_BUDGET = 4 * 1024;

/** Hydration directives whose island loads its code as the page loads. */
const EAGER_CLIENTS = new Set(['load', 'idle', 'only', 'guarded']);

export interface PageScripts {
  /** Site paths of the script files loaded, in the order found. */
  readonly files: readonly string[];
  /** Islands that hydrate at once (their component URLs). */
  readonly eagerIslands: readonly string[];
  /** Compressed bytes of the script files. */
  readonly fileBytes: number;
  /** Compressed bytes of the inline scripts. */
  readonly inlineBytes: number;
}

const attr = (tag: string, name: string): string | undefined =>
  new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/** Module scripts, eager islands' code and inline script bodies of a page's HTML. */
export function scriptsOfHtml(html: string): {
  entries: string[];
  eagerIslands: string[];
  inline: string[];
} {
  const entries: string[] = [];
  const eagerIslands: string[] = [];
  const inline: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const [, attrs = '', body = ''] = match;
    const type = attr(attrs, 'type');
    const src = attr(attrs, 'src');
    if (src) entries.push(src);
    else if (type === undefined || type === 'module' || type === 'text/javascript') {
      inline.push(body);
    }
  }
  for (const match of html.matchAll(/<astro-island\b[^>]*>/g)) {
    const tag = match[0];
    const client = attr(tag, 'client');
    const component = attr(tag, 'component-url');
    if (!client || !EAGER_CLIENTS.has(client) || !component) continue;
    eagerIslands.push(component);
    entries.push(component);
    const renderer = attr(tag, 'renderer-url');
    if (renderer) entries.push(renderer);
  }
  return { entries, eagerIslands, inline };
}

/** The relative modules a built script imports statically (`import … from "./x.js"`). */
export function staticImports(code: string): string[] {
  const found: string[] = [];
  const pattern = /(?:\bimport|\bexport)\s*(?:[\w*${},\s]+?\s*from\s*)?["'](\.{1,2}\/[^"']+)["']/g;
  for (const match of code.matchAll(pattern)) found.push(match[1] as string);
  return found;
}

async function wireBytes(file: string): Promise<number> {
  const twin = `${file}${TWIN_SUFFIX.br}`;
  return (await stat(existsSync(twin) ? twin : file)).size;
}

/** What the page at `htmlFile` (inside `distDir`) loads before interaction. */
export async function pageScripts(distDir: string, htmlFile: string): Promise<PageScripts> {
  const { entries, eagerIslands, inline } = scriptsOfHtml(await readFile(htmlFile, 'utf8'));
  const seen = new Set<string>();
  const queue = entries.filter((src) => src.startsWith('/'));
  let fileBytes = 0;
  while (queue.length > 0) {
    const sitePath = queue.shift() as string;
    if (seen.has(sitePath)) continue;
    seen.add(sitePath);
    const file = join(distDir, sitePath);
    fileBytes += await wireBytes(file);
    const base = new URL(sitePath, 'http://site.invalid');
    for (const spec of staticImports(await readFile(file, 'utf8'))) {
      queue.push(new URL(spec, base).pathname);
    }
  }
  const inlineBytes = inline.length ? brotliCompressSync(inline.join('\n')).length : 0;
  return { files: [...seen], eagerIslands, fileBytes, inlineBytes };
}
