/**
 * The JavaScript of public pages before interaction, as a browser fetches it: Debian's Chromium
 * through Playwright at 375 px opens each page (anonymous, and signed in with a stored token),
 * waits for the network to settle, and sums the compressed bodies of every script it fetched.
 * Inline scripts travel in the HTML; they are read from the built page (src/lib/build/page-scripts.ts).
 */
import { join } from 'node:path';
import { chromium } from 'playwright';
import { READER_JS_BUDGET, pageScripts } from '../src/lib/build/page-scripts.ts';
import { fmt } from './common.ts';

/** What a signed-in visitor may load on an article page before interacting. */
export const SIGNED_IN_ARTICLE_BUDGET = 60 * 1024;
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export interface PageJs {
  readonly path: string;
  readonly signedIn: boolean;
  readonly files: number;
  /** Compressed bytes of the script files fetched. */
  readonly bytes: number;
  /** Compressed bytes of the page's inline scripts. */
  readonly inlineBytes: number;
  readonly react: boolean;
}

/** Script bytes each page makes Chromium fetch until the network has been idle for 0.5 s. */
export async function measurePageJs(
  port: number,
  dist: string,
  paths: readonly string[],
  token: string | null,
): Promise<PageJs[]> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ['--no-sandbox'] });
  const out: PageJs[] = [];
  try {
    for (const path of paths) {
      const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
      if (token) await context.addInitScript((t) => localStorage.setItem('token', t), token);
      const page = await context.newPage();
      const fetched: Promise<{ url: string; bytes: number }>[] = [];
      page.on('requestfinished', (request) => {
        if (request.resourceType() !== 'script') return;
        fetched.push(
          request.sizes().then((s) => ({ url: request.url(), bytes: s.responseBodySize })),
        );
      });
      await page.goto(`http://127.0.0.1:${port}${path}`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(500);
      const scripts = await Promise.all(fetched);
      await context.close();
      const html = join(dist, path.replace(/^\/|\/$/g, ''), 'index.html');
      out.push({
        path,
        signedIn: token !== null,
        files: scripts.length,
        bytes: scripts.reduce((sum, s) => sum + s.bytes, 0),
        inlineBytes: (await pageScripts(dist, html)).inlineBytes,
        react: scripts.some((s) => /\/_astro\/(client|react)\.[\w-]+\.js$/.test(s.url)),
      });
    }
  } finally {
    await browser.close();
  }
  return out;
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** Rows of the report: one per page and visitor, with the verdict against its budget. */
export function pageJsRows(articles: number, pages: readonly PageJs[]): string[] {
  return pages.map((p) => {
    const article = /^\/blog\/[0-9a-f-]{36}$/.test(p.path);
    const budget = p.signedIn ? (article ? SIGNED_IN_ARTICLE_BUDGET : null) : READER_JS_BUDGET;
    const verdict =
      budget === null
        ? ''
        : p.bytes <= budget && (p.signedIn || !p.react)
          ? `≤ ${kib(budget)}: met`
          : `≤ ${kib(budget)}: **not met**`;
    return `| ${fmt(articles)} | \`${p.path}\` | ${p.signedIn ? 'signed in' : 'anonymous'} | ${p.files} | ${kib(p.bytes)} | ${kib(p.inlineBytes)} | ${p.react ? 'yes' : 'no'} | ${verdict} |`;
  });
}
