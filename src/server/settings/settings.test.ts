import { afterEach, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import { DIALECTS } from '../../../tests/helpers/test-db.ts';

describe.each(DIALECTS)('GET /api/common/settings on %s', (dialect) => {
  let t: TestApp;
  afterEach(() => t.close());

  const settings = () => t.app.inject({ method: 'GET', url: '/api/common/settings' });

  test('GitHub sign-in is on when both the client id and secret are set', async () => {
    t = await createTestApp(dialect, {
      env: { GITHUB_CLIENT_ID: 'id', GITHUB_CLIENT_SECRET: 'secret' },
    });
    const res = await settings();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: 1,
      message: expect.any(String),
      data: { githubSignIn: true },
    });
    expect(res.body).not.toContain('secret');
  });

  test.each<Record<string, string>>([
    {},
    { GITHUB_CLIENT_ID: 'id' },
    { GITHUB_CLIENT_SECRET: 'secret' },
  ])('GitHub sign-in is off without both (%j)', async (env) => {
    t = await createTestApp(dialect, { env });
    expect((await settings()).json()).toMatchObject({ code: 1, data: { githubSignIn: false } });
  });

  test('public: answers signed-in visitors the same, and ignores a query', async () => {
    t = await createTestApp(dialect);
    const { token } = await t.signUp();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/common/settings?x=1',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.json()).toMatchObject({ code: 1, data: { githubSignIn: false } });
  });

  test('only GET: another method answers -405', async () => {
    t = await createTestApp(dialect);
    const res = await t.app.inject({ method: 'POST', url: '/api/common/settings' });
    expect(res.statusCode).toBe(405);
    expect(res.json().code).toBe(-405);
  });

  test('is described in the OpenAPI document with its response schema', async () => {
    t = await createTestApp(dialect);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const get = doc.paths['/api/common/settings'].get;
    expect(get.tags).toEqual(['common']);
    const data = get.responses['200'].content['application/json'].schema.properties.data;
    expect(data.$ref).toBe('#/components/schemas/SiteSettings');
    expect(doc.components.schemas.SiteSettings.properties).toEqual({
      githubSignIn: expect.objectContaining({ type: 'boolean' }),
    });
  });
});
