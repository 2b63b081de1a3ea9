/**
 * `npm run lighthouse`: Lighthouse (mobile, its default configuration with simulated throttling)
 * on the home page, the blog list and an article page of a freshly built and started site
 * (SQLite in a temporary DATA_DIR, the demo articles seeded on first start, the pages built by
 * that start), in Debian's Chromium. Prints the four category scores per page with the audits
 * that cost points, and writes them into the "lighthouse" section of docs/benchmarks.md.
 *
 * Environment: BENCH_LIGHTHOUSE_RUNS (default 3): runs per page; the run with the median
 * performance score is reported. CHROME_PATH (default /usr/bin/chromium).
 */
import { spawnSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Result as LhResult } from 'lighthouse';
import {
  REPORT,
  ROOT,
  WORK,
  api,
  atEnd,
  ensureTools,
  get,
  isoNow,
  log,
  runMain,
  startNode,
  stop,
  tempDir,
  waitForNode,
} from './common.ts';
import { writeSections } from './report.ts';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
const SHELL = /<meta\b[^>]*\bnoindex\b[^>]*>/i;

interface Lost {
  readonly category: Category;
  readonly id: string;
  readonly title: string;
  readonly score: number;
  readonly weight: number;
  readonly displayValue: string | null;
  readonly details: string[];
}

interface PageScore {
  readonly name: string;
  readonly path: string;
  readonly scores: Record<Category, number | null>;
  /** Performance of every run, for the spread. */
  readonly performanceRuns: number[];
  readonly lost: Lost[];
  readonly metrics: Record<string, string>;
  /** Scripts fetched during the load: count and bytes transferred. */
  readonly scripts: { readonly count: number; readonly bytes: number };
  readonly warnings: string[];
}

/** A short text for each item of an audit's details (URLs, nodes, sources), at most five. */
function detailLines(audit: LhResult['audits'][string]): string[] {
  const details = audit.details as { items?: unknown[] } | undefined;
  const items = Array.isArray(details?.items) ? details.items : [];
  const out: string[] = [];
  for (const raw of items.slice(0, 5)) {
    const item = raw as Record<string, unknown>;
    const node = item.node as { snippet?: string; explanation?: string } | undefined;
    const source = item.source as { url?: string; line?: number } | undefined;
    const parts = [
      typeof item.url === 'string' ? item.url : null,
      source?.url ? `${source.url}:${source.line ?? 0}` : null,
      node?.snippet ?? null,
      node?.explanation?.split('\n')[0] ?? null,
      typeof item.description === 'string' ? item.description : null,
      typeof item.wastedMs === 'number' ? `${Math.round(item.wastedMs)} ms` : null,
      typeof item.wastedBytes === 'number' ? `${Math.round(item.wastedBytes / 1024)} KiB` : null,
      typeof item.totalBytes === 'number'
        ? `${Math.round(item.totalBytes / 1024)} KiB total`
        : null,
    ].filter((p): p is string => p !== null && p !== '');
    if (parts.length > 0) out.push(parts.join(' · ').replace(/\s+/g, ' ').slice(0, 300));
  }
  if (items.length > 5) out.push(`… ${items.length - 5} more`);
  return out;
}

/** The audits of the scored categories that did not get full marks. */
function lostPoints(lhr: LhResult): Lost[] {
  const lost: Lost[] = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null) continue;
      if (['notApplicable', 'informative', 'manual'].includes(audit.scoreDisplayMode)) continue;
      // Performance metrics count by weight; other audits in performance only as insights.
      if (audit.score >= 1 || (ref.weight === 0 && audit.score >= 0.9)) continue;
      lost.push({
        category,
        id: audit.id,
        title: audit.title,
        score: audit.score,
        weight: ref.weight,
        displayValue: audit.displayValue ?? null,
        details: detailLines(audit),
      });
    }
  }
  return lost;
}

const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
] as const;

async function audit(
  name: string,
  url: string,
  port: number,
  out: string,
): Promise<{ lhr: LhResult; json: string }> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const json = Array.isArray(result.report) ? (result.report[0] ?? '') : result.report;
  await writeFile(out, json);
  if (result.lhr.runtimeError) {
    throw new Error(`Lighthouse on ${name}: ${result.lhr.runtimeError.message}`);
  }
  return { lhr: result.lhr, json };
}

async function scorePage(
  name: string,
  path: string,
  origin: string,
  chromePort: number,
): Promise<PageScore> {
  const dir = join(WORK, 'lighthouse');
  await mkdir(dir, { recursive: true });
  const runs: LhResult[] = [];
  for (let i = 0; i < RUNS; i++) {
    const file = join(dir, `${name.replace(/\W+/g, '-')}-${i + 1}.json`);
    runs.push((await audit(name, origin + path, chromePort, file)).lhr);
  }
  const perf = (lhr: LhResult) => lhr.categories.performance?.score ?? 0;
  const sorted = [...runs].sort((a, b) => perf(a) - perf(b));
  const lhr = sorted[Math.floor((sorted.length - 1) / 2)] as LhResult;
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, lhr.categories[c]?.score ?? null]),
  ) as Record<Category, number | null>;
  const metrics = Object.fromEntries(
    METRICS.map((id) => [id, lhr.audits[id]?.displayValue ?? '–']),
  );
  const requests =
    (lhr.audits['network-requests']?.details as { items?: Record<string, unknown>[] } | undefined)
      ?.items ?? [];
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  return {
    name,
    path,
    scores,
    performanceRuns: runs.map((r) => Math.round(perf(r) * 100)),
    lost: lostPoints(lhr),
    metrics,
    scripts: {
      count: scripts.length,
      bytes: scripts.reduce(
        (n, r) => n + (typeof r.transferSize === 'number' ? r.transferSize : 0),
        0,
      ),
    },
    warnings: lhr.runWarnings,
  };
}

/** The demo article with the most content (code, table, math): the heaviest article page. */
async function articlePath(port: number): Promise<string> {
  const list = await api<{ records: { id: string }[] }>(
    port,
    'GET',
    '/api/blog/article?pageNum=1&pageSize=20',
  );
  if (list.code !== 1 || list.data.records.length === 0) {
    throw new Error(`no article to audit: ${list.code} ${list.message}`);
  }
  let best = { id: list.data.records[0]?.id ?? '', length: -1 };
  for (const { id } of list.data.records) {
    const detail = await api<{ content: string }>(port, 'GET', `/api/blog/article/detail/${id}`);
    if (detail.code === 1 && detail.data.content.length > best.length) {
      best = { id, length: detail.data.content.length };
    }
  }
  return `/blog/${best.id}`;
}

const pct = (score: number | null) => (score === null ? '–' : String(Math.round(score * 100)));

function section(pages: readonly PageScore[], chrome: string, lhVersion: string): string[] {
  const lines = [
    '## Lighthouse',
    '',
    `Date: ${isoNow()}`,
    '',
    `Lighthouse ${lhVersion} (\`npm run lighthouse\`, bench/lighthouse.ts), mobile: its default configuration`,
    `(emulated mobile screen, simulated slow 4G and 4× CPU slowdown), ${chrome}, headless.`,
    `${RUNS} run${RUNS === 1 ? '' : 's'} per page; the run with the median performance score is shown. The site:`,
    'a fresh `npm start` (SQLite in a temporary DATA_DIR; the demo articles it seeds on first start,',
    'the pages it builds before listening), on 127.0.0.1. Target (design.md §7): 100 in each.',
    '',
    '| page | path | performance | accessibility | best practices | SEO | performance per run |',
    '|---|---|---:|---:|---:|---:|---|',
    ...pages.map(
      (p) =>
        `| ${p.name} | \`${p.path}\` | ${pct(p.scores.performance)} | ${pct(p.scores.accessibility)} | ${pct(p.scores['best-practices'])} | ${pct(p.scores.seo)} | ${p.performanceRuns.join(', ')} |`,
    ),
    '',
    '| page | FCP | LCP | TBT | CLS | Speed Index | scripts at load |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...pages.map((p) =>
      `| ${p.name} | ${METRICS.map((m) => p.metrics[m] ?? '–').join(' | ')} | ${p.scripts.count} (${(p.scripts.bytes / 1024).toFixed(1)} KiB) |`.replace(
        /\u00a0/g,
        ' ',
      ),
    ),
    '',
    '### Audits below full marks',
    '',
    'Weighted ones cost points; the others (weight 0: insights and diagnostics) are shown as',
    'Lighthouse flags them but do not change the score.',
    '',
  ];
  const line = (l: Lost) =>
    `${l.category}: ${l.title} (\`${l.id}\`, score ${pct(l.score)}${l.weight > 0 ? `, weight ${l.weight}` : ''}${l.displayValue ? `: ${l.displayValue}` : ''})`.replace(
      /\u00a0/g,
      ' ',
    );
  for (const page of pages) {
    const weighted = page.lost.filter((l) => l.weight > 0);
    const flagged = page.lost.filter((l) => l.weight === 0);
    lines.push(
      `- ${page.name}: ${weighted.length === 0 ? 'nothing costs points' : 'costs points:'}`,
    );
    for (const l of weighted) lines.push(`  - ${line(l)}`);
    if (flagged.length > 0) {
      lines.push(
        `  - flagged: ${flagged.map((l) => `${l.title}${l.displayValue ? ` (${l.displayValue})` : ''}`).join('; ')}`.replace(
          /\u00a0/g,
          ' ',
        ),
      );
    }
  }
  const warnings = [...new Set(pages.flatMap((p) => p.warnings))];
  if (warnings.length > 0) {
    lines.push('', 'Lighthouse warned:', '', ...warnings.map((w) => `- ${w.replace(/\s+/g, ' ')}`));
  }
  return lines;
}

async function main(): Promise<void> {
  if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error('BENCH_LIGHTHOUSE_RUNS: 1 or more');
  if (CHROME_PATH === '/usr/bin/chromium') ensureTools({ chromium: 'chromium' });
  const dataDir = await tempDir('lighthouse-');
  const dist = join(dataDir, 'site');
  log('lighthouse: starting a fresh site (its start builds the pages)');
  const node = await startNode({ name: 'node-lighthouse', dist, dataDir });
  await waitForNode(node, 900);
  const origin = `http://127.0.0.1:${node.port}`;
  const article = await articlePath(node.port);
  const page = await get(node.port, article);
  if (SHELL.test(page.body.toString('utf8'))) {
    log(`lighthouse: ${article} is the shell, not a prebuilt article page`);
  }
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox'],
  });
  atEnd(async () => chrome.kill());
  const chromeVersion =
    spawnSync(CHROME_PATH, ['--version'], { encoding: 'utf8' }).stdout?.trim() || 'Chromium';
  const lhVersion =
    (createRequire(import.meta.url)('lighthouse/package.json') as { version?: string }).version ??
    '?';
  const pages: PageScore[] = [];
  for (const [name, path] of [
    ['home', '/'],
    ['blog list', '/blog'],
    ['article', article],
  ] as const) {
    log(`lighthouse: ${name} (${path}), ${RUNS} run${RUNS === 1 ? '' : 's'}`);
    const score = await scorePage(name, path, origin, chrome.port);
    pages.push(score);
    log(`lighthouse: ${name}: ${CATEGORIES.map((c) => `${c} ${pct(score.scores[c])}`).join(', ')}`);
    for (const l of score.lost) {
      log(
        `  ${l.category}: ${l.title} [${l.id}] score ${pct(l.score)}${l.displayValue ? ` (${l.displayValue})` : ''}`.replace(
          /\u00a0/g,
          ' ',
        ),
      );
      for (const d of l.details) log(`      ${d}`);
    }
  }
  chrome.kill();
  await stop(node.child);
  await writeSections({ lighthouse: section(pages, chromeVersion, lhVersion) });
  log(
    `wrote ${relative(ROOT, REPORT)}; full reports in ${relative(ROOT, join(WORK, 'lighthouse'))}/`,
  );
}

await runMain(main);
