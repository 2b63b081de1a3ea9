/**
 * /api/proxy/agg: the client link a token opens, for proxy clients and browsers — no sign-in;
 * the secret is the credential. Rate limited per address.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { rateLimited } from '../common/rate-limit.ts';
import { ErrorEnvelope } from '../common/envelope.schema.ts';
import { AppError } from '../common/app-error.ts';
import { serveLink } from './agg.service.ts';
import { AggParamsSchema, AggQuerySchema, AggTargetQuerySchema } from './token.schema.ts';

const tags = ['proxy'];
const response = {
  200: Type.String({
    description:
      'base64 share links (v2ray), a mihomo config (clash), a sing-box profile (sing-box), or an HTML page for a browser',
  }),
  400: ErrorEnvelope,
  404: ErrorEnvelope,
  429: ErrorEnvelope,
};

export const aggRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const limit = rateLimited(app, 'proxy-link', {
    max: app.ctx.config.proxy.linkRatePerMinute,
    windowMs: 60_000,
  });

  async function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    secret: string | undefined,
    target: string | undefined,
  ) {
    if (!secret) throw AppError.notFound('订阅链接无效 / No such subscription link');
    const output = await serveLink(app.ctx, {
      secret,
      target,
      userAgent: request.headers['user-agent'],
      accept: request.headers.accept,
      acceptLanguage: request.headers['accept-language'],
      ip: request.ip,
    });
    // A private link: no shared cache may keep it.
    void reply.headers({
      ...output.headers,
      'cache-control': 'private, no-store',
      vary: 'accept-encoding, user-agent, accept, accept-language',
    });
    if (output.gzipped && /\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) {
      return reply.header('content-encoding', 'gzip').send(output.gzipped);
    }
    return reply.send(output.body);
  }

  app.get(
    '/agg',
    {
      onRequest: limit,
      schema: {
        tags,
        summary: "A token's nodes for a client: ?token=<secret>&target=v2ray|clash|sing-box",
        querystring: AggQuerySchema,
        response,
      },
    },
    async (request, reply) => answer(request, reply, request.query.token, request.query.target),
  );

  app.get(
    '/agg/:token',
    {
      onRequest: limit,
      schema: {
        tags,
        summary: "A token's nodes for a client: /agg/<secret>?target=v2ray|clash|sing-box",
        params: AggParamsSchema,
        querystring: AggTargetQuerySchema,
        response,
      },
    },
    async (request, reply) => answer(request, reply, request.params.token, request.query.target),
  );
};
