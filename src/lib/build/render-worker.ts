/**
 * The render worker of the page pipeline (docs/architecture.md, "The page pipeline"): a child
 * process the server forks with the compiled site (`astro build` output with its server bundle).
 * For each job it reads the site's data, lists every page the page sets produce (site-pages.ts),
 * and renders, through the compiled bundle, those whose input changed since the digests it was
 * given (all of them without digests), writing each to the job's folder. It answers with every
 * page's digest, what it wrote and which files no page produces any more.
 *
 * Started as `node render-worker.ts <compiled dir>`, talking over IPC (advanced serialization).
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type {
  CompressJob,
  CompressReply,
  RenderJob,
  RenderReply,
  WorkerJob,
} from '../shared/render-protocol.ts';
import { compressFile } from './compress.ts';
import type { PageSpec, SiteData } from './page-set.ts';
import { sitePages } from './site-pages.ts';

type Handler = (
  req: IncomingMessage,
  res: ServerResponse,
  next: (error?: unknown) => void,
  locals: App.Locals,
) => void;

/** Pages rendered at once: rendering is synchronous work, but reading cached renders is not. */
const IN_FLIGHT = 8;

export function digestOf(spec: PageSpec): string {
  return createHash('sha256').update(JSON.stringify(spec.input)).digest('base64url');
}

/**
 * Puts the page's content security policy where a prebuilt page carries it: a `<meta>` at the top
 * of its head (Astro sends it as a header for a page rendered on demand; the server serves every
 * page's policy as a header again, read from this meta: src/server/site/security-headers.ts).
 */
export function withCspMeta(html: string, policy: string): string {
  const meta = `<meta http-equiv="content-security-policy" content="${policy.replaceAll('&', '&amp;').replaceAll('"', '&quot;')}">`;
  const charset = /<head>\s*<meta charset="utf-8">/i.exec(html);
  const at = charset ? charset.index + charset[0].length : html.indexOf('<head>') + '<head>'.length;
  if (!charset && at < '<head>'.length) throw new Error('a page without <head>');
  return html.slice(0, at) + meta + html.slice(at);
}

/** Renders one URL through the compiled site's handler, as an HTTP request would. */
function renderOne(handler: Handler, spec: PageSpec, origin: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const req = new IncomingMessage(new Socket());
    req.method = 'GET';
    req.url = spec.url;
    req.headers = { host: new URL(origin).host };
    req.push(null);
    const res = new ServerResponse(req);
    const chunks: Buffer[] = [];
    let policy: string | null = null;
    const writeHead = res.writeHead.bind(res) as (
      status: number,
      headers?: unknown,
    ) => ServerResponse;
    res.writeHead = ((status: number, headers?: Record<string, string | string[]>) => {
      const csp = headers?.['content-security-policy'];
      if (typeof csp === 'string') policy = csp;
      return writeHead(status, headers);
    }) as ServerResponse['writeHead'];
    res.write = (chunk: string | Uint8Array) => {
      chunks.push(Buffer.from(chunk));
      return true;
    };
    res.end = ((chunk?: string | Uint8Array) => {
      if (chunk) chunks.push(Buffer.from(chunk));
      // What an HTTP response does when it has been sent: Astro's adapter then drops the listener
      // that ties its Request's abort signal to this request, which otherwise keeps every page's
      // request, response and bytes alive until the Request is finalized (≈ 140 MB per worker
      // after a 1,000-article build).
      res.emit('finish');
      if (res.statusCode !== 200) {
        reject(new Error(`${spec.url} rendered with status ${res.statusCode}`));
      } else if (policy === null) {
        resolve(Buffer.concat(chunks));
      } else {
        resolve(Buffer.from(withCspMeta(Buffer.concat(chunks).toString('utf8'), policy)));
      }
      return res;
    }) as ServerResponse['end'];
    handler(req, res, (error) => reject(error ?? new Error(`${spec.url}: no route renders it`)), {
      pageInput: spec.input,
    });
  });
}

async function run(handler: Handler, job: RenderJob): Promise<RenderReply> {
  const started = performance.now();
  const data = JSON.parse(await readFile(job.dataFile, 'utf8')) as SiteData;
  const specs = sitePages(data);
  const digests: Record<string, string> = {};
  const due: PageSpec[] = [];
  // Each worker digests (and renders) only its shard: the digests are most of a small change's work.
  for (const [index, spec] of specs.entries()) {
    if (index % job.shard.count !== job.shard.index) continue;
    const digest = digestOf(spec);
    digests[spec.file] = digest;
    if (job.previous?.[spec.file] !== digest) due.push(spec);
  }
  let next = 0;
  const lane = async () => {
    while (next < due.length) {
      const spec = due[next++] as PageSpec;
      const body = await renderOne(handler, spec, job.origin);
      const file = join(job.outDir, ...spec.file.split('/'));
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, body);
      await compressFile(file, `/${spec.file}`, body);
    }
  };
  await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, due.length) }, lane));
  return {
    id: job.id,
    ok: true,
    digests,
    written: due.map((spec) => spec.file),
    ms: Math.round(performance.now() - started),
  };
}

async function compressAll(job: CompressJob): Promise<CompressReply> {
  const started = performance.now();
  let next = 0;
  const lane = async () => {
    while (next < job.files.length) {
      const path = job.files[next++] as string;
      await compressFile(join(job.dir, ...path.slice(1).split('/')), path);
    }
  };
  await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, job.files.length) }, lane));
  return { id: job.id, ok: true, ms: Math.round(performance.now() - started) };
}

async function main(): Promise<void> {
  const compiled = process.argv[2];
  if (!compiled || !process.send) throw new Error('render worker: start it with fork(…, [dir])');
  const entry = pathToFileURL(join(compiled, 'server', 'entry.mjs')).href;
  const { handler } = (await import(entry)) as { handler: Handler };
  // One job at a time, in order: the server sends the next when this one has answered.
  let queue = Promise.resolve();
  process.on('message', (job: WorkerJob) => {
    queue = queue.then(async () => {
      let reply: RenderReply | CompressReply;
      try {
        reply = job.kind === 'render' ? await run(handler, job) : await compressAll(job);
      } catch (error) {
        const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
        reply = { id: job.id, ok: false, message };
      }
      process.send?.(reply);
      // The job's garbage, collected now rather than carried into the next job (the server starts
      // this process with --expose-gc): a worker's peak then stays that of one job.
      (globalThis as { gc?: () => void }).gc?.();
    });
  });
  process.send({ ready: true });
  // The server's end of the channel closing means the server is gone: so is this worker.
  process.on('disconnect', () => process.exit(0));
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
