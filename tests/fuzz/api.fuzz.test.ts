/**
 * A fuzz of every endpoint that /api/openapi.json declares: for each operation, requests with
 * values drawn from its declared schemas, hostile ones of every type among them, as the owner, as
 * an ordinary user and anonymously. Any 500, any /api answer outside the {code, message, data}
 * envelope and any stack trace in a body fails the run. Seeded (FUZZ_SEED, default below) and
 * reproducible; FUZZ_REQUESTS sets the requests per operation, FUZZ_LOG=error shows the server's log. A new endpoint is covered the day
 * it is added, because it is in the OpenAPI document.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Role } from '../../src/lib/shared/permissions.ts';
import { seedDemoContent } from '../../src/server/blog/index.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { DIALECTS } from '../helpers/test-db.ts';
import { Draw, HOSTILE_STRINGS, asParam, generate, seededRandom, type Schema } from './generate.ts';

const SEED = Number(process.env['FUZZ_SEED'] ?? 20261124);
const PER_OPERATION = Number(process.env['FUZZ_REQUESTS'] ?? 48);

interface Operation {
  readonly method: string;
  readonly path: string;
  readonly parameters: { in: string; name: string; required?: boolean; schema: Schema }[];
  readonly body: Schema | null;
}

interface OpenApi {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Operation['parameters'];
        requestBody?: { content: Record<string, { schema: Schema }> };
      }
    >
  >;
  components: { schemas: Record<string, Schema> };
}

function operationsOf(doc: OpenApi): Operation[] {
  return Object.entries(doc.paths).flatMap(([route, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path: route,
      parameters: op.parameters ?? [],
      body: op.requestBody?.content['application/json']?.schema ?? null,
    })),
  );
}

/** Raw bodies no schema describes: broken JSON, wrong types at the top, nesting bombs. */
const RAW_BODIES: readonly { type: string; body: string }[] = [
  { type: 'application/json', body: '{"a":' },
  { type: 'application/json', body: 'null' },
  { type: 'application/json', body: '"text"' },
  { type: 'application/json', body: '[]' },
  { type: 'application/json', body: '{"__proto__":{"isAdmin":true}}' },
  { type: 'application/json', body: `${'['.repeat(5000)}${']'.repeat(5000)}` },
  { type: 'application/json', body: '\u0000' },
  { type: 'text/plain', body: 'hello' },
  { type: 'application/x-www-form-urlencoded', body: 'a=1&b=%zz' },
  {
    type: 'multipart/form-data; boundary=x',
    body: '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc\r\n--x--',
  },
  { type: 'application/xml', body: '<a/>' },
];

/** Path segments that are not what a route expects, some sent without escaping on purpose. */
const RAW_SEGMENTS: readonly string[] = [
  '%zz',
  '%',
  '%00',
  '..',
  '%2e%2e',
  'a'.repeat(150),
  '%E0%A4%A',
];

function pathValue(
  name: string,
  schema: Schema,
  draw: Draw,
  resolve: (s: Schema) => Schema,
): string {
  if (draw.chance(0.15)) return draw.pick(RAW_SEGMENTS);
  if (name === '*') {
    return draw.pick([
      'rss.xml',
      'atom.xml',
      'feed.json',
      'category/1/rss.xml',
      'tag/2/atom.xml',
      'x/../../etc',
    ]);
  }
  const value = draw.chance(0.5)
    ? String(draw.int(1, 12))
    : asParam(generate(schema, draw, resolve, 0.5));
  return encode(value === '' ? '0' : value);
}

function queryString(op: Operation, draw: Draw, resolve: (s: Schema) => Schema): string {
  const parts: string[] = [];
  for (const parameter of op.parameters.filter((p) => p.in === 'query')) {
    if (!parameter.required && draw.chance(0.4)) continue;
    const value = asParam(generate(parameter.schema, draw, resolve, 0.35));
    const encoded = draw.chance(0.05) ? draw.pick(['%zz', '%', '%00', '%E0%A4']) : encode(value);
    parts.push(`${parameter.name}=${encoded}`);
    if (draw.chance(0.05)) parts.push(`${parameter.name}=${encoded}`);
  }
  if (draw.chance(0.05)) parts.push(`unexpected=${encode(draw.pick(HOSTILE_STRINGS))}`);
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

/** Percent-encoding that also takes lone surrogates (sent as their UTF-8 replacement). */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...Buffer.from(value, 'utf8')]
      .map((b) => `%${b.toString(16).padStart(2, '0')}`)
      .join('');
  }
}

function randomIp(draw: Draw): string {
  return `10.${draw.int(0, 255)}.${draw.int(0, 255)}.${draw.int(1, 254)}`;
}

/** What is wrong with an answer; empty when nothing is. */
export function answerProblems(url: string, status: number, type: string, body: string): string[] {
  const problems: string[] = [];
  // 503 is a truthful "not available here" (a service not configured, a server shutting down).
  if (status >= 500 && status !== 503) problems.push(`status ${status}`);
  if (/(\n|\\n)\s+at\s|node_modules[\\/]|[\\/]src[\\/]server[\\/]|file:\/\//.test(body)) {
    problems.push('stack trace or source path in the body');
  }
  const isApi = url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
  if (isApi && (type.includes('json') || status >= 300)) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      parsed = undefined;
    }
    const envelope = parsed as { code?: unknown; message?: unknown } | undefined;
    const ok =
      typeof envelope === 'object' &&
      envelope !== null &&
      typeof envelope.code === 'number' &&
      typeof envelope.message === 'string' &&
      'data' in envelope;
    if (!ok && status !== 304) problems.push('not the {code, message, data} envelope');
  }
  return problems;
}

describe.each(DIALECTS)('fuzz of every OpenAPI operation (%s)', (dialect) => {
  let t: TestApp;
  let dataDir: string;
  const tokens = new Map<string, string>();

  async function identity(app: FastifyInstance, who: string): Promise<string | undefined> {
    if (who === 'anonymous') return undefined;
    const known = tokens.get(who);
    if (known) return known;
    const roles = who === 'owner' ? [Role.SUPER_ADMIN, Role.BLOG_ADMIN, Role.PROXY_ADMIN] : [];
    const { token } = await t.signUp({ roles });
    void app;
    tokens.set(who, token);
    return token;
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'atrium-fuzz-'));
    t = await createTestApp(dialect, {
      env: { DATA_DIR: dataDir, LOG_LEVEL: process.env['FUZZ_LOG'] ?? 'silent' },
    });
    await seedDemoContent(t.testDb.db.kysely);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test(
    `${PER_OPERATION} requests per operation answer without a 500, in the envelope, with no stack trace (seed ${SEED})`,
    { timeout: 600_000 },
    async () => {
      const doc = (
        await t.app.inject({ method: 'GET', url: '/api/openapi.json' })
      ).json() as OpenApi;
      const resolve = (schema: Schema): Schema => {
        const ref = schema['$ref'];
        if (typeof ref !== 'string') return schema;
        return doc.components.schemas[ref.replace('#/components/schemas/', '')] ?? {};
      };
      const operations = operationsOf(doc);
      expect(operations.length).toBeGreaterThan(50);

      const draw = new Draw(seededRandom(SEED));
      const failures = new Map<string, string>();
      let sent = 0;
      for (const op of operations) {
        for (let i = 0; i < PER_OPERATION; i++) {
          const who = draw.pick(['owner', 'owner', 'user', 'anonymous']);
          const token = await identity(t.app, who);
          const url =
            op.path.replace(/\{([^}]+)\}/g, (_whole, name: string) => {
              const parameter = op.parameters.find((p) => p.in === 'path' && p.name === name);
              return pathValue(name, parameter?.schema ?? { type: 'string' }, draw, resolve);
            }) + queryString(op, draw, resolve);
          const request: InjectOptions = {
            method: op.method as InjectOptions['method'],
            url,
            remoteAddress: randomIp(draw),
            headers: token ? { authorization: `Bearer ${token}` } : {},
          };
          if (op.body !== null || draw.chance(0.05)) {
            if (op.body !== null && !draw.chance(0.12)) {
              request.payload = JSON.stringify(generate(op.body, draw, resolve, 0.15));
              request.headers = { ...request.headers, 'content-type': 'application/json' };
            } else {
              const raw = draw.pick(RAW_BODIES);
              request.payload = raw.body;
              request.headers = { ...request.headers, 'content-type': raw.type };
            }
          }
          const res = await t.app.inject(request);
          sent++;
          const problems = answerProblems(
            url,
            res.statusCode,
            String(res.headers['content-type'] ?? ''),
            res.body,
          );
          for (const problem of problems) {
            const key = `${op.method} ${op.path}: ${problem}`;
            if (!failures.has(key)) {
              const payload =
                typeof request.payload === 'string' ? request.payload.slice(0, 300) : '';
              failures.set(
                key,
                `${op.method} ${url.slice(0, 300)} ${payload} → ${res.statusCode} ${res.body.slice(0, 300)}`,
              );
            }
          }
          // A logout, a revoked session or a lock ends a token: the next request gets a new one.
          if (token && res.statusCode === 401) tokens.delete(who);
        }
      }
      expect(sent).toBe(operations.length * PER_OPERATION);
      expect(Object.fromEntries(failures)).toEqual({});
    },
  );
});

test('the check itself fails on a 500, a bare body and a stack trace', () => {
  expect(
    answerProblems('/api/x', 500, 'application/json', '{"code":-500,"message":"x","data":null}'),
  ).toEqual(['status 500']);
  expect(answerProblems('/api/x', 414, 'application/json', '{"error":"URI Too Long"}')).toEqual([
    'not the {code, message, data} envelope',
  ]);
  expect(
    answerProblems(
      '/api/x',
      400,
      'application/json',
      '{"code":-400,"message":"Error\\n    at parse (/srv/src/server/x.ts:1:2)","data":null}',
    ),
  ).toEqual(['stack trace or source path in the body']);
  expect(
    answerProblems('/api/x', 200, 'application/json', '{"code":1,"message":"ok","data":[]}'),
  ).toEqual([]);
  expect(answerProblems('/api/blog/feed/rss.xml', 200, 'application/rss+xml', '<rss/>')).toEqual(
    [],
  );
});
