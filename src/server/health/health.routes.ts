import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { Type } from 'typebox';
import { Code } from '../../lib/shared/codes.ts';
import { fail, ok } from '../common/envelope.ts';
import { Envelope } from '../common/envelope.schema.ts';
import { writeSiteState } from '../db/site-state.ts';

const Check = Type.Object({ ok: Type.Boolean(), latencyMs: Type.Number() });
const Health = Type.Object({
  database: Type.Object({
    ok: Type.Boolean(),
    latencyMs: Type.Number(),
    dialect: Type.String(),
    writable: Type.Boolean({ description: 'Whether a write commits (false on a full disk)' }),
  }),
  redis: Type.Union([Check, Type.Null()]),
  uptimeSeconds: Type.Number(),
});

async function timed(check: () => Promise<unknown>) {
  const start = performance.now();
  try {
    await check();
    return { ok: true, latencyMs: Math.round((performance.now() - start) * 100) / 100 };
  } catch {
    return { ok: false, latencyMs: Math.round((performance.now() - start) * 100) / 100 };
  }
}

export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['common'],
        summary: 'Whether the database (and Redis, when configured) answer',
        response: { 200: Envelope(Health), 503: Envelope(Health) },
      },
    },
    async (_request, reply) => {
      const { db, redis } = app.ctx;
      const read = await timed(() => sql`select 1`.execute(db.kysely));
      // A full disk or a read-only file lets reads through while every write fails: only a
      // committed write tells.
      const write = read.ok
        ? await timed(() =>
            writeSiteState(db.kysely, 'health-probe', 'ok', new Date().toISOString()),
          )
        : read;
      const database = {
        ...read,
        ok: read.ok && write.ok,
        dialect: db.dialect,
        writable: write.ok,
      };
      const redisCheck = redis ? await timed(() => redis.ping()) : null;
      const data = { database, redis: redisCheck, uptimeSeconds: Math.round(process.uptime()) };
      if (database.ok && (redisCheck?.ok ?? true)) return ok(data);
      return reply
        .status(503)
        .send({ ...fail(Code.REFUSED, '依赖服务不可用 / A dependency is down'), data });
    },
  );
};
