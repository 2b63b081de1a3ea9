/**
 * The blog under load: the list and detail API on SQLite and PostgreSQL, a prebuilt article page
 * served by Node and by nginx, and save-to-live (an article saved by a manager until its page is
 * served with the change) for sites of 1,000 and 5,000 articles.
 *
 * Every database is seeded straight through the blog's repository functions (bench/blog-data.ts)
 * and served by `node scripts/start.ts` with a temporary DATA_DIR; the blog's pages are built by
 * the server's own rebuild (export snapshot → astro build → Pagefind → swap), which a save starts.
 */
import { randomBytes } from 'node:crypto';
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Faker, base, en } from '@faker-js/faker';
import pg from 'pg';
import type { SiteBuildStatus } from '../src/lib/shared/site-build.ts';
import type { DbDialect } from '../src/server/db/index.ts';
import { articleMarkdown, createBenchDb, type Location, type SeededBlog } from './blog-data.ts';
import {
  WORK,
  api,
  atEnd,
  fmt,
  freePort,
  get,
  isoNow,
  log,
  measure,
  nginxRoot,
  peakRss,
  rssMb,
  startNginx,
  startNode,
  stop,
  tempDir,
  waitFor,
  waitForNode,
  type ApiAnswer,
  type NodeServer,
  type Result,
} from './common.ts';
import { measurePageJs, pageJsRows, type PageJs } from './page-js.ts';
import { ratioRows, resultRows, sameContent, wrkMethod } from './static.ts';

const ADMIN_USERNAME = 'bench-owner';
const ADMIN_PASSWORD = `Bench-${randomBytes(12).toString('hex')}`;
const PAGE_SIZE = 10;
/** The list API's target on SQLite (issue 4 §11), for both pages measured. */
export const LIST_TARGET_RPS = 5_000;
/** Save-to-live target, the median of the saves after the first, for every site size. */
export const LIVE_TARGET_MS = 3_000;
/** Memory targets (MB) for the 1,000-article site; the peak for 5,000 articles is 2 GB. */
export const MEMORY_TARGETS = { rest: 200, load: 300, peak1000: 1024, peak5000: 2048 } as const;
const POLL_MS = 100;
const LIVE_TIMEOUT_S = Number(process.env.BENCH_LIVE_TIMEOUT ?? 600);

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

// ---- Databases ----

async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A new PostgreSQL database for one server, dropped at the end (or earlier by `drop`). */
export async function createPgDatabase(
  adminUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `atrium_bench_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  let dropped = false;
  const drop = async () => {
    if (dropped) return;
    dropped = true;
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
  atEnd(drop);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop };
}

/** Why PostgreSQL cannot be used, or null when it can. */
export async function postgresProblem(adminUrl: string): Promise<string | null> {
  try {
    await adminQuery(adminUrl, 'select 1');
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * A fresh database of bench articles: SQLite in `dataDir`, or a new PostgreSQL one. Holds the
 * newest article only until `insertRest` writes the other `count - 1`.
 */
async function benchDatabase(
  dialect: DbDialect,
  dataDir: string,
  count: number,
  nowMs: number,
  adminUrl: string,
): Promise<{
  location: Location;
  seeded: SeededBlog;
  insertRest(): Promise<void>;
  drop(): Promise<void>;
}> {
  const sqlitePath = join(dataDir, 'atrium.db');
  const pgDb = dialect === 'postgres' ? await createPgDatabase(adminUrl) : null;
  const location = { databaseUrl: pgDb?.url ?? null, sqlitePath };
  const { insertRest, ...seeded } = await createBenchDb(location, count, nowMs, 1);
  return { location, seeded, insertRest, drop: pgDb?.drop ?? (async () => {}) };
}

// ---- The server ----

function serverEnv(location: Location): Record<string, string> {
  return {
    ADMIN_USERNAME,
    ADMIN_PASSWORD,
    ...(location.databaseUrl ? { DATABASE_URL: location.databaseUrl } : {}),
  };
}

async function signIn(port: number): Promise<string> {
  const res = await api<{ token?: string; captchaRequired?: boolean }>(
    port,
    'POST',
    '/api/user/auth/login',
    { body: { account: ADMIN_USERNAME, password: ADMIN_PASSWORD } },
  );
  if (res.code !== 1 || !res.data.token) {
    throw new Error(`sign-in as ${ADMIN_USERNAME} failed: ${res.code} ${res.message}`);
  }
  return res.data.token;
}

async function buildStatus(port: number, token: string): Promise<SiteBuildStatus | null> {
  const res = await api<SiteBuildStatus>(port, 'GET', '/api/blog/build', { token });
  return res.code === 1 ? res.data : null;
}

/** Waits while a rebuild is queued or running (a start may ask for one). */
async function buildSettled(port: number, token: string, seconds: number): Promise<void> {
  await waitFor(
    'the running rebuild',
    null,
    async () => {
      const status = await buildStatus(port, token);
      return status === null || (status.state !== 'queued' && status.state !== 'running');
    },
    seconds,
    500,
  );
}

interface Started {
  readonly server: NodeServer;
  readonly token: string;
  /** The server's DIST_DIR. */
  readonly dist: string;
}

/**
 * Starts `npm start`'s server over a bench database that holds one article, then writes the
 * others, so the first save measures a build of every article page from cold (see the report).
 */
async function startBlogServer(name: string, db: BlogDb): Promise<Started> {
  const dist = join(db.dataDir, 'site');
  const server = await startNode({ name, dist, dataDir: db.dataDir, env: serverEnv(db.location) });
  await waitForNode(server, 900);
  const token = await signIn(server.port);
  await buildSettled(server.port, token, LIVE_TIMEOUT_S);
  await db.insertRest();
  return { server, token, dist };
}

// ---- Pages ----

const SHELL = /<meta\b[^>]*\bnoindex\b[^>]*>/i;

function h1Text(html: string): string | null {
  const match = /<h1\b[^>]*>([\s\S]*?)<\/h1>/i.exec(html);
  return match ? (match[1] as string).replace(/<[^>]*>/g, '').trim() : null;
}

/** Whether `/blog/{id}` is served prebuilt (not the shell) with `title` in its h1. */
async function pageShows(port: number, id: string, title: string): Promise<boolean> {
  const res = await get(port, `/blog/${id}`);
  if (res.status !== 200) return false;
  const html = res.body.toString('utf8');
  return !SHELL.test(html) && (h1Text(html)?.includes(title) ?? false);
}

// ---- Bench databases ----

export interface BlogDb {
  readonly count: number;
  readonly dialect: DbDialect;
  /** The server's DATA_DIR (the SQLite file is in it). */
  readonly dataDir: string;
  readonly location: Location;
  readonly seeded: SeededBlog;
  /** Writes every article but the newest (see benchDatabase). */
  insertRest(): Promise<void>;
  /** Drops a PostgreSQL database (also done at the end of the run). */
  drop(): Promise<void>;
}

/** A fresh database of `count` bench articles (SQLite in a new DATA_DIR, or a new PostgreSQL one). */
export async function prepareDb(
  count: number,
  nowMs: number,
  dialect: DbDialect,
  adminUrl: string,
): Promise<BlogDb> {
  const dataDir = await tempDir(`blog-${dialect}-${count}-`);
  const started = Date.now();
  const made = await benchDatabase(dialect, dataDir, count, nowMs, adminUrl);
  log(
    `blog: ${fmt(count)} articles on ${dialect} (${fmt(made.seeded.bytes / count)} bytes of Markdown on average) made in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return { count, dialect, dataDir, ...made };
}

// ---- 1. The API on both databases ----

export interface ApiBench {
  readonly count: number;
  readonly seeded: SeededBlog | null;
  readonly results: Result[];
  readonly skipped: string[];
  readonly rss: string[];
}

/** The list and detail API per database. */
export async function benchApi(
  count: number,
  nowMs: number,
  dialects: readonly DbDialect[],
  adminUrl: string,
): Promise<ApiBench> {
  const results: Result[] = [];
  const skipped: string[] = [];
  const rss: string[] = [];
  let seeded: SeededBlog | null = null;
  for (const dialect of dialects) {
    const label = dialect === 'sqlite' ? 'Node (SQLite)' : 'Node (PostgreSQL)';
    if (dialect === 'postgres') {
      const problem = await postgresProblem(adminUrl);
      if (problem) {
        log(`blog api: PostgreSQL at ${adminUrl} not reachable (${problem}): skipped`);
        skipped.push(`PostgreSQL at \`${adminUrl}\` was not reachable (${problem}).`);
        continue;
      }
    }
    const db = await prepareDb(count, nowMs, dialect, adminUrl);
    seeded = db.seeded;
    const onPage50 = db.seeded.ids[(50 - 1) * PAGE_SIZE + 5];
    if (onPage50 === undefined) throw new Error('the bench site has fewer than 500 articles');
    const middle: string = onPage50;
    const { server } = await startBlogServer(`node-api-${dialect}`, db);
    const { port } = server;
    const list = (n: number) => `/api/blog/article?pageNum=${n}&pageSize=${PAGE_SIZE}`;
    for (const n of [1, 50]) {
      const res = await api<{ records: unknown[]; totalRecordNum: number }>(port, 'GET', list(n));
      if (res.code !== 1 || res.data.records.length !== PAGE_SIZE) {
        throw new Error(`${label}: ${list(n)} answered ${res.code} ${res.message}`);
      }
      if (res.data.totalRecordNum !== count) {
        throw new Error(`${label}: ${res.data.totalRecordNum} articles, not ${count}`);
      }
    }
    const detail = `/api/blog/article/detail/${middle}`;
    const check = await api<{ id: string }>(port, 'GET', detail);
    if (check.code !== 1 || check.data.id !== middle) {
      throw new Error(`${label}: ${detail} answered ${check.code} ${check.message}`);
    }
    const ready = rssMb(server.child.pid);
    results.push(await measure('list, page 1', label, port, list(1)));
    results.push(await measure('list, page 50', label, port, list(50)));
    results.push(await measure('article detail', label, port, detail));
    rss.push(
      `${label}: ${ready ?? '?'} MB when ready, ${rssMb(server.child.pid) ?? '?'} MB after.`,
    );
    await stop(server.child);
    await db.drop();
  }
  return { count, seeded, results, skipped, rss };
}

// ---- 2. A prebuilt article page: Node against nginx ----

export interface PageBench {
  readonly articles: number;
  readonly path: string;
  readonly bytes: number;
  readonly results: Result[];
  /** The server's highest resident memory while wrk ran against it (MB). */
  readonly loadMb: number | null;
  readonly problem: string | null;
}

/**
 * The article page under wrk, on Node (its memory sampled meanwhile) and, with `nginx`, on nginx
 * serving a copy of the same files.
 */
async function benchArticlePage(
  db: BlogDb,
  node: NodeServer,
  dist: string,
  nginx: boolean,
): Promise<PageBench> {
  const id = db.seeded.ids[Math.floor(db.seeded.ids.length / 2)] as string;
  const path = `/blog/${id}`;
  const page = await get(node.port, path);
  const html = page.body.toString('utf8');
  const base = { articles: db.count, path, bytes: page.body.length };
  if (page.status !== 200 || SHELL.test(html)) {
    const problem = `\`${path}\` is ${page.status === 200 ? 'the shell (no prebuilt article page)' : `answered ${page.status}`}`;
    log(`blog page: ${problem}: not measured`);
    return { ...base, results: [], loadMb: null, problem };
  }
  const onNode = await peakRss(node.child.pid, () =>
    measure('article page', 'Node', node.port, path),
  );
  if (!nginx) return { ...base, results: [onNode.result], loadMb: onNode.serverMb, problem: null };
  const nginxPort = await freePort();
  const nginxServer = await startNginx(
    await nginxRoot(dist, join(WORK, 'nginx-blog-root')),
    nginxPort,
    'nginx-blog',
  );
  await waitFor('nginx', nginxServer, async () => (await get(nginxPort, '/')).status === 200, 10);
  await sameContent(node.port, nginxPort, path);
  const results = [onNode.result, await measure('article page', 'nginx', nginxPort, path)];
  await stop(nginxServer);
  await rm(join(WORK, 'nginx-blog-root'), { recursive: true, force: true });
  return { ...base, results, loadMb: onNode.serverMb, problem: null };
}

// ---- 3. Save-to-live ----

export interface LiveRound {
  readonly articles: number;
  readonly dialect: DbDialect;
  readonly change: 'PUT' | 'POST';
  /** The first save after the start: the first build with the blog, every page loaded cold. */
  readonly first: boolean;
  readonly apiMs: number;
  /** From sending the save to the page served with the new title; null when it never was. */
  readonly liveMs: number | null;
  readonly status: SiteBuildStatus | null;
  /** From sending the save to the build's start (the debounce). */
  readonly waitMs: number | null;
  /** From the build's end to the page being served (polling granularity included). */
  readonly swapMs: number | null;
  /** From sending the save to its search index in place; null when it did not come. */
  readonly indexMs: number | null;
  readonly pages: number | null;
  /** The highest resident memory during the save, of the server and of it with its workers (MB). */
  readonly peakServerMb: number | null;
  readonly peakTreeMb: number | null;
  readonly problem: string | null;
}

interface ArticleDetail {
  readonly id: string;
  readonly title: string;
  readonly content: string;
  readonly writtenSummary: string | null;
  readonly cover: string | null;
  readonly category: { readonly id: number };
  readonly tags: readonly { readonly id: number }[];
  readonly status: 'draft' | 'published' | 'scheduled';
  readonly publishTime: string | null;
  readonly pinned: boolean;
}

async function pageIsShell(port: number, id: string): Promise<boolean> {
  const res = await get(port, `/blog/${id}`);
  return SHELL.test(res.body.toString('utf8'));
}

async function countPages(dist: string): Promise<number | null> {
  try {
    return (await readdir(dist, { recursive: true })).filter((f) => f.endsWith('.html')).length;
  } catch {
    return null;
  }
}

/** One save as a manager, then polling its page until it is live (or the build fails). */
async function saveRound(
  db: BlogDb,
  started: Started,
  dist: string,
  change: 'PUT' | 'POST',
  round: number,
  f: Faker,
): Promise<LiveRound> {
  const { server, token } = started;
  const { port } = server;
  await buildSettled(port, token, LIVE_TIMEOUT_S);
  const title = `Bench ${change === 'PUT' ? 'edit' : 'new'} ${round} ${randomBytes(4).toString('hex')}`;
  let send: () => Promise<ApiAnswer<{ id: string }>>;
  if (change === 'PUT') {
    const id = db.seeded.ids[Math.floor(db.seeded.ids.length / 3) + round] as string;
    const res = await api<ArticleDetail>(port, 'GET', `/api/blog/article/detail/${id}`, { token });
    if (res.code !== 1) throw new Error(`detail of ${id}: ${res.code} ${res.message}`);
    const a = res.data;
    const body = {
      id,
      title,
      content: a.content,
      summary: a.writtenSummary,
      cover: a.cover,
      categoryId: a.category.id,
      tagIds: a.tags.map((t) => t.id),
      status: a.status,
      publishTime: a.publishTime,
      pinned: a.pinned,
    };
    send = () => api(port, 'PUT', `/api/blog/article/${id}`, { token, body });
  } else {
    const body = {
      title,
      content: articleMarkdown(f),
      categoryId: db.seeded.categoryIds[round % db.seeded.categoryIds.length],
      tagIds: db.seeded.tagIds.slice(round, round + 3),
      status: 'published',
    };
    send = () => api(port, 'POST', '/api/blog/article', { token, body });
  }
  const sampled = await peakRss(server.child.pid, async () => {
    const live = await saveUntilLive(server, token, send, title);
    const indexMs = live.liveMs === null ? null : await indexInPlace(dist, live.t0);
    return { ...live, indexMs };
  });
  const { apiMs, liveMs, problem, t0, indexMs } = sampled.result;
  const status = await buildStatus(port, token);
  const startedAt = status?.startedAt ? Date.parse(status.startedAt) : null;
  const finishedAt = status?.finishedAt ? Date.parse(status.finishedAt) : null;
  const result: LiveRound = {
    articles: db.count,
    dialect: db.dialect,
    change,
    first: round === 0,
    apiMs,
    liveMs,
    status,
    waitMs: startedAt !== null && startedAt >= t0 ? startedAt - t0 : null,
    indexMs,
    swapMs:
      liveMs !== null && finishedAt !== null && finishedAt >= t0 ? t0 + liveMs - finishedAt : null,
    pages: await countPages(dist),
    peakServerMb: sampled.serverMb,
    peakTreeMb: sampled.treeMb,
    problem,
  };
  log(
    `blog live: ${fmt(db.count)} articles on ${db.dialect}, ${change}${round === 0 ? ' (first after start)' : ''}: ` +
      (liveMs !== null
        ? `live after ${(liveMs / 1000).toFixed(1)} s (build ${((status?.ms ?? 0) / 1000).toFixed(1)} s, peak ${sampled.treeMb} MB)`
        : `${problem}`),
  );
  return result;
}

/** How long the search index may take to follow a save (the issue's target is 30 s). */
const INDEX_TIMEOUT_MS = 180_000;
export const INDEX_TARGET_MS = 30_000;

/**
 * Milliseconds from `t0` until the site's search index was made after it (Pagefind writes
 * `pagefind-entry.json` last; the build swaps the folder in), polled every 100 ms; null if not
 * within INDEX_TIMEOUT_MS.
 */
async function indexInPlace(dist: string, t0: number): Promise<number | null> {
  const entry = join(dist, 'pagefind', 'pagefind-entry.json');
  while (Date.now() - t0 < INDEX_TIMEOUT_MS) {
    const made = await stat(entry).then(
      (info) => info.mtimeMs,
      () => 0,
    );
    if (made >= t0) return Date.now() - t0;
    await sleep(100);
  }
  return null;
}

/** Sends a save and polls its page until it shows the new title (or the build fails). */
async function saveUntilLive(
  server: NodeServer,
  token: string,
  send: () => Promise<ApiAnswer<{ id: string }>>,
  title: string,
): Promise<{
  apiMs: number;
  liveMs: number | null;
  problem: string | null;
  id: string;
  t0: number;
}> {
  const { port } = server;
  const t0 = Date.now();
  const saved = await send();
  const apiMs = Date.now() - t0;
  if (saved.code !== 1) throw new Error(`the save answered ${saved.code} ${saved.message}`);
  const id = saved.data.id;
  let liveMs: number | null = null;
  let problem: string | null = null;
  const until = t0 + LIVE_TIMEOUT_S * 1000;
  let nextStatusCheck = t0 + 2000;
  while (Date.now() < until) {
    if (server.child.exitCode !== null)
      throw new Error(`the server exited (see ${server.logFile})`);
    if (await pageShows(port, id, title).catch(() => false)) {
      liveMs = Date.now() - t0;
      break;
    }
    if (Date.now() >= nextStatusCheck) {
      nextStatusCheck = Date.now() + 2000;
      const status = await buildStatus(port, token);
      if (status === null) {
        problem = 'GET /api/blog/build did not answer (no rebuild on this server)';
        break;
      }
      const since = (iso: string | null) => iso !== null && Date.parse(iso) >= t0;
      if (status.state === 'failed' && since(status.startedAt)) {
        problem = `the rebuild failed: ${(status.error ?? '').split('\n').slice(-3).join(' / ')}`;
        break;
      }
      // Built and swapped in: the page should show the title by now; allow the reload a moment.
      if (
        status.state === 'done' &&
        since(status.finishedAt) &&
        Date.now() - Date.parse(status.finishedAt ?? '') > 10_000
      ) {
        const shell = await pageIsShell(port, id);
        problem = `the rebuild finished but \`/blog/${id}\` does not show the new title (${shell ? 'it is the shell' : 'prebuilt, with another h1'})`;
        break;
      }
    }
    await sleep(POLL_MS);
  }
  if (liveMs === null && problem === null) problem = `not live within ${LIVE_TIMEOUT_S} s`;
  return { apiMs, liveMs, problem, id, t0 };
}

/** The memory of one site's server (MB): at rest, under wrk, and the peak during its saves. */
export interface SiteMemory {
  readonly articles: number;
  readonly restMb: number | null;
  readonly loadMb: number | null;
  /** The server with its render workers, the highest of the saves after the first. */
  readonly peakMb: number | null;
  /** The same during the first save (every article page rendered cold). */
  readonly firstPeakMb: number | null;
}

export interface SiteLive {
  readonly rounds: LiveRound[];
  readonly page: PageBench | null;
  readonly memory: SiteMemory;
  readonly js: PageJs[];
}

/** The public pages whose JavaScript is reported: each kind of page the blog prebuilds. */
function publicPages(db: BlogDb): string[] {
  const article = db.seeded.ids[Math.floor(db.seeded.ids.length / 2)] as string;
  return [
    '/',
    '/blog',
    '/blog/page/2',
    `/blog/category/${db.seeded.categoryIds[0]}`,
    `/blog/tag/${db.seeded.tagIds[0]}`,
    `/blog/${article}`,
    '/blog/contact',
    '/blog/search',
  ];
}

/**
 * Serves a database of bench articles, then saves articles one at a time and waits for each page
 * to go live, sampling the memory of the server and its workers. The first save builds the pages
 * of all but one article for the first time (see startBlogServer). After it: the server's memory
 * at rest, the article page under wrk (against nginx too, with `withNginx`), and the JavaScript of
 * the public pages in Chromium.
 */
export async function benchLive(
  db: BlogDb,
  rounds: readonly ('PUT' | 'POST')[],
  withNginx: boolean,
): Promise<SiteLive> {
  const started = await startBlogServer(`node-live-${db.dialect}-${db.count}`, db);
  const { dist, server, token } = started;
  const f = new Faker({ locale: [en, base] });
  f.seed(db.count);
  const results: LiveRound[] = [];
  let page: PageBench | null = null;
  let restMb: number | null = null;
  let js: PageJs[] = [];
  for (const [i, change] of ['PUT' as const, ...rounds].entries()) {
    const round = await saveRound(db, started, dist, change, i, f);
    results.push(round);
    if (round.liveMs === null) break;
    if (i > 0) continue;
    await buildSettled(server.port, token, LIVE_TIMEOUT_S);
    await sleep(3000);
    restMb = rssMb(server.child.pid);
    page = await benchArticlePage(db, server, dist, withNginx);
    const pages = publicPages(db);
    js = [
      ...(await measurePageJs(server.port, dist, pages, null)),
      ...(await measurePageJs(server.port, dist, pages.slice(5, 6), token)),
    ];
  }
  await stop(server.child);
  await db.drop();
  const steady = results.filter((r) => !r.first);
  const peak = (rs: readonly LiveRound[]) =>
    rs.some((r) => r.peakTreeMb !== null) ? Math.max(...rs.map((r) => r.peakTreeMb ?? 0)) : null;
  return {
    rounds: results,
    page,
    js,
    memory: {
      articles: db.count,
      restMb,
      loadMb: page?.loadMb ?? null,
      peakMb: peak(steady),
      firstPeakMb: peak(results.filter((r) => r.first)),
    },
  };
}

// ---- The report ----

const seconds = (ms: number | null | undefined) =>
  ms === null || ms === undefined ? '–' : `${(Math.max(0, ms) / 1000).toFixed(1)} s`;

export function apiSection(bench: ApiBench): string[] {
  const sqlite = bench.results.filter(
    (r) => r.server === 'Node (SQLite)' && r.target.startsWith('list'),
  );
  const verdict = sqlite.map(
    (r) =>
      `| ${r.target} | ${fmt(r.rps)} | ≥ ${fmt(LIST_TARGET_RPS)} | ${r.rps >= LIST_TARGET_RPS ? 'met' : '**not met**'} |`,
  );
  const seeded = bench.seeded;
  const content = seeded
    ? `${fmt(bench.count)} published articles (${fmt(seeded.bytes / bench.count)} bytes of Markdown on average: headings, lists, code, tables, quotes, some Chinese, math in about one in ten), ${seeded.categoryIds.length} categories, ${seeded.tagIds.length} tags, 1–4 tags each; the same content on both databases.`
    : `${fmt(bench.count)} published articles.`;
  return [
    '## Blog API',
    '',
    `Date: ${isoNow()}`,
    '',
    `${content} ${wrkMethod()}`,
    '',
    ...resultRows(bench.results),
    ...(bench.skipped.length > 0 ? ['', ...bench.skipped.map((s) => `Not measured: ${s}`)] : []),
    '',
    '| list on SQLite | req/s | target | |',
    '|---|---:|---:|---|',
    ...verdict,
    '',
    '### How',
    '',
    '- Node: `node scripts/start.ts` with a temporary DATA_DIR, the default LOG_LEVEL (info: a log',
    '  line per request), and for PostgreSQL DATABASE_URL naming a database created for the run (and',
    '  dropped after). Requests are anonymous.',
    `- \`list\` is \`GET /api/blog/article?pageNum=N&pageSize=${PAGE_SIZE}\`: a slice of the cached id list and the`,
    "  kept list entries of the page's articles (no query once they are kept; see the notes).",
    '- `article detail` is `GET /api/blog/article/detail/{id}` of an article on page 50: the row,',
    '  its neighbours in the cached list and their titles, its tags and category; the view goes to a',
    '  buffer written every 5 s.',
    `- Resident memory: ${bench.rss.join(' ')}`,
    '',
    '### Notes from tuning the list (2026-11, same machine, busy with other work)',
    '',
    '- A list page used to read its ten rows with their Markdown (≈ 35 KB), then their tags and',
    '  categories: three queries, ≈ 1,200–1,500 req/s. The list entry of each article is now kept',
    '  beside the cached id lists (dropped with them on every change to articles, categories or',
    '  tags); views this instance writes are added to the kept entries, views written by other',
    '  instances show within a minute (entries are reloaded when a minute old). A page of kept',
    '  entries needs no query at all.',
    '- SQLite statements are prepared once per SQL text (src/server/db/sqlite-adapter.ts): preparing',
    '  them anew was ≈ 15 % of busy time; a cache halves a small query (32.6 → 18.6 µs).',
    '- What remains per request (CPU profile under wrk): writing to sockets, @fastify/helmet',
    '  recomputing its headers on every API answer (≈ 4–9 %) and logging two lines per request',
    '  (≈ 6 %, LOG_LEVEL=info).',
  ];
}

const median = (values: readonly number[]): number | null => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

const mb = (value: number | null) => (value === null ? '–' : `${fmt(value)} MB`);
const verdict = (ok: boolean | null) => (ok === null ? '–' : ok ? 'met' : '**not met**');

function memoryRows(memory: SiteMemory): string[] {
  const peakTarget = memory.articles <= 1000 ? MEMORY_TARGETS.peak1000 : MEMORY_TARGETS.peak5000;
  const small = memory.articles <= 1000;
  const row = (what: string, value: number | null, target: number | null) =>
    `| ${fmt(memory.articles)} | ${what} | ${mb(value)} | ${target === null ? '–' : `≤ ${fmt(target)} MB`} | ${target === null ? '' : verdict(value === null ? null : value <= target)} |`;
  return [
    row('server at rest (after the first save)', memory.restMb, small ? MEMORY_TARGETS.rest : null),
    row('server under wrk (article page)', memory.loadMb, small ? MEMORY_TARGETS.load : null),
    row('server + build processes, peak of the saves', memory.peakMb, peakTarget),
    row('server + build processes, peak of the first save (cold)', memory.firstPeakMb, null),
  ];
}

export function liveSection(sites: readonly SiteLive[], page: PageBench | null): string[] {
  const live = sites.flatMap((site) => site.rounds);
  const rows = live.map(
    (r) =>
      `| ${fmt(r.articles)} | ${r.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'} | ${r.change}${r.first ? ' (first)' : ''} | ${r.pages === null ? '–' : fmt(r.pages)} | ${r.apiMs} ms | ${r.liveMs === null ? '**not live**' : seconds(r.liveMs)} | ${seconds(r.indexMs)} | ${seconds(r.waitMs)} | ${seconds(r.status?.ms)} | ${seconds(r.swapMs)} | ${mb(r.peakTreeMb)} |`,
  );
  const medians = sites.map((site) => {
    const steady = site.rounds.filter((r) => !r.first);
    const times = steady.map((r) => r.liveMs);
    const all = times.every((t) => t !== null) && times.length > 0;
    const m = all ? median(times as number[]) : null;
    const first = site.rounds[0];
    const indexes = steady.map((r) => r.indexMs);
    const slowest = indexes.every((t) => t !== null) ? Math.max(...(indexes as number[])) : null;
    return `| ${fmt(first?.articles ?? 0)} | ${steady.length} | ${m === null ? '**not live**' : seconds(m)} | ≤ ${seconds(LIVE_TARGET_MS)} | ${verdict(m === null ? false : m <= LIVE_TARGET_MS)} | ${slowest === null ? '**not made**' : seconds(slowest)} | ≤ ${seconds(INDEX_TARGET_MS)} | ${verdict(slowest !== null && slowest <= INDEX_TARGET_MS)} |`;
  });
  const problems = live
    .filter((r) => r.problem)
    .map((r) => `- ${fmt(r.articles)} articles, ${r.change}: ${r.problem}`);
  const js = sites.flatMap((site) => pageJsRows(site.memory.articles, site.js));
  return [
    '## Blog pages: JavaScript, save-to-live, memory, and a prebuilt article page',
    '',
    `Date: ${isoNow()}`,
    '',
    '### JavaScript before interaction',
    '',
    "Debian's Chromium (Playwright, 375 × 812) opens each page of the bench site with an empty cache",
    'and waits until the network has been idle for 0.5 s; *files* and *script bytes* are the script',
    'files it fetched and their compressed bodies. *inline* is what the page carries inside its HTML',
    "(the theme script, and Astro's island runtime on pages with islands), brotli-compressed. Signed",
    'in: a stored token of the owner (the session half, the account menu and the timers load).',
    '',
    '| articles | page | visitor | files | script bytes | inline | React | target |',
    '|---:|---|---|---:|---:|---:|---|---|',
    ...js,
    '',
    '### Save-to-live',
    '',
    'From sending the save (`PUT /api/blog/article/{id}` of an existing article with a new title, or',
    '`POST /api/blog/article` of a new one) as the owner, to `GET /blog/{id}` (polled every',
    `${POLL_MS} ms) answering the prebuilt page (not the shell) with the new title in its \`<h1>\`. One save`,
    "at a time, each after the previous one's pages are live; the rebuild is the server's own: the",
    'pages whose input changed are rendered by the render workers, compressed, and swapped into the',
    'live site; the search index follows (docs/architecture.md, "The page pipeline").',
    '',
    '| articles | saves after the first | median save to live | target | | slowest index | target | |',
    '|---:|---:|---:|---:|---|---:|---:|---|',
    ...medians,
    '',
    '- *pages*: HTML files of the site after the save. *index*: from the save to its search index in',
    "  place (Pagefind's `pagefind-entry.json` made after the save, polled every 100 ms). *wait*: from",
    '  the save to the start of the build (the 0.5 s debounce). *build*: as the server reports it',
    '  (`GET /api/blog/build`). *to served*: from the end of the build to the first poll that saw the',
    '  new page. *peak*: the highest resident memory of the server with every process it started',
    '  (render workers, Pagefind) from the save until its index is in place (sampled every 100 ms',
    '  from /proc).',
    '- *first*: each server starts with one article in its database (its start builds those pages),',
    '  then the bench writes the others straight into the database, so the first save renders',
    '  every article page cold (as after an upgrade); the saves after it are the steady state.',
    '',
    '| articles | database | save | pages | API answer | save to live | index | wait | build | to served | peak |',
    '|---:|---|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows,
    ...(problems.length > 0 ? ['', ...problems] : []),
    '',
    '### Memory',
    '',
    'Resident memory (VmRSS) of `node scripts/start.ts` serving the bench site on SQLite, and of it',
    'with the processes it starts (render workers, Pagefind). *At rest*: 3 s after the first save',
    'was live. *Under wrk*: the highest while wrk loaded the article page (see below).',
    '',
    '| articles | what | resident | target | |',
    '|---:|---|---:|---:|---|',
    ...sites.flatMap((site) => memoryRows(site.memory)),
    '',
    '### A prebuilt article page: Node against nginx',
    '',
    ...(page === null
      ? ['Not measured.']
      : page.problem !== null
        ? [`Not measured: ${page.problem}.`]
        : [
            `\`${page.path}\` of the ${fmt(page.articles)}-article site (${fmt(page.bytes)} bytes before compression), served as the static pages are (see above). ${wrkMethod()}`,
            '',
            ...resultRows(page.results),
            '',
            '| page | Node / nginx | target | |',
            '|---|---:|---:|---|',
            ...ratioRows(page.results),
          ]),
  ];
}
