import pino from 'pino';
import { afterEach, describe, expect, test } from 'vitest';
import { startTestSmtp, type TestSmtp } from '../../../tests/helpers/smtp.ts';
import { createTestDb, DIALECTS, type TestDb } from '../../../tests/helpers/test-db.ts';
import { loadConfig } from '../config.ts';
import { createMailer, type Mailer } from './mailer.ts';
import { enqueueMail } from './mail-queue.repo.ts';
import { MailQueue, retryDelay } from './mail-queue.worker.ts';

const log = pino({ level: 'silent' });

/** A port that was free a moment ago: a server started there later is "the SMTP server coming back". */
async function freePort(): Promise<number> {
  const probe = await startTestSmtp();
  const { port } = probe;
  await probe.close();
  return port;
}

function smtpMailer(port: number): Mailer {
  return createMailer(
    loadConfig({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port), LOG_LEVEL: 'silent' }),
    log,
  );
}

test('retries back off from 30 s, doubling, up to an hour', () => {
  const delays = [1, 2, 3, 4, 8, 20].map((n) => retryDelay(n, 30_000, 3_600_000));
  expect(delays).toEqual([30_000, 60_000, 120_000, 240_000, 3_600_000, 3_600_000]);
});

describe.each(DIALECTS)('mail queue on %s', (dialect) => {
  let testDb: TestDb;
  let smtp: TestSmtp | undefined;
  afterEach(async () => {
    await smtp?.close();
    smtp = undefined;
    await testDb.cleanup();
  });

  const rows = () => testDb.db.kysely.selectFrom('mail_queue').selectAll().execute();

  test('a message stored while the SMTP server is down is sent when it comes back', async () => {
    testDb = await createTestDb(dialect);
    let clock = Date.parse('2026-11-21T10:00:00.000Z');
    const port = await freePort();
    const queue = new MailQueue({ db: testDb.db, mailer: smtpMailer(port), now: () => clock }, log);
    await enqueueMail(
      testDb.db.kysely,
      { to: 'owner@example.test', subject: '留言 hello', text: 'kept safe' },
      new Date(clock),
    );

    await queue.kick();
    let [row] = await rows();
    expect(row).toMatchObject({ attempts: 1, sent_time: null, given_up_time: null });
    expect(row?.last_error).toBeTruthy();
    expect(row?.next_attempt_time).toBe(new Date(clock + 30_000).toISOString());

    smtp = await startTestSmtp(port);
    await queue.kick(); // not due yet: nothing is sent before the backoff ends
    expect(smtp.mails).toHaveLength(0);

    clock += 30_000;
    await queue.kick();
    const mail = await smtp.waitFor((m) => m.to.includes('owner@example.test'));
    expect(mail.subject).toBe('留言 hello');
    expect(mail.text).toContain('kept safe');
    [row] = await rows();
    expect(row).toMatchObject({ attempts: 2, next_attempt_time: null });
    expect(row?.sent_time).toBe(new Date(clock).toISOString());

    await queue.kick(); // sent once only
    expect(smtp.mails).toHaveLength(1);
  });

  test('two workers on one database never send the same message', async () => {
    testDb = await createTestDb(dialect);
    smtp = await startTestSmtp();
    for (let i = 0; i < 6; i += 1) {
      await enqueueMail(testDb.db.kysely, {
        to: `r${i}@example.test`,
        subject: `m${i}`,
        text: 't',
      });
    }
    const a = new MailQueue({ db: testDb.db, mailer: smtpMailer(smtp.port), now: Date.now }, log);
    const b = new MailQueue({ db: testDb.db, mailer: smtpMailer(smtp.port), now: Date.now }, log);
    await Promise.all([a.kick(), b.kick(), a.kick(), b.kick()]);
    expect(smtp.mails).toHaveLength(6);
    expect(new Set(smtp.mails.map((m) => m.subject)).size).toBe(6);
    expect((await rows()).every((r) => r.sent_time !== null && r.attempts === 1)).toBe(true);
  });

  test('after two days of failures a message is given up and its row kept', async () => {
    testDb = await createTestDb(dialect);
    let clock = Date.parse('2026-11-21T10:00:00.000Z');
    const failing: Mailer = { send: () => Promise.reject(new Error('smtp down')) };
    const queue = new MailQueue({ db: testDb.db, mailer: failing, now: () => clock }, log);
    await enqueueMail(
      testDb.db.kysely,
      { to: 'x@example.test', subject: 's', text: 't' },
      new Date(clock),
    );
    const start = clock;
    while (clock - start < 3 * 24 * 3_600_000) {
      await queue.kick();
      const [row] = await rows();
      if (row?.given_up_time) break;
      clock = Date.parse(row?.next_attempt_time ?? '');
    }
    const [row] = await rows();
    expect(row?.given_up_time).not.toBeNull();
    expect(row?.next_attempt_time).toBeNull();
    expect(row?.sent_time).toBeNull();
    expect(row?.last_error).toBe('smtp down');
    expect(clock - start).toBeGreaterThanOrEqual(2 * 24 * 3_600_000);
    expect(clock - start).toBeLessThan(2 * 24 * 3_600_000 + 3_600_000 + 1);
  });
});
