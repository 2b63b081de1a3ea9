/**
 * What every route can reach through `app.ctx`: configuration, the clock, and the app's services.
 * A service function takes `Pick<AppContext, …>` of what it uses (docs/architecture.md).
 */
import type { Redis } from 'ioredis';
import type { SessionService } from './auth/session.service.ts';
import type { Presence } from './auth/presence.ts';
import type { BlogService } from './blog/article.service.ts';
import type { Rebuilder } from './pages/rebuild-queue.ts';
import type { CaptchaService } from './captcha/captcha.service.ts';
import type { Kv } from './kv/kv.ts';
import type { Mailer } from './mail/mailer.ts';
import type { MailQueue } from './mail/mail-queue.worker.ts';
import type { Config } from './config.ts';
import type { Db } from './db/connect.ts';
import type { Hub } from './events/hub.ts';
import type { ProxyService } from './proxy/proxy.service.ts';

export interface AppContext {
  readonly config: Config;
  readonly db: Db;
  readonly redis: Redis | null;
  /** The app's clock in epoch milliseconds (Date.now; tests pass a fake one). */
  readonly now: () => number;
  readonly sessions: SessionService;
  readonly presence: Presence;
  readonly hub: Hub;
  /** Short-lived keys: captchas, codes, throttling (memory, or Redis when configured). */
  readonly kv: Kv;
  readonly mailer: Mailer;
  /** This instance's worker of the mail queue; `kick()` after enqueueing sends at once. */
  readonly mailQueue: MailQueue;
  readonly captcha: CaptchaService;
  /** The blog's cached lists and buffered views (one per instance). */
  readonly blog: BlogService;
  /** The page rebuild after content changes; null when this instance does not serve the pages. */
  readonly rebuilder: Rebuilder | null;
  /** The proxy area's cached client outputs (one per instance). */
  readonly proxy: ProxyService;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
