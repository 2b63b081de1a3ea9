import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, expect, test } from 'vitest';
import { startTestSmtp, type TestSmtp } from '../../../tests/helpers/smtp.ts';
import { loadConfig } from '../config.ts';
import { createMailer } from './mailer.ts';

const log = pino({ level: 'silent' });
let smtp: TestSmtp | undefined;
let dir = '';
afterEach(async () => {
  await smtp?.close();
  smtp = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('with SMTP configured, mail goes to the server', async () => {
  smtp = await startTestSmtp();
  const config = loadConfig({
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtp.port),
    MAIL_FROM: 'Atrium <a@example.test>',
  });
  await createMailer(config, log).send({
    to: 'reader@example.test',
    subject: '你好 hello',
    text: '验证码 123456',
  });
  const mail = await smtp.waitFor((m) => m.to.includes('reader@example.test'));
  expect(mail.subject).toBe('你好 hello');
  expect(mail.text).toContain('验证码 123456');
});

test('a server that is down makes send reject', async () => {
  smtp = await startTestSmtp();
  const port = smtp.port;
  await smtp.close();
  smtp = undefined;
  const config = loadConfig({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port) });
  await expect(
    createMailer(config, log).send({ to: 'x@example.test', subject: 's', text: 't' }),
  ).rejects.toThrow();
});

test('without SMTP, mail is written to the outbox as .eml', async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'atrium-mail-'));
  const config = loadConfig({ DATA_DIR: dir });
  await createMailer(config, log).send({
    to: 'x@example.test',
    subject: 'Outbox',
    text: 'kept here',
  });
  const files = readdirSync(path.join(dir, 'outbox'));
  expect(files).toHaveLength(1);
  const eml = readFileSync(path.join(dir, 'outbox', files[0] ?? ''), 'utf8');
  expect(eml).toContain('To: x@example.test');
  expect(eml).toContain('Subject: Outbox');
  expect(eml).toContain('kept here');
});
