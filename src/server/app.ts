/**
 * The whole application as one Fastify instance, not listening (style.md points 6–7): first the
 * infrastructure, then cross-cutting app plugins, then each domain under /api/<domain>, then the
 * built site for everything else.
 */
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { accountRoutes } from './auth/account.routes.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { githubRoutes } from './auth/github.routes.ts';
import { SessionService, memoryPresence, redisPresence } from './auth/index.ts';
import { articleRoutes } from './blog/article.routes.ts';
import { commentRoutes } from './blog/comment.routes.ts';
import { feedRoutes } from './blog/feed.routes.ts';
import { BlogService, articleExists } from './blog/index.ts';
import { taxonomyRoutes } from './blog/taxonomy.routes.ts';
import { captchaRoutes } from './captcha/captcha.routes.ts';
import { CaptchaService } from './captcha/index.ts';
import {
  clientErrorHandler,
  errorHandler,
  frameworkErrors,
  guardInput,
  notFoundHandler,
  permissionsPolicy,
  rateLimited,
  refuseWhileClosing,
  trackRoutes,
} from './common/index.ts';
import type { Config } from './config.ts';
import { requestForLog } from './common/log-redact.ts';
import { contactRoutes } from './contact/contact.routes.ts';
import type { AppContext } from './context.ts';
import type { Db } from './db/index.ts';
import { pageBuildRoutes } from './pages/page-build.routes.ts';
import { pageRebuild } from './pages/page-rebuild.ts';
import { openapiPlugin } from './docs/openapi.plugin.ts';
import { memoryHub, redisHub } from './events/index.ts';
import { guardPlugin } from './guard/index.ts';
import { healthRoutes } from './health/health.routes.ts';
import { memoryKv, redisKv } from './kv/index.ts';
import { locationRoutes } from './location/location.routes.ts';
import { MailQueue, createMailer } from './mail/index.ts';
import { aggRoutes } from './proxy/agg.routes.ts';
import { ProxyService, SubscriptionSchedule } from './proxy/index.ts';
import { nodeRoutes } from './proxy/node.routes.ts';
import { subscriptionRoutes } from './proxy/subscription.routes.ts';
import { tokenRoutes } from './proxy/token.routes.ts';
import { qrcodeRoutes } from './qrcode/qrcode.routes.ts';
import { settingsRoutes } from './settings/settings.routes.ts';
import { avatarFileRoutes, uploadRoutes } from './upload/upload.routes.ts';
import { userManageRoutes } from './user-manage/user-manage.routes.ts';
import { userRoutes } from './user/user.routes.ts';
import { wsRoutes } from './ws/ws.routes.ts';

export interface AppOptions {
  readonly config: Config;
  readonly db: Db;
  readonly redis?: Redis | null;
  /** Serve the built site from `config.distDir` (off in API-only tests), rebuilt on changes. */
  readonly serveSite?: boolean;
  /** The project the pages are built from (default: this checkout). */
  readonly siteRoot?: string;
  readonly rebuildDebounceMs?: number;
  readonly now?: () => number;
  /** Sync the proxy subscriptions that are due, every minute (default on; tests call it). */
  readonly syncSubscriptions?: boolean;
}

/** The content security policy of API answers and the API reference; pages carry their own. */
const API_CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  frameAncestors: ["'none'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
};

/** The checkout this file is in: where `npm start` builds the pages from. */
const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const redis = options.redis ?? null;
  const app = Fastify({
    logger: { level: config.logLevel, serializers: { req: requestForLog } },
    genReqId: () => randomUUID(),
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimit,
    // Requests the router or Node's parser refuse, and those during shutdown, still answer the
    // envelope (src/server/common/framework-errors.ts).
    return503OnClosing: false,
    frameworkErrors,
    clientErrorHandler,
    // Loading the site compresses every page (brotli and gzip): minutes for thousands of articles,
    // far past Fastify's 10 s default for a plugin.
    pluginTimeout: 0,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', allErrors: true } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  const now = options.now ?? Date.now;
  // What the services below are made from; each takes the part it uses.
  const base = {
    config,
    db,
    redis,
    now,
    kv: redis ? redisKv(redis) : memoryKv(now),
    mailer: createMailer(config, app.log),
    hub: redis ? redisHub(redis) : memoryHub(),
  };
  const rebuild = options.serveSite
    ? await pageRebuild(base, {
        root: options.siteRoot ?? PROJECT_ROOT,
        debounceMs: options.rebuildDebounceMs ?? 500,
        // The site plugin, registered below, decorates `site` before any build can run.
        site: () => app.site,
        log: app.log,
      })
    : null;
  const ctx: AppContext = {
    ...base,
    presence: redis ? redisPresence(redis) : memoryPresence(now),
    sessions: new SessionService(base, {
      idleDays: config.sessionIdleDays,
      maxDays: config.sessionMaxDays,
      refreshGraceSeconds: config.refreshGraceSeconds,
    }),
    captcha: new CaptchaService(base),
    mailQueue: new MailQueue(base, app.log),
    blog: new BlogService(base, (error) =>
      app.log.error({ err: error }, 'blog views flush failed'),
    ),
    rebuilder: rebuild?.rebuilder ?? null,
    proxy: new ProxyService(base, (error) =>
      app.log.error({ err: error }, 'proxy link uses not written'),
    ),
  };
  app.decorate('ctx', ctx);
  app.addHook('onClose', async () => ctx.hub.close());
  ctx.blog.start();
  app.addHook('onClose', async () => ctx.blog.close());
  app.addHook('onReady', async () => ctx.mailQueue.start());
  app.addHook('onClose', async () => ctx.mailQueue.stop());
  ctx.proxy.start();
  app.addHook('onClose', async () => ctx.proxy.close());
  if (options.syncSubscriptions ?? true) {
    const schedule = new SubscriptionSchedule(ctx, (error) =>
      app.log.error({ err: error }, 'subscription sync failed'),
    );
    app.addHook('onReady', async () => schedule.start());
    app.addHook('onClose', async () => schedule.stop());
  }
  if (rebuild) {
    app.addHook('onReady', async () => rebuild.start());
    app.addHook('onClose', async () => rebuild.close());
  }

  const allowedMethods = trackRoutes(app);
  app.setErrorHandler(errorHandler);
  refuseWhileClosing(app);
  app.addHook('preHandler', guardInput);
  // An empty body with a JSON content type (e.g. logout) is no body, not an error.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    parseJson(request, body.toString(), done);
  });

  // Infrastructure.
  await app.register(helmet, {
    contentSecurityPolicy: { directives: API_CSP },
    // The client reads document.referrer to remember where a visitor came from before /auth.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  permissionsPolicy(app);
  await app.register(rateLimit, { global: false, ...(redis ? { redis } : {}) });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await app.register(openapiPlugin);

  // Cross-cutting.
  await app.register(guardPlugin);

  // Domains: every routes file, under its prefix.
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(captchaRoutes, { prefix: '/api/common/captcha' });
  await app.register(accountRoutes, { prefix: '/api/user/auth' });
  await app.register(githubRoutes, { prefix: '/api/user/auth' });
  await app.register(authRoutes, { prefix: '/api/user/auth' });
  await app.register(userRoutes, { prefix: '/api/user' });
  await app.register(userManageRoutes, { prefix: '/api/user/manage' });
  await app.register(articleRoutes, { prefix: '/api/blog' });
  await app.register(taxonomyRoutes('category'), { prefix: '/api/blog' });
  await app.register(taxonomyRoutes('tag'), { prefix: '/api/blog' });
  await app.register(feedRoutes, { prefix: '/api/blog' });
  await app.register(commentRoutes, { prefix: '/api/blog' });
  await app.register(pageBuildRoutes, { prefix: '/api/blog' });
  await app.register(contactRoutes, { prefix: '/api/contact' });
  await app.register(uploadRoutes, { prefix: '/api/common' });
  await app.register(locationRoutes, { prefix: '/api/common' });
  await app.register(qrcodeRoutes, { prefix: '/api/common' });
  await app.register(settingsRoutes, { prefix: '/api/common' });
  await app.register(avatarFileRoutes);
  await app.register(nodeRoutes, { prefix: '/api/proxy' });
  await app.register(subscriptionRoutes, { prefix: '/api/proxy' });
  await app.register(tokenRoutes, { prefix: '/api/proxy' });
  await app.register(aggRoutes, { prefix: '/api/proxy' });
  await app.register(wsRoutes, { prefix: '/api' });

  app.setNotFoundHandler(
    { preHandler: rateLimited(app, 'not-found', { max: 120, windowMs: 60_000 }) },
    notFoundHandler(allowedMethods),
  );
  if (options.serveSite) {
    const { sitePlugin } = await import('./site/site.plugin.ts');
    await app.register(sitePlugin, {
      distDir: config.distDir,
      // An article the pages do not hold yet gets the article shell only if it exists: no soft 404.
      idExists: { '/blog/:id': (id) => articleExists(db.kysely, id) },
    });
  }
  return app;
}
