/** What every route can reach through `app.ctx`: configuration and the app's services. */
import type { Redis } from 'ioredis';
import type { SessionService } from './auth/session.service.ts';
import type { Presence } from './auth/presence.ts';
import type { Config } from './config.ts';
import type { Db } from './db/connect.ts';
import type { Hub } from './ws/hub.ts';

export interface AppContext {
  readonly config: Config;
  readonly db: Db;
  readonly redis: Redis | null;
  readonly sessions: SessionService;
  readonly presence: Presence;
  readonly hub: Hub;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
