/**
 * Starts the server: migrate, seed, create the owner, build the pages when they are missing or
 * no longer show what the database holds, listen. SIGTERM/SIGINT stop accepting, finish in-flight
 * requests, close the database and exit 0.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { buildApp } from './app.ts';
import { seedRolesAndPermissions } from './auth/index.ts';
import { seedDemoContent } from './blog/index.ts';
import type { Config } from './config.ts';
import { connectDb, migrateToLatest } from './db/index.ts';
import { buildPagesOnce, removePageBuildLeftovers } from './pages/index.ts';
import { releaseMemorySoon } from './memory.ts';
import { ensureOwner } from './user/index.ts';

const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));

export async function startServer(
  config: Config,
  { serveSite = true, root = PROJECT_ROOT } = {},
): Promise<FastifyInstance> {
  const db = connectDb(config);
  // Loaded only when configured: the client is ≈ 20 MB that an embedded site does not need.
  const redis = config.redisUrl
    ? (await import('./redis/index.ts')).connectRedis(config.redisUrl)
    : null;
  const log = pino({ level: config.logLevel });
  let app: FastifyInstance;
  try {
    const applied = await migrateToLatest(db.kysely);
    if (applied.length > 0) log.info({ applied }, 'migrations applied');
    await seedRolesAndPermissions(db.kysely);
    await ensureOwner({ db, now: Date.now }, config, log);
    const demo = await seedDemoContent(db.kysely);
    if (demo > 0) log.info({ articles: demo }, 'first-run demo articles created');
    if (serveSite) {
      const workDir = join(config.dataDir, 'build');
      const leftovers = await removePageBuildLeftovers({ root, distDir: config.distDir, workDir });
      if (leftovers.length > 0) log.info({ leftovers }, 'removed what killed builds left');
      const built = await buildPagesOnce({
        root,
        distDir: config.distDir,
        dataDir: config.dataDir,
        siteUrl: config.siteUrl,
        db: db.kysely,
        now: Date.now,
      });
      if (built) log.info({ kind: built.kind, pages: built.pages, ms: built.ms }, 'pages built');
    }
    app = await buildApp({ config, db, redis, serveSite, siteRoot: root });
  } catch (error) {
    await db.close();
    redis?.disconnect();
    throw error;
  }
  let purge: NodeJS.Timeout | undefined;
  app.addHook('onClose', async () => {
    clearInterval(purge);
    await db.close();
    redis?.disconnect();
  });
  try {
    await app.listen({ host: config.host, port: config.port });
    purge = setInterval(() => {
      app.ctx.sessions
        .purgeEnded()
        .catch((error: unknown) => app.log.warn({ err: error }, 'session purge failed'));
    }, 3_600_000);
    purge.unref();
    // What the migrations, the first build and loading the site allocated.
    releaseMemorySoon();
  } catch (error) {
    await app.close();
    throw error;
  }

  let closing = false;
  const stop = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  return app;
}
