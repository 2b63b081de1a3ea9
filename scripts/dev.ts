/**
 * `npm run dev`: Astro's dev server (hot reload) on PORT with the API, restarted on change, behind
 * /api. The blog pages show the database as it was when dev started (a snapshot taken here);
 * articles added later show through the article shell, as on a site whose rebuild is pending.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BLOG_SNAPSHOT_ENV } from '../src/lib/shared/blog-snapshot.ts';
import { seedDemoContent } from '../src/server/blog/index.ts';
import { exportBlogSnapshot } from '../src/server/blog/snapshot.ts';
import { connectDb, migrateToLatest } from '../src/server/db/index.ts';
import { configOrExit } from './cli.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = process.env['PORT'] ?? '4321';
const apiPort = process.env['API_PORT'] ?? String(Number(port) + 1);

const config = configOrExit();
const snapshotFile = join(config.dataDir, 'build', 'dev-blog-snapshot.json');
const db = connectDb(config);
try {
  await migrateToLatest(db.kysely);
  await seedDemoContent(db.kysely);
  await mkdir(join(config.dataDir, 'build'), { recursive: true });
  await writeFile(snapshotFile, JSON.stringify(await exportBlogSnapshot(db.kysely, new Date())));
} finally {
  await db.close();
}
const env = { ...process.env, API_PORT: apiPort, [BLOG_SNAPSHOT_ENV]: snapshotFile };

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
