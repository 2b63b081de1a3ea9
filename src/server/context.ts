/** What every route can reach through `app.ctx`: configuration and the app's services. */
import type { Redis } from 'ioredis';
import type { SessionService } from './auth/session.service.ts';
import type { Presence } from './auth/presence.ts';
import type { CaptchaService } from './captcha/captcha.service.ts';
import type { Kv } from './kv/kv.ts';
import type { Mailer } from './mail/mailer.ts';
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
  /** Short-lived keys: captchas, codes, throttling (memory, or Redis when configured). */
  readonly kv: Kv;
  readonly mailer: Mailer;
  readonly captcha: CaptchaService;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
