/**
 * `npm run bench`: measures with wrk on this machine and rewrites its sections of
 * docs/benchmarks.md (each part's section as soon as that part is done):
 *   static  static pages served by Node against nginx, and the API's health endpoint (static.ts);
 *   api     the blog's list and detail API on SQLite and PostgreSQL (blog.ts);
 *   live    for sites of 1,000 and 5,000 articles: the JavaScript of the public pages in
 *           Chromium, save-to-live (from saving an article to its page being served, the median
 *           of five saves), the server's memory at rest, under wrk and at the peak of a save, and
 *           a prebuilt article page by Node against nginx (blog.ts, page-js.ts);
 *   proxy   the proxy area's client link for a token over 500 nodes, in each format (v2ray,
 *           clash, sing-box): the rate of the kept answer, the first answer after a change,
 *           and the server's memory, on SQLite and PostgreSQL (proxy.ts).
 * `npm run lighthouse` (lighthouse.ts) writes its own section.
 *
 * Environment:
 *   BENCH_ONLY           parts to run, comma-separated (default: static,api,live,proxy)
 *   BENCH_SECONDS        wrk seconds per row (default 10; use 3 while developing)
 *   BENCH_DATABASE_URL   PostgreSQL where the bench creates (and drops) its databases
 *                        (default postgres://postgres@127.0.0.1:5432/postgres)
 *   BENCH_ARTICLES       site sizes of the live part (default 1000,5000; the first is the API's)
 *   BENCH_API_DIALECTS   default sqlite,postgres
 *   BENCH_LIVE_DIALECTS  default sqlite
 *   BENCH_PROXY_DIALECTS default sqlite,postgres
 *   BENCH_LIVE_ROUNDS    the saves per site after the first (a PUT), in order
 *                        (default PUT,POST,PUT,POST,PUT)
 *   BENCH_LIVE_TIMEOUT   seconds to wait for one save to go live (default 600)
 *   BENCH_NODE_ARGS      extra Node flags for the servers (e.g. --cpu-prof --cpu-prof-dir=/tmp/p)
 */
import { relative } from 'node:path';
import type { DbDialect } from '../src/server/db/index.ts';
import {
  DEFAULT_DATABASE_URL,
  apiSection,
  benchApi,
  benchLive,
  liveSection,
  prepareDb,
  type SiteLive,
  type PageBench,
} from './blog.ts';
import { REPORT, ROOT, ensureTools, log, runMain } from './common.ts';
import { benchProxy, proxySection } from './proxy.ts';
import { writeSections } from './report.ts';
import { benchStatic } from './static.ts';

function list(name: string, fallback: string): string[] {
  return (process.env[name] ?? fallback)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function dialects(name: string, fallback: string): DbDialect[] {
  return list(name, fallback).map((d) => {
    if (d !== 'sqlite' && d !== 'postgres')
      throw new Error(`${name}: ${d} is not sqlite or postgres`);
    return d;
  });
}

async function main(): Promise<void> {
  const started = Date.now();
  const parts = new Set(list('BENCH_ONLY', 'static,api,live,proxy'));
  for (const part of parts) {
    if (!['static', 'api', 'live', 'proxy'].includes(part))
      throw new Error(`BENCH_ONLY: unknown part ${part}`);
  }
  const sizes = list('BENCH_ARTICLES', '1000,5000').map(Number);
  if (sizes.some((n) => !Number.isInteger(n) || n < 500)) {
    throw new Error('BENCH_ARTICLES: whole numbers of at least 500');
  }
  const rounds = list('BENCH_LIVE_ROUNDS', 'PUT,POST,PUT,POST,PUT').map((r) => {
    if (r !== 'PUT' && r !== 'POST') throw new Error(`BENCH_LIVE_ROUNDS: ${r} is not PUT or POST`);
    return r;
  });
  const apiDialects = dialects('BENCH_API_DIALECTS', 'sqlite,postgres');
  const liveDialects = dialects('BENCH_LIVE_DIALECTS', 'sqlite');
  const proxyDialects = dialects('BENCH_PROXY_DIALECTS', 'sqlite,postgres');
  ensureTools({ wrk: 'wrk', nginx: 'nginx' });

  if (parts.has('static')) {
    await writeSections({ static: await benchStatic() });
  }

  // One time for every database of the run, so equal sizes hold equal content on every dialect.
  const nowMs = Date.now();
  const adminUrl = process.env.BENCH_DATABASE_URL ?? DEFAULT_DATABASE_URL;
  if (parts.has('api')) {
    const api = await benchApi(sizes[0] ?? 1000, nowMs, apiDialects, adminUrl);
    await writeSections({ 'blog-api': apiSection(api) });
  }

  if (parts.has('live')) {
    const sites: SiteLive[] = [];
    let page: PageBench | null = null;
    for (const dialect of liveDialects) {
      for (const size of sizes) {
        const db = await prepareDb(size, nowMs, dialect, adminUrl);
        const result = await benchLive(db, rounds, page === null);
        page ??= result.page;
        sites.push(result);
        await writeSections({ 'blog-live': liveSection(sites, page) });
      }
    }
  }

  if (parts.has('proxy')) {
    await writeSections({ proxy: proxySection(await benchProxy(proxyDialects, adminUrl)) });
  }
  log(`wrote ${relative(ROOT, REPORT)} in ${Math.round((Date.now() - started) / 1000)} s`);
}

await runMain(main);
