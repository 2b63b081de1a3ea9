/**
 * Outgoing mail through nodemailer: over SMTP when configured, otherwise written to
 * `<dataDir>/outbox` as .eml files (and logged), so every flow works on a fresh machine.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter, createTransport } from 'nodemailer';
import { onFirstUse } from '../common/on-first-use.ts';
import type { Config } from '../config.ts';

export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  /** Where replies go, e.g. the visitor of a contact message. */
  readonly replyTo?: string;
}

export interface Mailer {
  /** Rejects when the message could not be handed over; callers store first, then send. */
  send(message: MailMessage): Promise<void>;
}

type TransportOptions = Parameters<typeof createTransport>[0];

/** A transport made on the first message: nodemailer is loaded then, not at every start. */
function lazyTransport(options: TransportOptions): () => Promise<Transporter> {
  return onFirstUse(() => import('nodemailer').then((m) => m.default.createTransport(options)));
}

export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  const { smtp, mailFrom } = config;
  if (smtp.host) {
    const transport = lazyTransport({
      host: smtp.host,
      port: smtp.port,
      secure: smtp.secure,
      ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.password ?? '' } } : {}),
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    return {
      async send(message) {
        await (await transport()).sendMail({ from: mailFrom, ...message });
        log.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
    };
  }
  const outbox = path.join(config.dataDir, 'outbox');
  const transport = lazyTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    async send(message) {
      const info = await (await transport()).sendMail({ from: mailFrom, ...message });
      await mkdir(outbox, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(outbox, `${stamp}-${randomBytes(3).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer);
      log.info(
        { to: message.to, subject: message.subject, file },
        'no SMTP configured: mail written to the outbox',
      );
    },
  };
}
