import { afterEach, describe, expect, test } from 'vitest';
import sharp from 'sharp';
import { startTestSmtp, type TestSmtp } from '../../../tests/helpers/smtp.ts';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import { CAPTCHA_ALPHABET } from './captcha.service.ts';

let t: TestApp;
let smtp: TestSmtp | undefined;
afterEach(async () => {
  await t.close();
  await smtp?.close();
  smtp = undefined;
});

async function image(app = t.app) {
  const res = await app.inject({ method: 'GET', url: '/api/common/captcha/image' });
  return res.json().data as { sessionId: string; imageData: string };
}

describe('image captcha', () => {
  test('is a PNG of 4-5 characters without look-alikes', async () => {
    t = await createTestApp('sqlite');
    const { sessionId, imageData } = await image();
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(imageData).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(imageData.split(',')[1] ?? '', 'base64');
    const meta = await sharp(png).metadata();
    expect(meta.format).toBe('png');
    expect(meta.width).toBe(150);
    const text = await t.app.ctx.kv.get(`captcha:image:${sessionId}`);
    expect(text).toMatch(new RegExp(`^[${CAPTCHA_ALPHABET}]{4,5}$`));
    expect(CAPTCHA_ALPHABET).not.toMatch(/[0O1IL]/);
  });

  test('is used up by the first attempt, right or wrong; case does not matter', async () => {
    t = await createTestApp('sqlite');
    const { captcha, kv } = t.app.ctx;
    const first = await image();
    const text = (await kv.get(`captcha:image:${first.sessionId}`)) ?? '';
    await expect(captcha.verifyImage(first.sessionId, 'nope')).rejects.toMatchObject({ code: -5 });
    await expect(captcha.verifyImage(first.sessionId, text)).rejects.toMatchObject({ code: -4 });
    const second = await image();
    const text2 = (await kv.get(`captcha:image:${second.sessionId}`)) ?? '';
    await expect(
      captcha.verifyImage(second.sessionId, text2.toLowerCase()),
    ).resolves.toBeUndefined();
    await expect(captcha.verifyImage(second.sessionId, text2)).rejects.toMatchObject({ code: -4 });
  });

  test('expires after five minutes', async () => {
    let clock = 0;
    t = await createTestApp('sqlite', { now: () => clock });
    const { sessionId } = await image();
    const text = (await t.app.ctx.kv.get(`captcha:image:${sessionId}`)) ?? '';
    clock += 5 * 60_000;
    await expect(t.app.ctx.captcha.verifyImage(sessionId, text)).rejects.toMatchObject({
      code: -4,
    });
  });

  test('is throttled per IP with -429', async () => {
    t = await createTestApp('sqlite');
    let last = 0;
    for (let i = 0; i < 31; i += 1) {
      last = (await t.app.inject({ method: 'GET', url: '/api/common/captcha/image' })).statusCode;
    }
    expect(last).toBe(429);
    const res = await t.app.inject({ method: 'GET', url: '/api/common/captcha/image' });
    expect(res.json()).toMatchObject({ code: -429 });
    expect(res.headers['retry-after']).toBeDefined();
  });

  test('the test switch makes it predictable, and only under NODE_ENV=test', async () => {
    t = await createTestApp('sqlite', { env: { NODE_ENV: 'test', CAPTCHA_TEST_MODE: 'true' } });
    const { sessionId } = await image();
    await expect(t.app.ctx.captcha.verifyImage(sessionId, 'test')).resolves.toBeUndefined();
  });
});

describe('email captcha', () => {
  async function start() {
    smtp = await startTestSmtp();
    t = await createTestApp('sqlite', {
      env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port) },
    });
  }
  const send = (email: string, ip = '10.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/common/captcha/email',
      payload: { email },
      remoteAddress: ip,
    });

  test('mails six digits that work once', async () => {
    await start();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/common/captcha/email',
      payload: { email: 'Reader@Example.test' },
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(res.json()).toMatchObject({ code: 1 });
    const mail = await (smtp as TestSmtp).waitFor((m) => m.to.includes('reader@example.test'));
    expect(mail.subject).toBe('Your Atrium verification code');
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '';
    await expect(
      t.app.ctx.captcha.verifyEmailCode('reader@example.test', code),
    ).resolves.toBeUndefined();
    await expect(
      t.app.ctx.captcha.verifyEmailCode('reader@example.test', code),
    ).rejects.toMatchObject({ code: -4 });
  });

  test('three wrong tries burn the code', async () => {
    await start();
    await send('a@example.test');
    const mail = await (smtp as TestSmtp).waitFor((m) => m.to.includes('a@example.test'));
    expect(mail.subject).toBe('Atrium 邮件验证码');
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '';
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 3; i += 1) {
      await expect(
        t.app.ctx.captcha.verifyEmailCode('a@example.test', wrongCode),
      ).rejects.toMatchObject({ code: -5 });
    }
    await expect(t.app.ctx.captcha.verifyEmailCode('a@example.test', code)).rejects.toMatchObject({
      code: -4,
    });
  });

  test('one per address per minute, and a few per hour per IP', async () => {
    await start();
    expect((await send('b@example.test')).json()).toMatchObject({ code: 1 });
    const again = await send('b@example.test');
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({
      code: -429,
      data: { retryAfterSeconds: expect.any(Number) },
    });
    for (let i = 0; i < 4; i += 1)
      expect((await send(`c${i}@example.test`)).json()).toMatchObject({ code: 1 });
    expect((await send('d@example.test')).json().code).toBe(-429);
    expect((await send('d@example.test', '10.0.0.2')).json().code).toBe(1);
  });

  test('a malformed address answers -400', async () => {
    await start();
    const res = await send('not-an-address');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: -400,
      message: expect.stringContaining('body.email'),
    });
  });
});
