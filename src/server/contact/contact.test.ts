import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, test } from 'vitest';
import { Role } from '../../lib/shared/permissions.ts';
import { startTestSmtp, type TestSmtp } from '../../../tests/helpers/smtp.ts';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import { DIALECTS } from '../../../tests/helpers/test-db.ts';
import type { ContactMessage } from './contact.schema.ts';

const bearer = (token: string | null) => (token ? { authorization: `Bearer ${token}` } : {});
const TEST_ENV = { NODE_ENV: 'test', CAPTCHA_TEST_MODE: 'true' };

describe.each(DIALECTS)('contact on %s', (dialect) => {
  let t: TestApp;
  let smtp: TestSmtp | undefined;
  afterEach(async () => {
    await t.close();
    await smtp?.close();
    smtp = undefined;
  });

  async function captcha(): Promise<string> {
    const response = await t.app.inject({ method: 'GET', url: '/api/common/captcha/image' });
    return (response.json() as { data: { sessionId: string } }).data.sessionId;
  }
  const send = async (
    fields: Record<string, unknown>,
    options: { token?: string | null; code?: string; sessionId?: string } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/contact/email',
      headers: bearer(options.token ?? null),
      payload: {
        email: 'visitor@example.test',
        subject: '你好 hello',
        content: 'I like your site.',
        sessionId: options.sessionId ?? (await captcha()),
        code: options.code ?? 'TEST',
        ...fields,
      },
    });
  const inbox = (token: string | null, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/contact/messages${query}`, headers: bearer(token) });
  const markRead = (id: string, token: string | null) =>
    t.app.inject({
      method: 'POST',
      url: `/api/contact/messages/${id}/read`,
      headers: bearer(token),
    });

  test('a message is stored while the SMTP server is down and mailed when it comes back', async () => {
    const probe = await startTestSmtp();
    const port = probe.port;
    await probe.close();
    let offset = 0;
    t = await createTestApp(dialect, {
      now: () => Date.now() + offset,
      env: {
        ...TEST_ENV,
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(port),
        ADMIN_EMAIL: 'owner@example.test',
      },
    });
    const owner = await t.signUp({ roles: [Role.SUPER_ADMIN] });
    const sent = await send({});
    expect(sent.statusCode, sent.body).toBe(200);
    await t.app.ctx.mailQueue.kick(); // the attempt made at once fails: the server is down

    const stored = await inbox(owner.token);
    const [message] = (stored.json() as { data: { records: ContactMessage[] } }).data.records;
    expect(message).toMatchObject({
      email: 'visitor@example.test',
      subject: '你好 hello',
      content: 'I like your site.',
      mailStatus: 'pending',
      readTime: null,
      userId: null,
    });
    const [queued] = await t.testDb.db.kysely.selectFrom('mail_queue').selectAll().execute();
    expect(queued).toMatchObject({ attempts: 1, reply_to: 'visitor@example.test' });
    expect(queued?.last_error).toBeTruthy();

    smtp = await startTestSmtp(port);
    offset += 31_000;
    await t.app.ctx.mailQueue.kick();
    const mail = await smtp.waitFor((m) => m.to.includes('owner@example.test'));
    expect(mail.subject).toBe('访客联系 - visitor@example.test - 你好 hello');
    expect(mail.text).toContain('I like your site.');
    const after = await inbox(owner.token);
    expect(after.json()).toMatchObject({ data: { records: [{ mailStatus: 'sent' }] } });
  });

  test('the captcha is required and used up by the first attempt', async () => {
    t = await createTestApp(dialect, { env: TEST_ENV });
    const wrong = await send({}, { code: 'NOPE' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: -5 });
    const sessionId = await captcha();
    expect((await send({}, { sessionId, code: 'nope' })).json()).toMatchObject({ code: -5 });
    expect((await send({}, { sessionId })).json()).toMatchObject({ code: -4 });
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/contact/email',
      payload: { email: 'v@example.test', subject: 's', content: 'c' },
    });
    expect(missing.json()).toMatchObject({ code: -400 });
    expect(await t.testDb.db.kysely.selectFrom('contact_messages').selectAll().execute()).toEqual(
      [],
    );
  });

  test('fields are validated', async () => {
    t = await createTestApp(dialect, { env: TEST_ENV });
    // Five cases: refused requests count against the limit of five an hour too.
    for (const fields of [
      { email: 'not an email' },
      { subject: '   ' },
      { subject: 'x'.repeat(121) },
      { content: 'x'.repeat(5001) },
      { extra: true },
    ]) {
      const response = await send(fields);
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json()).toMatchObject({ code: -400 });
    }
  });

  test('the form is rate limited per address', async () => {
    t = await createTestApp(dialect, { env: TEST_ENV });
    for (let i = 0; i < 5; i += 1) expect((await send({ subject: `s${i}` })).statusCode).toBe(200);
    const refused = await send({ subject: 'one more' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: -429 });
  });

  test('the owner reads the inbox and marks messages read; others may not', async () => {
    t = await createTestApp(dialect, { env: TEST_ENV });
    const owner = await t.signUp({ roles: [Role.SUPER_ADMIN] });
    const reader = await t.signUp();
    const blogAdmin = await t.signUp({ roles: [Role.BLOG_ADMIN] });
    expect((await send({ subject: 'first' })).statusCode).toBe(200);
    expect((await send({ subject: 'second' }, { token: reader.token })).statusCode).toBe(200);

    expect((await inbox(null)).json()).toMatchObject({ code: -401 });
    for (const token of [reader.token, blogAdmin.token]) {
      const response = await inbox(token);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: -403 });
    }
    const listed = await inbox(owner.token, '?pageSize=10');
    expect(listed.statusCode).toBe(200);
    const { records, totalRecordNum } = (
      listed.json() as { data: { records: ContactMessage[]; totalRecordNum: number } }
    ).data;
    expect(totalRecordNum).toBe(2);
    expect(records.map((r) => r.subject)).toEqual(['second', 'first']);
    expect(records[0]).toMatchObject({ userId: reader.user.id, mailStatus: 'none' });
    expect(records[1]).toMatchObject({ userId: null });

    const id = records[1]?.id ?? '';
    expect((await markRead(id, reader.token)).statusCode).toBe(403);
    const read = await markRead(id, owner.token);
    expect(read.statusCode).toBe(200);
    const readTime = (read.json() as { data: ContactMessage }).data.readTime;
    expect(readTime).not.toBeNull();
    expect((await markRead(id, owner.token)).json()).toMatchObject({ data: { readTime } });
    const unread = await inbox(owner.token, '?unread=true');
    expect(unread.json()).toMatchObject({
      data: { totalRecordNum: 1, records: [{ subject: 'second' }] },
    });
    expect((await markRead(randomUUID(), owner.token)).statusCode).toBe(404);
    expect((await inbox(owner.token, '?pageSize=1000')).statusCode).toBe(400);
  });
});
