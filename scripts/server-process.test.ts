import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
let dataDir = '';
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function run(script: string, env: Record<string, string>) {
  dataDir = mkdtempSync(path.join(tmpdir(), 'atrium-proc-'));
  const child = spawn(process.execPath, [script], {
    cwd: root,
    env: { PATH: process.env['PATH'] ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { child, exit, stderr: () => stderr };
}

async function waitForHealth(port: number) {
  for (let i = 0; i < 100; i += 1) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return res.json();
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not come up');
}

test('a bad setting stops the start with one line naming the variable', async () => {
  const proc = run('scripts/api.ts', { API_PORT: 'http' });
  expect(await proc.exit).toBe(1);
  expect(proc.stderr().trim()).toBe(
    'atrium: PORT="http" is not allowed: use a whole number from 0 to 65535',
  );
});

test('a weak owner password stops the start', async () => {
  const port = await freePort();
  const proc = run('scripts/api.ts', {
    API_PORT: String(port),
    ADMIN_USERNAME: 'owner',
    ADMIN_PASSWORD: 'password',
  });
  expect(await proc.exit).toBe(1);
  expect(proc.stderr()).toContain(
    'ADMIN_PASSWORD is refused: 密码过于常见 / this password is too common',
  );
});

test('SIGTERM finishes the request in flight, closes the database and exits 0', async () => {
  const port = await freePort();
  const proc = run('scripts/api.ts', { API_PORT: String(port) });
  expect(await waitForHealth(port)).toMatchObject({
    code: 1,
    data: { database: { dialect: 'sqlite' } },
  });
  // A request whose body is still arriving when the signal comes.
  const req = request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/user/auth/logout',
    headers: { 'content-type': 'application/json' },
  });
  const answer = new Promise<{ status?: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode, body }));
    });
    req.on('error', reject);
  });
  req.write('{"a":');
  await new Promise((resolve) => setTimeout(resolve, 300));
  proc.child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 300));
  req.end('1}');
  const { status, body } = await answer;
  expect(status).toBe(401);
  expect(JSON.parse(body)).toMatchObject({ code: -401 });
  expect(await proc.exit).toBe(0);
  await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
});
