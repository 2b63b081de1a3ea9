import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';

describe('the envelope on every failure', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { env: { BODY_LIMIT: '2048' } });
    t.app.post(
      '/api/test/echo',
      {
        schema: {
          body: Type.Object(
            { name: Type.String({ minLength: 3 }), age: Type.Integer({ minimum: 0 }) },
            { additionalProperties: false },
          ),
          querystring: Type.Object({ pageNum: Type.Optional(Type.Integer({ minimum: 1 })) }),
        },
      },
      async (request) => ({ code: 1, message: 'ok', data: request.body }),
    );
    t.app.get('/api/test/boom', async () => {
      throw new Error('secret database detail at /srv/x.js:12');
    });
    await t.app.ready();
  });
  afterAll(() => t.close());

  test('an unknown /api path answers -404 with status 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope/nothing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: -404, message: expect.any(String), data: null });
  });

  test('a known path with the wrong method answers -405 and lists the allowed methods', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/user/info/private' });
    expect(res.statusCode).toBe(405);
    expect(res.headers['allow']).toContain('GET');
    expect(res.json()).toMatchObject({ code: -405, data: null });
  });

  test('schema failures answer -400 naming every bad field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo?pageNum=0',
      payload: { name: 'abc', age: 1 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: -400,
      message: expect.stringContaining('querystring.pageNum'),
    });

    const bodyRes = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { name: 'x', age: -1, extra: 1 },
    });
    const message = bodyRes.json().message as string;
    expect(message).toContain('body.name');
    expect(message).toContain('body.age');
    expect(message).toContain('body.extra');
  });

  test('a missing field is named', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { name: 'abc' },
    });
    expect(res.json()).toMatchObject({ code: -400, message: expect.stringContaining('body.age') });
  });

  test('malformed JSON answers -400, not 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "abc",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: -400 });
  });

  test('a body over the limit answers -400 with status 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { name: 'x'.repeat(5000), age: 1 },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: -400 });
  });

  test('an unsupported content type answers -400 with status 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: -400 });
  });

  test('an unexpected error answers -500 with the request id and no details', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body.code).toBe(-500);
    expect(body.message).not.toContain('secret');
    expect(body.message).not.toContain('.js');
    expect(body.message).toMatch(/request [0-9a-f-]{36}/);
  });

  test('security headers are on API answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});
