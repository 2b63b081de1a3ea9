/** Test setup shared by the proxy API tests: an app, users by role, and a local upstream. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Role } from '../../lib/shared/permissions.ts';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import type { DbDialect } from '../db/index.ts';

export interface Answer {
  readonly status?: number;
  readonly body?: string;
  readonly headers?: Record<string, string>;
  /** Milliseconds to wait before answering. */
  readonly delayMs?: number;
}

/** A local HTTP server that answers what a test sets per path, as a provider would. */
export async function startUpstream() {
  const answers = new Map<string, Answer>();
  const requests: { path: string; ifNoneMatch: string | undefined }[] = [];
  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    requests.push({ path, ifNoneMatch: req.headers['if-none-match'] });
    const answer = answers.get(path) ?? { status: 404, body: 'not found' };
    const etag = answer.headers?.['etag'];
    setTimeout(() => {
      if (etag && req.headers['if-none-match'] === etag) return res.writeHead(304).end();
      res.writeHead(answer.status ?? 200, answer.headers ?? {});
      res.end(answer.body ?? '');
    }, answer.delayMs ?? 0);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: (path: string) => `${base}${path}`,
    answer: (path: string, answer: Answer) => void answers.set(path, answer),
    requests,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

export type Upstream = Awaited<ReturnType<typeof startUpstream>>;

export interface ProxyTest {
  t: TestApp;
  clock: { now: number };
  admin: string;
  plain: string;
  blogAdmin: string;
  call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token?: string | null,
    payload?: object,
    // The tests read whatever the envelope holds.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
  ): Promise<{ statusCode: number; body: any }>;
  /** GET of a client link (a path under /api/proxy/agg) with these request headers. */
  fetchLink(
    path: string,
    headers?: Record<string, string>,
  ): Promise<{ statusCode: number; headers: Record<string, unknown>; text: string }>;
}

export async function startProxy(
  dialect: DbDialect,
  env: Record<string, string> = {},
  start = Date.parse('2026-06-01T00:00:00Z'),
): Promise<ProxyTest> {
  const clock = { now: start };
  const t = await createTestApp(dialect, {
    now: () => clock.now,
    env: { PROXY_ALLOW_PRIVATE_UPSTREAMS: 'true', ...env },
  });
  return {
    t,
    clock,
    admin: (await t.signUp({ roles: [Role.PROXY_ADMIN] })).token,
    plain: (await t.signUp()).token,
    blogAdmin: (await t.signUp({ roles: [Role.BLOG_ADMIN] })).token,
    async call(method, url, token = null, payload) {
      const res = await t.app.inject({
        method,
        url: `/api/proxy${url}`,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        ...(payload ? { payload } : {}),
      });
      return { statusCode: res.statusCode, body: res.json() };
    },
    async fetchLink(path, headers = {}) {
      // Uses in one millisecond have no order; a step of the clock gives the log its order.
      clock.now += 1;
      const res = await t.app.inject({ method: 'GET', url: `/api/proxy/agg${path}`, headers });
      return { statusCode: res.statusCode, headers: res.headers, text: res.body };
    },
  };
}
