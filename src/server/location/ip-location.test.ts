import { afterEach, describe, expect, test } from 'vitest';
import { startFakeAmap, type FakeAmap } from '../../../tests/helpers/fake-amap.ts';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import { DIALECTS } from '../../../tests/helpers/test-db.ts';
import { rectangleCentre } from './ip-location.ts';

test('the centre of the rectangle, each coordinate rounded to 3 decimals', () => {
  expect(rectangleCentre('116.0119343,39.66127144;116.7829835,40.2164962')).toEqual({
    latitude: 39.939,
    longitude: 116.397,
  });
  expect(rectangleCentre('-0.5,-0.25;0.5,-0.2')).toEqual({ latitude: -0.225, longitude: 0 });
  for (const bad of [[], '', 'a,b;c,d', '116,39', '116,39;117', '1,95;1,95', null, 4]) {
    expect(rectangleCentre(bad)).toBeNull();
  }
});

describe.each(DIALECTS)('GET /api/common/ip-location on %s', (dialect) => {
  let t: TestApp;
  let amap: FakeAmap | undefined;
  afterEach(async () => {
    await t.close();
    await amap?.close();
    amap = undefined;
  });

  async function start(key?: string) {
    amap = await startFakeAmap();
    t = await createTestApp(dialect, {
      env: { AMAP_URL: amap.url, ...(key === undefined ? {} : { AMAP_KEY: key }) },
    });
  }
  const locate = (ip: string) =>
    t.app.inject({ method: 'GET', url: '/api/common/ip-location', remoteAddress: ip });

  test("asks the service about the caller's IP and averages the rectangle", async () => {
    await start('test-amap-key');
    amap?.locate('203.0.113.7', '121.2103914,31.01855245;121.7527017,31.41262513');
    const res = await locate('203.0.113.7');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: 1,
      message: expect.any(String),
      data: { latitude: 31.216, longitude: 121.482 },
    });
    expect(amap?.lookups).toEqual(['203.0.113.7']);
    // Answers are kept for a while: the service is not asked twice for the same IP.
    expect((await locate('203.0.113.7')).json().data).toEqual({
      latitude: 31.216,
      longitude: 121.482,
    });
    expect(amap?.lookups).toHaveLength(1);
  });

  test('an address the service cannot place answers code 0', async () => {
    await start('test-amap-key');
    const res = await locate('10.1.2.3');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 0, data: null });
  });

  test('without a key it answers code 0 and asks nobody', async () => {
    await start();
    const res = await locate('203.0.113.7');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 0, message: expect.stringContaining('/') });
    expect(amap?.lookups).toEqual([]);
  });

  test('a refused key or an unreachable service answers code 0', async () => {
    await start('wrong-key');
    amap?.locate('203.0.113.7', '121,31;122,32');
    const refused = await locate('203.0.113.7');
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toMatchObject({ code: 0 });
    await amap?.close();
    amap = undefined;
    const unreachable = await locate('203.0.113.8');
    expect(unreachable.json()).toMatchObject({ code: 0 });
  });
});
