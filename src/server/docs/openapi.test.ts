import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp('sqlite');
});
afterAll(() => t.close());

test('the OpenAPI 3.1 document is generated from the route schemas', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  const doc = res.json();
  expect(doc.openapi).toBe('3.1.0');
  expect(Object.keys(doc.paths)).toEqual(
    expect.arrayContaining(['/api/health', '/api/user/info/private', '/api/user/auth/refresh']),
  );
  const info = doc.paths['/api/user/info/private'].get;
  expect(info.tags).toEqual(['user']);
  const data = info.responses['200'].content['application/json'].schema.properties.data;
  expect(data.$ref).toBe('#/components/schemas/User');
  expect(Object.keys(doc.components.schemas.User.properties)).toEqual(
    expect.arrayContaining(['id', 'username', 'isLocked', 'permissions', 'avatar', 'createTime']),
  );
  expect(doc.components.schemas.User.properties).not.toHaveProperty('password_hash');
});

test('the reference is browsable at /api/docs', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/html');
  expect(res.body).toContain('swagger');
});
