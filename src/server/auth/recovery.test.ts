import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { startTestSmtp, type CapturedMail, type TestSmtp } from '../../../tests/helpers/smtp.ts';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import { DIALECTS } from '../../../tests/helpers/test-db.ts';
import { sendRecoveryLink } from './index.ts';

const PASSWORD = 'a long enough passphrase';
const NEW_PASSWORD = 'a brand new passphrase';
const SITE = 'https://atrium.example';

function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

describe.each(DIALECTS)('password recovery on %s', (dialect) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let dataDir: string;
  let clock = Date.parse('2026-11-21T10:00:00Z');
  afterEach(async () => {
    await t.close();
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function start() {
    clock = Date.parse('2026-11-21T10:00:00Z');
    smtp = await startTestSmtp();
    dataDir = mkdtempSync(path.join(tmpdir(), 'atrium-recovery-'));
    t = await createTestApp(dialect, {
      now: () => clock,
      env: {
        NODE_ENV: 'test',
        CAPTCHA_TEST_MODE: 'true',
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(smtp.port),
        SITE_URL: SITE,
        DATA_DIR: dataDir,
      },
    });
  }

  async function userWithEmail(username: string, email: string, locale = 'zh-CN') {
    const signed = await t.signUp({ username });
    await t.testDb.db.kysely
      .updateTable('users')
      .set({ email, locale })
      .where('id', '=', signed.user.id)
      .execute();
    return signed;
  }

  async function initiate(email: string, overrides: Record<string, unknown> = {}, ip = '10.0.0.1') {
    const { sessionId } = await t.app.ctx.captcha.image();
    return t.app.inject({
      method: 'POST',
      url: '/api/user/auth/recover/initiate',
      payload: { email, sessionId, code: 'TEST', ...overrides },
      remoteAddress: ip,
    });
  }

  const post = (url: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api/user/auth/recover/${url}`, payload });

  function tokenOf(mail: CapturedMail): string {
    const match = /https:\/\/atrium\.example\/auth\/recover\/complete\?token=([A-Za-z0-9_-]+)/.exec(
      mail.text,
    );
    if (!match?.[1]) throw new Error(`no recovery link in: ${mail.text}`);
    return match[1];
  }

  const mailTo = (address: string) => smtp.waitFor((m) => m.to.includes(address));

  test('a mailed link resets the password once, ends every session and signs in', async () => {
    await start();
    const { user, token: oldSession } = await userWithEmail('alice', 'alice@example.com', 'en');
    const res = await initiate('Alice@Example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 1, message: expect.any(String), data: null });

    const mail = await mailTo('alice@example.com');
    expect(mail.subject).toBe('Recover your Atrium account');
    expect(mail.text).toContain('30 minutes');
    const token = tokenOf(mail);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const stored = await t.testDb.db.kysely.selectFrom('recovery_tokens').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(token);

    const check = await post('check', { token });
    expect(check.json()).toMatchObject({ code: 1, data: { username: 'alice' } });

    const done = await post('complete', {
      token,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(done.statusCode).toBe(200);
    const { token: session, user: signedIn } = done.json().data;
    expect(signedIn.id).toBe(user.id);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user/info/private',
      headers: bearer(session),
    });
    expect(me.json().code).toBe(1);
    const old = await t.app.inject({
      method: 'GET',
      url: '/api/user/info/private',
      headers: bearer(oldSession),
    });
    expect(old.json()).toMatchObject({ code: -2, data: { reason: 'passwordChanged' } });

    const login = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/auth/login',
        payload: { account: 'alice', password },
        remoteAddress: '10.5.0.1',
      });
    expect((await login(NEW_PASSWORD)).json().code).toBe(1);
    expect((await login(PASSWORD)).json().code).toBe(0);

    // Used once: the same link is dead now.
    expect((await post('check', { token })).json().code).toBe(-4);
    const again = await post('complete', { token, password: PASSWORD, confirmPassword: PASSWORD });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe(-4);
  });

  test('a known and an unknown address get the same answer; only the known one gets mail', async () => {
    await start();
    await userWithEmail('bob', 'bob@example.com');
    const unknown = await initiate('nobody@example.com', {}, '10.0.0.2');
    const known = await initiate('bob@example.com', {}, '10.0.0.3');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    const mail = await mailTo('bob@example.com');
    expect(mail.subject).toBe('Atrium 账号恢复');
    expect(smtp.mails.map((m) => m.to)).toEqual([['bob@example.com']]);
  });

  test('the link expires after 30 minutes', async () => {
    await start();
    await userWithEmail('carol', 'carol@example.com');
    await initiate('carol@example.com');
    const token = tokenOf(await mailTo('carol@example.com'));
    clock += 30 * 60_000 - 1000;
    expect((await post('check', { token })).json().code).toBe(1);
    clock += 1000;
    expect((await post('check', { token })).json().code).toBe(-4);
    const late = await post('complete', {
      token,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(late.json().code).toBe(-4);
  });

  test('unknown tokens are -4; bad input is -400 and leaves the link usable', async () => {
    await start();
    await userWithEmail('dave', 'dave@example.com');
    expect((await post('check', { token: 'x'.repeat(43) })).json().code).toBe(-4);
    await initiate('dave@example.com');
    const token = tokenOf(await mailTo('dave@example.com'));
    for (const [body, field] of [
      [{ token, password: NEW_PASSWORD, confirmPassword: 'something else' }, 'confirmPassword'],
      [{ token, password: 'short', confirmPassword: 'short' }, 'password'],
      [{ token, password: 'password123', confirmPassword: 'password123' }, 'password'],
      [{ token, password: NEW_PASSWORD }, 'confirmPassword'],
      [{ token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, id: 'x' }, 'id'],
    ] as const) {
      const res = await post('complete', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(-400);
      expect(res.json().message).toContain(field);
    }
    expect((await post('check', { token })).json().code).toBe(1);
    expect((await post('check', {})).json().code).toBe(-400);
  });

  test('initiate checks the captcha, and its input', async () => {
    await start();
    await userWithEmail('erin', 'erin@example.com');
    expect((await initiate('erin@example.com', { code: 'WRONG' })).json().code).toBe(-5);
    expect((await initiate('not-an-address')).json().code).toBe(-400);
    expect((await initiate('erin@example.com', { sessionId: undefined })).json().code).toBe(-400);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.mails).toHaveLength(0);
  });

  test('initiate is capped at 5 an hour per IP, and one mail a minute per account', async () => {
    await start();
    await userWithEmail('frank', 'frank@example.com');
    for (let i = 0; i < 5; i += 1) {
      expect((await initiate('frank@example.com', {}, '10.0.9.9')).json().code).toBe(1);
    }
    const capped = await initiate('frank@example.com', {}, '10.0.9.9');
    expect(capped.statusCode).toBe(429);
    expect(capped.json()).toMatchObject({
      code: -429,
      data: { retryAfterSeconds: expect.any(Number) },
    });
    await mailTo('frank@example.com');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.mails).toHaveLength(1);
  });

  test('a locked account gets no link, and an earlier link cannot be used', async () => {
    await start();
    const { user } = await userWithEmail('gina', 'gina@example.com');
    await initiate('gina@example.com');
    const token = tokenOf(await mailTo('gina@example.com'));
    await t.testDb.db.kysely
      .updateTable('users')
      .set({ is_locked: true })
      .where('id', '=', user.id)
      .execute();
    const res = await post('complete', {
      token,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 0, message: '账号已锁定 / Account locked' });
    clock += 2 * 60_000;
    expect((await initiate('gina@example.com', {}, '10.0.0.4')).json().code).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.mails).toHaveLength(1);
  });

  test('sendRecoveryLink mails the user their own link; no address is code 0', async () => {
    await start();
    const { user } = await userWithEmail('hank', 'hank@example.com', 'en');
    await sendRecoveryLink(t.app.ctx, user.id);
    const token = tokenOf(await mailTo('hank@example.com'));
    expect((await post('check', { token })).json().data).toEqual({ username: 'hank' });
    const { user: noMail } = await t.signUp();
    await expect(sendRecoveryLink(t.app.ctx, noMail.id)).rejects.toMatchObject({
      code: 0,
      status: 409,
    });
    await expect(sendRecoveryLink(t.app.ctx, 'no-such-user')).rejects.toMatchObject({
      code: -404,
    });
  });
});
