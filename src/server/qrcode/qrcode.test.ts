import sharp from 'sharp';
import { afterEach, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import { DIALECTS } from '../../../tests/helpers/test-db.ts';

describe.each(DIALECTS)('QR code on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => t.close());

  const qr = (data?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/common/qrcode',
      query: data === undefined ? {} : { data },
    });

  test('answers a 300×300 PNG data URL', async () => {
    t = await createTestApp(dialect);
    for (const data of [
      'https://atrium.example/blog/0193',
      '中文链接 '.repeat(50),
      'x'.repeat(1000),
    ]) {
      const response = await qr(data);
      expect(response.statusCode, response.body).toBe(200);
      const url = (response.json() as { data: string }).data;
      expect(url.startsWith('data:image/png;base64,')).toBe(true);
      const png = Buffer.from(url.slice('data:image/png;base64,'.length), 'base64');
      const meta = await sharp(png).metadata();
      expect(meta).toMatchObject({ format: 'png', width: 300, height: 300 });
    }
  });

  test('bad input is refused with -400', async () => {
    t = await createTestApp(dialect);
    for (const data of [undefined, '', '   ', 'x'.repeat(1001), '码'.repeat(1000)]) {
      const response = await qr(data);
      expect(response.statusCode, String(data?.length)).toBe(400);
      expect(response.json()).toMatchObject({ code: -400 });
    }
    const extra = await t.app.inject({ method: 'GET', url: '/api/common/qrcode?data=x&size=9' });
    expect(extra.statusCode).toBe(400);
  });
});
