/**
 * The outside world of the e2e server, as one process that Playwright starts first: a real SMTP
 * server that keeps every mail (readable as JSON over HTTP) and a fake GitHub (OAuth and REST).
 * `POST /smtp/stop` and `POST /smtp/start` take the mail server down and bring it back (same port,
 * same mailbox), for the tests of what happens to mail during an outage.
 */
import { createServer } from 'node:http';
import { startFakeGithub } from '../helpers/fake-github.ts';
import { startTestSmtp } from '../helpers/smtp.ts';
import { E2E_PORTS } from './ports.ts';

let smtp = await startTestSmtp(E2E_PORTS.smtp);
let smtpUp = true;
const mails: typeof smtp.mails = [];
const delivered = () => [...mails, ...smtp.mails];
const github = await startFakeGithub({ port: E2E_PORTS.github, defaultLogin: 'octocat' });

async function smtpSwitch(up: boolean) {
  if (up === smtpUp) return;
  smtpUp = up;
  if (up) {
    smtp = await startTestSmtp(E2E_PORTS.smtp);
  } else {
    mails.push(...smtp.mails);
    await smtp.close();
  }
}

const inspector = createServer((request, response) => {
  response.setHeader('content-type', 'application/json');
  if (
    request.method === 'POST' &&
    (request.url === '/smtp/stop' || request.url === '/smtp/start')
  ) {
    smtpSwitch(request.url === '/smtp/start').then(
      () => response.end(JSON.stringify({ ok: true, up: smtpUp })),
      (error: unknown) => {
        response.statusCode = 500;
        response.end(JSON.stringify({ ok: false, error: String(error) }));
      },
    );
    return;
  }
  response.end(JSON.stringify(request.url === '/mails' ? delivered() : { ok: true }));
});
inspector.listen(E2E_PORTS.services, '127.0.0.1');

const stop = async () => {
  inspector.close();
  await Promise.all([smtpUp ? smtp.close() : undefined, github.close()]);
  process.exit(0);
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
