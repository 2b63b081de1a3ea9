/**
 * What every part of the bench shares: tools, child processes (all stopped at the end), temporary
 * directories (all removed), ports, HTTP helpers, wrk, nginx, the Node server as `npm start` runs it,
 * and the machine's description.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, readdirSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { rewriteRules } from '../src/server/site/rewrites.ts';
import { COMPRESS_MIN_BYTES } from '../src/lib/shared/compression.ts';

export const ROOT = resolve(import.meta.dirname, '..');
export const WORK = join(ROOT, 'bench', '.work');
export const REPORT = join(ROOT, 'docs', 'benchmarks.md');
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const WARMUP_SECONDS = Math.min(2, SECONDS);
export const THREADS = 2;
export const CONNECTIONS = 50;
export const ACCEPT_ENCODING = 'gzip';

export interface Result {
  readonly target: string;
  readonly path: string;
  readonly server: string;
  readonly rps: number;
  readonly p99Ms: number;
  readonly errors: string | null;
}

const children = new Set<ChildProcess>();
const tempDirs: string[] = [];
const cleanups: (() => Promise<void>)[] = [];

export function log(line: string): void {
  console.log(`bench: ${line}`);
}

/** Keeps a child so that `stopAll` ends it. */
export function track<T extends ChildProcess>(child: T): T {
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

/** A new temporary directory under bench/.work, removed at the end. */
export async function tempDir(prefix: string): Promise<string> {
  await mkdir(WORK, { recursive: true });
  const dir = await mkdtemp(join(WORK, prefix));
  tempDirs.push(dir);
  return dir;
}

/** Work to do at the end whatever happens (after the children are stopped): e.g. dropping a database. */
export function atEnd(cleanup: () => Promise<void>): void {
  cleanups.push(cleanup);
}

function has(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** Installs Debian packages for the missing commands (as root), or says how to. */
export function ensureTools(needs: Readonly<Record<string, string>>): void {
  const missing = Object.keys(needs).filter((c) => !has(c) && !existsSync(`/usr/sbin/${c}`));
  if (missing.length === 0) return;
  const packages = [...new Set(missing.map((c) => needs[c] ?? c))];
  if (process.getuid?.() !== 0) {
    throw new Error(
      `missing ${missing.join(' and ')}: run \`sudo apt-get install -y ${packages.join(' ')}\``,
    );
  }
  log(`installing ${packages.join(', ')} with apt-get`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const args = ['install', '-y', '-q', ...packages];
  if (spawnSync('apt-get', args, { stdio: 'inherit', env }).status === 0) return;
  spawnSync('apt-get', ['update', '-q'], { stdio: 'inherit' });
  if (spawnSync('apt-get', args, { stdio: 'inherit', env }).status !== 0) {
    throw new Error(`apt-get install -y ${packages.join(' ')} failed`);
  }
}

export function nginxBin(): string {
  return has('nginx') ? 'nginx' : '/usr/sbin/nginx';
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolvePort(port));
    });
  });
}

export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/**
 * A copy of a build for nginx. The build already wrote `.gz` beside every compressible file (the
 * same bytes Node's server sends), which nginx's gzip_static serves.
 */
export async function nginxRoot(dist: string, root: string): Promise<string> {
  await rm(root, { recursive: true, force: true });
  await cp(dist, root, { recursive: true });
  return root;
}

/** nginx as the static-page comparison runs it (see the report's "How"). */
export async function startNginx(root: string, port: number, name: string): Promise<ChildProcess> {
  const dir = join(WORK, name);
  await mkdir(dir, { recursive: true });
  const conf = join(dir, 'nginx.conf');
  const snippet = join(dir, 'nginx-rewrites.conf');
  const errorLog = join(dir, 'nginx-error.log');
  await writeFile(snippet, rewriteRules().nginx);
  const tmp = (sub: string) => join(dir, 'tmp', sub);
  for (const sub of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    await mkdir(tmp(sub), { recursive: true });
  }
  await writeFile(
    conf,
    `# Written by the bench (bench/common.ts).
worker_processes auto;
daemon off;
pid ${join(dir, 'nginx.pid')};
error_log ${errorLog} warn;
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
  const check = spawnSync(nginxBin(), ['-t', '-q', '-c', conf, '-e', errorLog], {
    encoding: 'utf8',
  });
  if (check.status !== 0) throw new Error(`nginx -t failed:\n${check.stderr}`);
  return track(
    spawn(nginxBin(), ['-c', conf, '-e', errorLog], { stdio: ['ignore', 'ignore', 'pipe'] }),
  );
}

export interface NodeServer {
  readonly child: ChildProcess;
  readonly port: number;
  readonly logFile: string;
}

/**
 * The server as `npm start` runs it (`node scripts/start.ts`), on a free port, with its own
 * environment on top of this process's (DATABASE_URL only when given: SQLite otherwise).
 */
export async function startNode(options: {
  readonly name: string;
  readonly dist: string;
  readonly dataDir: string;
  readonly env?: Readonly<Record<string, string>>;
}): Promise<NodeServer> {
  const port = await freePort();
  await mkdir(WORK, { recursive: true });
  const logFile = join(WORK, `${options.name}.log`);
  const fd = openSync(logFile, 'w');
  const env: Record<string, string | undefined> = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: options.dataDir,
    DIST_DIR: options.dist,
    NODE_ENV: 'production',
    ...options.env,
  };
  if (!options.env?.DATABASE_URL) delete env.DATABASE_URL;
  if (!options.env?.REDIS_URL) delete env.REDIS_URL;
  // BENCH_NODE_ARGS: extra Node flags for the servers, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, join(ROOT, 'scripts', 'start.ts')], {
    cwd: ROOT,
    env,
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  track(child);
  return { child, port, logFile };
}

/** Waits for `/api/health` to answer code 1; a server that exits fails with its last log line. */
export async function waitForNode(server: NodeServer, seconds = 180): Promise<void> {
  try {
    await waitFor(
      `the Node server (see ${server.logFile})`,
      server.child,
      async () => {
        const res = await get(server.port, '/api/health');
        return (
          res.status === 200 && (JSON.parse(res.body.toString()) as { code?: number }).code === 1
        );
      },
      seconds,
    );
  } catch (error) {
    const last = readFileSync(server.logFile, 'utf8').trimEnd().split('\n').at(-1) ?? '';
    throw new Error(`${error instanceof Error ? error.message : String(error)}: ${last}`, {
      cause: error,
    });
  }
}

/** Ends one child (TERM, or QUIT for nginx; KILL after 5 s) and waits for it. */
export function stop(child: ChildProcess): Promise<void> {
  return new Promise<void>((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      done();
    });
    // nginx stops gracefully on QUIT; Node and wrk on TERM.
    child.kill(child.spawnfile.endsWith('nginx') ? 'SIGQUIT' : 'SIGTERM');
  });
}

export async function stopAll(): Promise<void> {
  await Promise.all([...children].map(stop));
}

export interface Fetched {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: Buffer;
}

export function httpRequest(
  port: number,
  path: string,
  options: {
    readonly method?: string;
    readonly headers?: Record<string, string>;
    readonly body?: string;
    readonly timeoutMs?: number;
  } = {},
): Promise<Fetched> {
  return new Promise((resolveGet, reject) => {
    const headers = { ...options.headers };
    if (options.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      headers['content-length'] = String(Buffer.byteLength(options.body));
    }
    const req = request(
      { host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers },
      (res) => {
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
      },
    );
    req.setTimeout(options.timeoutMs ?? 10_000, () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(options.body);
  });
}

export function get(
  port: number,
  path: string,
  headers: Record<string, string> = {},
): Promise<Fetched> {
  return httpRequest(port, path, { headers });
}

/** The API's envelope. */
export interface ApiAnswer<T> {
  readonly code: number;
  readonly message: string;
  readonly data: T;
}

/** A JSON API call; returns the envelope whatever the status (the caller checks `code`). */
export async function api<T>(
  port: number,
  method: string,
  path: string,
  options: { readonly token?: string; readonly body?: unknown } = {},
): Promise<ApiAnswer<T> & { readonly status: number }> {
  const res = await httpRequest(port, path, {
    method,
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = res.body.toString('utf8');
  try {
    return { status: res.status, ...(JSON.parse(text) as ApiAnswer<T>) };
  } catch {
    throw new Error(`${method} ${path} answered ${res.status} without JSON: ${text.slice(0, 200)}`);
  }
}

export async function waitFor(
  what: string,
  child: ChildProcess | null,
  ready: () => Promise<boolean>,
  seconds: number,
  everyMs = 200,
): Promise<void> {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    if (child && child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    if (await ready().catch(() => false)) return;
    await sleep(everyMs);
  }
  throw new Error(`${what} did not come up within ${seconds} s`);
}

/** A wrk duration (`812.5us`, `12.3ms`, `1.2s`, `2m`) in milliseconds; NaN when unreadable. */
export function parseDuration(text: string): number {
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

/** One wrk run (THREADS, CONNECTIONS, `--latency`, gzip accepted) of `seconds`; its output. */
export function wrk(url: string, seconds: number): Promise<string> {
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
    const child = track(spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] }));
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolveRun(out);
      else reject(new Error(`wrk exited with ${code}:\n${out}`));
    });
  });
}

/** wrk against one URL: a warm-up, then SECONDS measured with `--latency`. */
export async function measure(
  target: string,
  server: string,
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
  const shown = path.length > 40 ? `${path.slice(0, 37)}...` : path;
  log(
    `${server.padEnd(18)} ${shown.padEnd(40)} ${rps.toFixed(0).padStart(7)} req/s  p99 ${p99Ms.toFixed(2)} ms` +
      (problems ? `  (${problems})` : ''),
  );
  return result;
}

export function rssMb(pid: number | undefined): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? Math.round(kb / 1024) : null;
  } catch {
    return null;
  }
}

/** The ids of `pid`'s descendants (children, their children …), read from /proc. */
function descendants(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name is in parentheses and may hold spaces: the fields start after it.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      // Gone between the listing and the read.
    }
  }
  const out: number[] = [];
  const queue = [...(parents.get(pid) ?? [])];
  while (queue.length > 0) {
    const child = queue.shift() as number;
    out.push(child);
    queue.push(...(parents.get(child) ?? []));
  }
  return out;
}

/** Resident memory of a process and every process it started (render workers …), in MB. */
export function treeRssMb(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  const own = rssMb(pid);
  if (own === null) return null;
  return own + descendants(pid).reduce((sum, child) => sum + (rssMb(child) ?? 0), 0);
}

/** The highest resident memory of a server alone and with its children while `run` runs. */
export async function peakRss<T>(
  pid: number | undefined,
  run: () => Promise<T>,
  everyMs = 100,
): Promise<{ result: T; serverMb: number | null; treeMb: number | null }> {
  let serverMb: number | null = null;
  let treeMb: number | null = null;
  const sample = () => {
    const server = rssMb(pid);
    const tree = treeRssMb(pid);
    if (server !== null) serverMb = Math.max(serverMb ?? 0, server);
    if (tree !== null) treeMb = Math.max(treeMb ?? 0, tree);
  };
  sample();
  const timer = setInterval(sample, everyMs);
  try {
    const result = await run();
    sample();
    return { result, serverMb, treeMb };
  } finally {
    clearInterval(timer);
  }
}

/** The machine, one fact per Markdown list item. */
export function machine(): string[] {
  const cpus = os.cpus();
  const nginxVersion = spawnSync(nginxBin(), ['-v'], { encoding: 'utf8' }).stderr?.trim() ?? '';
  const wrkVersion = spawnSync('wrk', ['-v'], { encoding: 'utf8' }).stdout?.split('\n')[0]?.trim();
  return [
    `- CPU: ${cpus[0]?.model.trim() ?? 'unknown'}, ${cpus.length} cores (os.cpus)`,
    `- Memory: ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB`,
    `- OS: ${os.type()} ${os.release()} (${os.arch()})`,
    `- Node: ${process.version}`,
    `- nginx: ${nginxVersion.replace(/^nginx version:\s*/, '') || 'not installed'}`,
    `- wrk: ${wrkVersion || 'not installed'}`,
  ];
}

/** A one-line summary of the machine, for a section's header. */
export function machineLine(): string {
  const cpus = os.cpus();
  return `${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${cpus.length} cores, ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB, ${os.type()} ${os.release()}, Node ${process.version}`;
}

export function isoNow(): string {
  return new Date().toISOString().replace(/\.\d+Z$/, 'Z');
}

export const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

/**
 * Runs a bench entry: stops every child and removes every temporary directory at the end, on
 * success, failure or Ctrl-C alike.
 */
export async function runMain(main: () => Promise<void>): Promise<void> {
  let ending = false;
  const end = async () => {
    if (ending) return;
    ending = true;
    await stopAll();
    for (const cleanup of cleanups.splice(0).reverse()) {
      await cleanup().catch((error: unknown) => log(`cleanup failed: ${String(error)}`));
    }
    await Promise.all(tempDirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void end().then(() => process.exit(130));
    });
  }
  try {
    await main();
  } catch (error) {
    console.error(`bench: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  } finally {
    await end();
  }
}
