/**
 * Starts the server: migrate, seed, create the owner, listen. SIGTERM/SIGINT stop accepting,
 * finish in-flight requests, close the database and exit 0.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { seedRolesAndPermissions } from './auth/index.ts';
import { seedDemoContent } from './blog/index.ts';
import type { Config } from './config.ts';
import { connectDb, migrateToLatest } from './db/index.ts';
import { connectRedis } from './redis/index.ts';
import { ensureOwner } from './user/index.ts';

export async function startServer(
  config: Config,
  { serveSite = true } = {},
): Promise<FastifyInstance> {
  const db = connectDb(config);
  const redis = config.redisUrl ? connectRedis(config.redisUrl) : null;
  const app = await buildApp({ config, db, redis, serveSite });
  let purge: NodeJS.Timeout | undefined;
  app.addHook('onClose', async () => {
    clearInterval(purge);
    await db.close();
    redis?.disconnect();
  });
  try {
    const applied = await migrateToLatest(db.kysely);
    if (applied.length > 0) app.log.info({ applied }, 'migrations applied');
    await seedRolesAndPermissions(db.kysely);
    await ensureOwner(db.kysely, config, app.log);
    const demo = await seedDemoContent(db.kysely);
    if (demo > 0) app.log.info({ articles: demo }, 'first-run demo articles created');
    await app.listen({ host: config.host, port: config.port });
    purge = setInterval(() => {
      app.ctx.sessions
        .purgeEnded()
        .catch((error: unknown) => app.log.warn({ err: error }, 'session purge failed'));
    }, 3_600_000);
    purge.unref();
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
