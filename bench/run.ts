/**
 * `npm run bench`: static pages served by the Node server against nginx on the same machine, and
 * the API's health endpoint, measured with wrk. Writes docs/benchmarks.md.
 *
 * Method (also written into the report): wrk, 2 threads, 50 connections, BENCH_SECONDS (10) per
 * target after a 2-second warm-up, `--latency` for p99. Every request sends
 * `Accept-Encoding: gzip`, because Debian's nginx has no brotli module: both servers then send
 * the same precompressed gzip bytes: Node from its in-memory table, nginx through `gzip_static`
 * from `.gz` files written beside a copy of the build. nginx runs with `worker_processes auto`,
 * `access_log off`, `sendfile on`, keep-alive without a request cap, and the build's generated
 * `nginx-rewrites.conf`. Node runs as `npm start` does (`node scripts/start.ts`).
 *
 * Environment: BENCH_SECONDS (default 10), BENCH_DIST (serve this build instead of ./dist;
 * when neither is set and ./dist is stale, the site is built into bench/.work/dist first).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import {
  cp,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  stat,
  utimes,
  writeFile,
} from 'node:fs/promises';
import { request } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { gunzipSync, gzipSync } from 'node:zlib';
import { buildSite, isBuildStale } from '../src/server/site/build.ts';
import { rewriteRules } from '../src/server/site/rewrites.ts';
import {
  COMPRESS_MIN_BYTES,
  DEFAULT_ASSET_EFFORT,
  DEFAULT_PAGE_EFFORT,
  contentTypeOf,
} from '../src/server/site/static-files.ts';

const ROOT = resolve(import.meta.dirname, '..');
const WORK = join(ROOT, 'bench', '.work');
const REPORT = join(ROOT, 'docs', 'benchmarks.md');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 2;
const THREADS = 2;
const CONNECTIONS = 50;
const ACCEPT_ENCODING = 'gzip';
/** The target of the comparison (design.md §7): Node at least half of nginx's rate. */
const TARGET_RATIO = 0.5;

interface Result {
  readonly target: string;
  readonly path: string;
  readonly server: 'Node' | 'nginx';
  readonly rps: number;
  readonly p99Ms: number;
  readonly errors: string | null;
}

const children = new Set<ChildProcess>();

function log(line: string): void {
  console.log(`bench: ${line}`);
}

function has(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

function ensureTools(): void {
  const missing = ['wrk', 'nginx'].filter((c) => !has(c) && !existsSync(`/usr/sbin/${c}`));
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    throw new Error(`missing ${missing.join(' and ')}: run \`sudo apt-get install -y wrk nginx\``);
  }
  log(`installing ${missing.join(', ')} with apt-get`);
  const install = spawnSync('apt-get', ['install', '-y', '-q', 'wrk', 'nginx'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (install.status !== 0) {
    spawnSync('apt-get', ['update', '-q'], { stdio: 'inherit' });
    const retry = spawnSync('apt-get', ['install', '-y', '-q', 'wrk', 'nginx'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (retry.status !== 0) throw new Error('apt-get install -y wrk nginx failed');
  }
}

function nginxBin(): string {
  return has('nginx') ? 'nginx' : '/usr/sbin/nginx';
}

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolvePort(port));
    });
  });
}

/** The build to serve: BENCH_DIST, ./dist when fresh, else a new build in bench/.work/dist. */
async function distDir(): Promise<string> {
  if (process.env.BENCH_DIST) return resolve(process.env.BENCH_DIST);
  const dist = join(ROOT, 'dist');
  if (!isBuildStale(ROOT, dist)) return dist;
  const outDir = join(WORK, 'dist');
  log('./dist is missing or stale: building the site into bench/.work/dist');
  const result = await buildSite({ root: ROOT, outDir, output: null });
  log(`built ${result.pages} pages in ${(result.ms / 1000).toFixed(1)} s`);
  return outDir;
}

/**
 * The bench's own copy of the build. Its index.html is dated an hour ahead, so `start.ts` serves it
 * as it is even while sources are being edited (it rebuilds a stale site before listening).
 */
async function servedCopy(source: string): Promise<string> {
  const copy = join(WORK, 'site');
  await rm(copy, { recursive: true, force: true });
  await cp(source, copy, { recursive: true });
  const ahead = new Date(Date.now() + 3_600_000);
  await utimes(join(copy, 'index.html'), ahead, ahead);
  return copy;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/** The largest page of the build (by bytes), as the URL a link would use. */
async function largestPage(dist: string): Promise<{ url: string; bytes: number; pages: number }> {
  let best = { url: '/', bytes: -1 };
  let pages = 0;
  for (const file of await filesUnder(dist)) {
    if (!file.endsWith('.html') || file === join(dist, '404.html')) continue;
    pages++;
    const { size } = await stat(file);
    if (size <= best.bytes) continue;
    const rel = '/' + relative(dist, file).split('\\').join('/');
    const url = rel.endsWith('/index.html') ? rel.slice(0, -'index.html'.length) : rel;
    best = { url: url.length > 1 && url.endsWith('/') ? url.slice(0, -1) : url, bytes: size };
  }
  return { ...best, pages };
}

/** A copy of the build with `.gz` beside every compressible file, for nginx's gzip_static. */
async function nginxRoot(dist: string): Promise<string> {
  const root = join(WORK, 'nginx-root');
  await rm(root, { recursive: true, force: true });
  await cp(dist, root, { recursive: true });
  for (const file of await filesUnder(root)) {
    if (!contentTypeOf(file).compressible) continue;
    const body = await readFile(file);
    if (body.length < COMPRESS_MIN_BYTES) continue;
    // The levels Node's table uses, so both servers send the same bytes.
    const effort = file.startsWith(join(root, '_astro') + sep)
      ? DEFAULT_ASSET_EFFORT
      : DEFAULT_PAGE_EFFORT;
    const gz = gzipSync(body, { level: effort.gzipLevel });
    if (gz.length < body.length) await writeFile(`${file}.gz`, gz);
  }
  return root;
}

async function startNginx(root: string, port: number): Promise<ChildProcess> {
  const conf = join(WORK, 'nginx.conf');
  const snippet = join(WORK, 'nginx-rewrites.conf');
  await writeFile(snippet, rewriteRules().nginx);
  for (const dir of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    await mkdir(join(WORK, 'nginx-tmp', dir), { recursive: true });
  }
  const tmp = (name: string) => join(WORK, 'nginx-tmp', name);
  await writeFile(
    conf,
    `# Written by bench/run.ts.
worker_processes auto;
daemon off;
pid ${join(WORK, 'nginx.pid')};
error_log ${join(WORK, 'nginx-error.log')} warn;
events { worker_connections 4096; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log off;
    sendfile on;
    tcp_nopush on;
    keepalive_requests 1000000;
    keepalive_timeout 65;
    client_body_temp_path ${tmp('client_body')};
    proxy_temp_path ${tmp('proxy')};
    fastcgi_temp_path ${tmp('fastcgi')};
    uwsgi_temp_path ${tmp('uwsgi')};
    scgi_temp_path ${tmp('scgi')};
    gzip on;
    gzip_static on;
    gzip_vary on;
    gzip_min_length ${COMPRESS_MIN_BYTES};
    gzip_types text/css text/javascript application/javascript application/json image/svg+xml application/xml text/plain;
    server {
        listen 127.0.0.1:${port};
        root ${root};
        index index.html;
        include ${snippet};
    }
}
`,
  );
  const check = spawnSync(
    nginxBin(),
    ['-t', '-q', '-c', conf, '-e', join(WORK, 'nginx-error.log')],
    {
      encoding: 'utf8',
    },
  );
  if (check.status !== 0) throw new Error(`nginx -t failed:\n${check.stderr}`);
  const child = spawn(nginxBin(), ['-c', conf, '-e', join(WORK, 'nginx-error.log')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

const tempDirs: string[] = [];

async function startNode(dist: string, port: number): Promise<ChildProcess> {
  const dataDir = await mkdtemp(join(WORK, 'data-'));
  tempDirs.push(dataDir);
  const logFile = openSync(join(WORK, 'node.log'), 'w');
  const child = spawn(process.execPath, [join(ROOT, 'scripts', 'start.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DIST_DIR: dist,
      NODE_ENV: 'production',
    },
    stdio: ['ignore', logFile, logFile],
  });
  closeSync(logFile);
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

interface Fetched {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: Buffer;
}

function get(port: number, path: string, headers: Record<string, string> = {}): Promise<Fetched> {
  return new Promise((resolveGet, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolveGet({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks),
        }),
      );
      res.on('error', reject);
    });
    req.setTimeout(5000, () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end();
  });
}

async function waitFor(
  what: string,
  child: ChildProcess,
  ready: () => Promise<boolean>,
  seconds: number,
) {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    if (await ready().catch(() => false)) return;
    await sleep(200);
  }
  throw new Error(`${what} did not come up within ${seconds} s`);
}

/** Both servers must send the same page, gzip-encoded, before their speed means anything. */
async function sameContent(nodePort: number, nginxPort: number, path: string): Promise<void> {
  const headers = { 'accept-encoding': ACCEPT_ENCODING };
  const [a, b] = await Promise.all([get(nodePort, path, headers), get(nginxPort, path, headers)]);
  for (const [name, res] of [
    ['Node', a],
    ['nginx', b],
  ] as const) {
    if (res.status !== 200) throw new Error(`${name} answered ${res.status} for ${path}`);
    if (res.headers['content-encoding'] !== 'gzip') {
      throw new Error(`${name} did not send gzip for ${path}`);
    }
  }
  if (!gunzipSync(a.body).equals(gunzipSync(b.body))) {
    throw new Error(`Node and nginx send different pages for ${path}`);
  }
  if (a.body.length !== b.body.length) {
    throw new Error(
      `Node and nginx send ${a.body.length} and ${b.body.length} gzip bytes for ${path}`,
    );
  }
}

function parseDuration(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!match) return Number.NaN;
  const value = Number(match[1]);
  const unit = match[2];
  return unit === 'us'
    ? value / 1000
    : unit === 'ms'
      ? value
      : unit === 's'
        ? value * 1000
        : value * 60_000;
}

function wrk(url: string, seconds: number): Promise<string> {
  return new Promise((resolveRun, reject) => {
    const args = [
      `-t${THREADS}`,
      `-c${CONNECTIONS}`,
      `-d${seconds}s`,
      '--latency',
      '-H',
      `Accept-Encoding: ${ACCEPT_ENCODING}`,
      url,
    ];
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      children.delete(child);
      if (code === 0) resolveRun(out);
      else reject(new Error(`wrk exited with ${code}:\n${out}`));
    });
  });
}

async function measure(
  target: string,
  server: Result['server'],
  port: number,
  path: string,
): Promise<Result> {
  const url = `http://127.0.0.1:${port}${path}`;
  await wrk(url, WARMUP_SECONDS);
  const out = await wrk(url, SECONDS);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const p99Ms = parseDuration(/^\s+99%\s+(\S+)/m.exec(out)?.[1] ?? '');
  const problems = [
    /Non-2xx or 3xx responses: \d+/.exec(out)?.[0],
    /Socket errors:.*/.exec(out)?.[0],
  ]
    .filter(Boolean)
    .join('; ');
  if (!Number.isFinite(rps) || !Number.isFinite(p99Ms)) throw new Error(`cannot read wrk:\n${out}`);
  const result = { target, path, server, rps, p99Ms, errors: problems || null };
  log(
    `${server.padEnd(5)} ${path.padEnd(28)} ${rps.toFixed(0).padStart(7)} req/s  p99 ${p99Ms.toFixed(2)} ms` +
      (problems ? `  (${problems})` : ''),
  );
  return result;
}

function rssMb(pid: number | undefined): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? Math.round(kb / 1024) : null;
  } catch {
    return null;
  }
}

function machine(): string[] {
  const cpus = os.cpus();
  const nginxVersion = spawnSync(nginxBin(), ['-v'], { encoding: 'utf8' }).stderr.trim();
  const wrkVersion = spawnSync('wrk', ['-v'], { encoding: 'utf8' }).stdout.split('\n')[0]?.trim();
  return [
    `- CPU: ${cpus[0]?.model.trim() ?? 'unknown'}, ${cpus.length} cores (os.cpus)`,
    `- Memory: ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB`,
    `- OS: ${os.type()} ${os.release()} (${os.arch()})`,
    `- Node: ${process.version}`,
    `- nginx: ${nginxVersion.replace(/^nginx version:\s*/, '')}`,
    `- wrk: ${wrkVersion ?? 'unknown'}`,
  ];
}

async function report(
  results: readonly Result[],
  pages: { home: string; large: string; largeBytes: number; count: number },
  source: string,
  memory: Record<'ready' | 'afterStatic' | 'afterApi', number | null>,
): Promise<string[]> {
  const now = new Date();
  const ratios: string[] = [];
  for (const target of ['home page', 'largest page']) {
    const node = results.find((r) => r.target === target && r.server === 'Node');
    const nginx = results.find((r) => r.target === target && r.server === 'nginx');
    if (!node || !nginx) continue;
    const ratio = node.rps / nginx.rps;
    ratios.push(
      `| ${target} (\`${node.path}\`) | ${ratio.toFixed(2)} | ≥ ${TARGET_RATIO} | ${ratio >= TARGET_RATIO ? 'met' : '**not met**'} |`,
    );
  }
  const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
  const lines = [
    '# Benchmarks',
    '',
    'Produced by `npm run bench` (bench/run.ts); rerun it to refresh this file. The load generator',
    'runs on the same machine as the servers, so read the numbers as ratios, not capacities.',
    '',
    `Date: ${now.toISOString().replace(/\.\d+Z$/, 'Z')}`,
    '',
    '## Machine',
    '',
    ...machine(),
    '',
    '## Results',
    '',
    `wrk, ${THREADS} threads, ${CONNECTIONS} connections, ${SECONDS} s per row after a ${WARMUP_SECONDS} s warm-up,`,
    `\`Accept-Encoding: ${ACCEPT_ENCODING}\` on every request.`,
    '',
    '| target | path | server | req/s | p99 latency |',
    '|---|---|---|---:|---:|',
    ...results.map(
      (r) =>
        `| ${r.target} | \`${r.path}\` | ${r.server} | ${fmt(r.rps)} | ${r.p99Ms.toFixed(2)} ms |` +
        (r.errors ? ` ${r.errors}` : ''),
    ),
    '',
    '## Node against nginx (static pages)',
    '',
    '| page | Node / nginx | target | |',
    '|---|---:|---:|---|',
    ...ratios,
    '',
    '## How',
    '',
    `- Site: \`${siteName(source)}\`, ${pages.count} pages; home \`${pages.home}\`, largest page \`${pages.large}\` (${fmt(pages.largeBytes)} bytes before compression).`,
    '- Node: `node scripts/start.ts` (what `npm start` runs) with HOST=127.0.0.1, a free PORT, a',
    '  temporary DATA_DIR (SQLite) and the default LOG_LEVEL. Pages come from the in-memory table of',
    '  src/server/site (precompressed br and gzip, headers precomputed per file), answered ahead of',
    "  Fastify's routing and hooks (the site plugin's fast path). One JavaScript thread.",
    `- Node's resident memory: ${memory.ready ?? '?'} MB when ready, ${memory.afterStatic ?? '?'} MB after the static rows, ${memory.afterApi ?? '?'} MB after the API row.`,
    '- nginx: a copy of the build with `.gz` files beside every compressible file over',
    `  ${COMPRESS_MIN_BYTES} bytes, at the gzip levels of Node's table, and \`gzip_static on\`, so both servers send the`,
    '  same bytes (checked); `worker_processes auto` (2 workers here), `access_log off`,',
    '  `sendfile on`, keep-alive without a request cap, and the `nginx-rewrites.conf` the build generates.',
    "- Both: gzip rather than brotli, because Debian's nginx has no brotli module; the bench checks",
    '  before measuring that both servers answer 200 with gzip and the same decoded bytes.',
    '- `GET /api/health` runs through the whole API stack (helmet headers, request id, logging).',
    '',
    '## Notes from tuning the static path (2026-11, same machine)',
    '',
    "- Through Fastify's router with the app's hooks, @fastify/helmet alone halved the static rate",
    '  (it builds its middleware anew on every request): ≈ 18,000 req/s for the home page. The site',
    '  route now opts out of helmet and carries the same headers precomputed per file.',
    "- Fastify's own per-request work (request/reply objects, hooks, request id, child logger) then",
    "  left ≈ 0.55–0.65 of nginx's rate; answering stored files in the server's request listener",
    '  ahead of Fastify (the fast path, `fastPath: false` turns it off) gives the ratio above.',
    '- Loading 5,000 pages of 26 KB (133 MB) into the table takes ≈ 4.7 s cold (brotli 8 with a',
    '  window fitted to each file, gzip 6) and ≈ 1 s on reload when the bytes did not change.',
    '',
  ];
  await mkdir(join(ROOT, 'docs'), { recursive: true });
  await writeFile(REPORT, lines.join('\n'));
  return ratios;
}

function siteName(source: string): string {
  const rel = relative(ROOT, source);
  return rel.startsWith('..') ? source : `${rel}/`;
}

async function stopAll(): Promise<void> {
  const waits = [...children].map(
    (child) =>
      new Promise<void>((done) => {
        if (child.exitCode !== null || child.signalCode !== null) return done();
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        child.once('exit', () => {
          clearTimeout(timer);
          done();
        });
        // nginx stops gracefully on QUIT; Node and wrk on TERM.
        child.kill(child.spawnfile.endsWith('nginx') ? 'SIGQUIT' : 'SIGTERM');
      }),
  );
  await Promise.all(waits);
}

async function main(): Promise<void> {
  const started = Date.now();
  ensureTools();
  await mkdir(WORK, { recursive: true });
  const source = await distDir();
  if (!existsSync(join(source, 'index.html'))) throw new Error(`${source} has no index.html`);
  const dist = await servedCopy(source);
  const large = await largestPage(dist);
  const [nodePort, nginxPort] = [await freePort(), await freePort()];

  log(
    `serving ${relative(ROOT, source) || source}; largest page ${large.url} (${large.bytes} bytes)`,
  );
  // Node first: `start.ts` rebuilds a stale site, and nginx must get the build Node loaded.
  const node = await startNode(dist, nodePort);
  await waitFor(
    'the Node server (see bench/.work/node.log)',
    node,
    async () => {
      const res = await get(nodePort, '/api/health');
      return (
        res.status === 200 && (JSON.parse(res.body.toString()) as { code?: number }).code === 1
      );
    },
    120,
  );
  const rssReady = rssMb(node.pid);
  const nginx = await startNginx(await nginxRoot(dist), nginxPort);
  await waitFor('nginx', nginx, async () => (await get(nginxPort, '/')).status === 200, 10);
  await sameContent(nodePort, nginxPort, '/');
  await sameContent(nodePort, nginxPort, large.url);

  const results: Result[] = [];
  for (const [target, path] of [
    ['home page', '/'],
    ['largest page', large.url],
  ] as const) {
    results.push(await measure(target, 'Node', nodePort, path));
    results.push(await measure(target, 'nginx', nginxPort, path));
  }
  const rssStatic = rssMb(node.pid);
  results.push(await measure('API health', 'Node', nodePort, '/api/health'));
  const memory = { ready: rssReady, afterStatic: rssStatic, afterApi: rssMb(node.pid) };

  const pages = { home: '/', large: large.url, largeBytes: large.bytes, count: large.pages };
  const ratios = await report(results, pages, source, memory);
  for (const line of ratios) log(line.replace(/\|/g, ' ').replace(/\s+/g, ' ').trim());
  log(`wrote ${relative(ROOT, REPORT)} in ${Math.round((Date.now() - started) / 1000)} s`);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void stopAll().then(() => process.exit(130));
  });
}

try {
  await main();
} catch (error) {
  console.error(`bench: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await stopAll();
  await Promise.all(tempDirs.map((dir) => rm(dir, { recursive: true, force: true })));
}
