/**
 * The outside world of the e2e server, as one process that Playwright starts first: a real SMTP
 * server that keeps every mail (readable as JSON over HTTP) and a fake GitHub (OAuth and REST).
 */
import { createServer } from 'node:http';
import { startFakeGithub } from '../helpers/fake-github.ts';
import { startTestSmtp } from '../helpers/smtp.ts';
import { E2E_PORTS } from './ports.ts';

const smtp = await startTestSmtp(E2E_PORTS.smtp);
const github = await startFakeGithub({ port: E2E_PORTS.github, defaultLogin: 'octocat' });

const inspector = createServer((request, response) => {
  response.setHeader('content-type', 'application/json');
  response.end(JSON.stringify(request.url === '/mails' ? smtp.mails : { ok: true }));
});
inspector.listen(E2E_PORTS.services, '127.0.0.1');

const stop = async () => {
  inspector.close();
  await Promise.all([smtp.close(), github.close()]);
  process.exit(0);
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
