/**
 * What the schema-driven fuzz (tests/fuzz) found, each as a plain reproduction: non-finite page
 * numbers, NUL bytes, ids beyond PostgreSQL's integer, answers of the router and of Node's parser
 * outside the envelope, a request during shutdown, javascript: covers, the Permissions-Policy.
 */
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Role } from '../../lib/shared/permissions.ts';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import { DIALECTS } from '../../../tests/helpers/test-db.ts';
import { PERMISSIONS_POLICY } from './permissions-policy.ts';

const ENVELOPE = { code: expect.any(Number), message: expect.any(String), data: null };

/** Sends raw bytes to a listening app and resolves with everything it answers. */
function rawRequest(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(bytes));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

function bodyOf(raw: string): unknown {
  return JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4));
}

describe.each(DIALECTS)('hostile input on %s', (dialect) => {
  let t: TestApp;
  let owner: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = (await t.signUp({ roles: [Role.SUPER_ADMIN, Role.BLOG_ADMIN] })).token;
  });
  afterAll(() => t.close());

  const get = (url: string) =>
    t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${owner}` } });

  const PAGED = [
    '/api/blog/article',
    '/api/blog/article/category/1',
    '/api/blog/article/tag/1',
    '/api/blog/article/search?term=a',
    '/api/blog/article/manage',
    '/api/blog/comment/article/x',
    '/api/contact/messages',
    '/api/user/manage/info',
  ];

  test.each(PAGED.flatMap((url) => ['Infinity', '-Infinity', '1e309'].map((v) => [url, v])))(
    '%s with a page of %s answers -400 naming the field',
    async (url, value) => {
      const glue = url.includes('?') ? '&' : '?';
      for (const field of ['pageNum', 'pageSize']) {
        const res = await get(`${url}${glue}${field}=${value}`);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          ...ENVELOPE,
          code: -400,
          message: `querystring.${field}: must be a finite number`,
        });
      }
    },
  );

  test('a NUL byte in the search term, a body or a field name answers -400, not 500', async () => {
    const search = await get('/api/blog/article/search?term=a%00b');
    expect(search.statusCode).toBe(400);
    expect(search.json().message).toBe('querystring.term: must not contain a NUL character');

    const category = await t.app.inject({
      method: 'POST',
      url: '/api/blog/category',
      headers: { authorization: `Bearer ${owner}` },
      payload: { name: 'a\u0000b' },
    });
    expect(category.statusCode).toBe(400);
    expect(category.json().message).toBe('body.name: must not contain a NUL character');
  });

  test('an id beyond PostgreSQL integer answers -400, not 500', async () => {
    for (const url of [
      '/api/blog/category/2147483648',
      '/api/blog/tag/9007199254740992',
      '/api/blog/article/category/1e%2B308',
      '/api/blog/article/manage?categoryId=2147483648',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ code: -400 });
    }
  });
});

describe('answers before any route runs', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  test('a path parameter over the router limit answers 414 in the envelope, not echoing the URL', async () => {
    const id = 'a'.repeat(150);
    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: `/api/blog/article/${id}` });
      expect(res.statusCode).toBe(414);
      expect(res.json()).toEqual({ ...ENVELOPE, code: -400 });
      expect(res.body).not.toContain(id);
    }
  });

  test('a malformed percent-escape answers 400 in the envelope', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/blog/category/%zz' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ ...ENVELOPE, code: -400 });
    expect(res.body).not.toContain('%zz');
  });

  test('headers over Node’s limit answer 431 in the envelope', async () => {
    const raw = await rawRequest(
      port,
      `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(raw.startsWith('HTTP/1.1 431 ')).toBe(true);
    expect(raw).toContain('content-type: application/json'.replace('content-type', 'Content-Type'));
    expect(bodyOf(raw)).toEqual({ ...ENVELOPE, code: -400 });
  });

  test('a request Node cannot parse answers 400 in the envelope', async () => {
    const raw = await rawRequest(port, 'GET /api/health HTTP/1.1\r\nHost x\r\n\r\n');
    expect(raw.startsWith('HTTP/1.1 400 ')).toBe(true);
    expect(bodyOf(raw)).toEqual({ ...ENVELOPE, code: -400 });
  });

  test('API answers carry a Permissions-Policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
    expect(PERMISSIONS_POLICY).toContain('camera=()');
  });
});

test('a request that arrives while the server closes answers 503 in the envelope', async () => {
  const t = await createTestApp('sqlite');
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  t.app.get('/api/test/slow', async () => {
    await held;
    return { code: 1, message: 'ok', data: null };
  });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as AddressInfo;
  // One keep-alive connection: the first request is in flight when closing starts, the second
  // arrives on the same connection after.
  const answer = new Promise<string>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write('GET /api/test/slow HTTP/1.1\r\nHost: x\r\n\r\n');
    });
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString('utf8');
      if (text.includes('"restarting') || text.split('HTTP/1.1').length > 2) socket.end();
    });
    socket.on('close', () => resolve(text));
    socket.on('error', reject);
    setTimeout(() => {
      const closing = t.close();
      setTimeout(() => {
        socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
        setTimeout(release, 100);
      }, 50);
      void closing;
    }, 50);
  });
  const text = await answer;
  expect(text).toContain('HTTP/1.1 503');
  const second = text.slice(text.indexOf('HTTP/1.1 503'));
  expect(bodyOf(second)).toEqual({ ...ENVELOPE, code: -500 });
});
