/** `npm run dev`: Astro's dev server (hot reload) on PORT with the API, restarted on change, behind /api. */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = process.env['PORT'] ?? '4321';
const apiPort = process.env['API_PORT'] ?? String(Number(port) + 1);
const env = { ...process.env, API_PORT: apiPort };

const children: ChildProcess[] = [
  spawn(
    process.execPath,
    ['--watch-path=src/server', '--watch-path=src/lib/shared', 'scripts/api.ts'],
    { cwd: root, env, stdio: 'inherit' },
  ),
  spawn(process.execPath, ['node_modules/astro/bin/astro.mjs', 'dev', '--port', port], {
    cwd: root,
    env,
    stdio: 'inherit',
  }),
];

function stop() {
  for (const child of children) child.kill('SIGTERM');
}
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
for (const child of children) child.once('exit', stop);
