/** An app on a fresh database, with helpers to make users and sign them in. */
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { RoleName } from '../../src/lib/shared/permissions.ts';
import { loadConfig, type Config } from '../../src/server/config.ts';
import { buildApp } from '../../src/server/app.ts';
import type { DbDialect } from '../../src/server/db/index.ts';
import { createUser, type User } from '../../src/server/user/index.ts';
import { createTestDb, type TestDb } from './test-db.ts';

export interface TestApp {
  readonly app: FastifyInstance;
  readonly testDb: TestDb;
  readonly config: Config;
  /** Creates a user with the roles and returns it with a fresh session token. */
  signUp(options?: {
    username?: string;
    roles?: RoleName[];
  }): Promise<{ user: User; token: string }>;
  close(): Promise<void>;
}

let counter = 0;

export async function createTestApp(
  dialect: DbDialect,
  options: { now?: () => number; redis?: Redis | null; env?: Record<string, string> } = {},
): Promise<TestApp> {
  const testDb = await createTestDb(dialect);
  const config = loadConfig({ LOG_LEVEL: 'silent', ...options.env });
  const realTime = { db: testDb.db, now: Date.now };
  const app = await buildApp({
    config,
    db: testDb.db,
    redis: options.redis ?? null,
    now: options.now,
  });
  return {
    app,
    testDb,
    config,
    async signUp({ username, roles = [] } = {}) {
      counter += 1;
      // Users are made on the real clock, whatever clock the test gives the app.
      const user = await createUser(realTime, {
        username: username ?? `user${counter}_${Date.now().toString(36)}`,
        password: 'a long enough passphrase',
        roles,
      });
      const token = await app.ctx.sessions.create(user.id, {
        userAgent: 'vitest',
        ip: '127.0.0.1',
      });
      return { user, token };
    },
    async close() {
      await app.close();
      await testDb.cleanup();
    },
  };
}
