import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../common/envelope.ts';
import { Envelope } from '../common/envelope.schema.ts';
import { rateLimited } from '../common/rate-limit.ts';
import { localeOf } from '../mail/index.ts';
import { EmailSchema, ImageCaptchaSchema } from './captcha.schema.ts';

export const captchaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/image',
    {
      preHandler: rateLimited(app, 'captcha-image', { max: 30, windowMs: 60_000 }),
      schema: {
        tags: ['common'],
        summary: 'A new image captcha: valid 5 minutes, used up by the first attempt',
        response: { 200: Envelope(ImageCaptchaSchema) },
      },
    },
    async () => ok(await app.ctx.captcha.image()),
  );

  app.post(
    '/email',
    {
      schema: {
        tags: ['common'],
        summary: 'Mails a 6-digit code (10 minutes, single use; one per address per minute)',
        body: Type.Object({ email: EmailSchema }, { additionalProperties: false }),
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (request) => {
      const locale = localeOf(request.headers['accept-language']);
      await app.ctx.captcha.sendEmailCode(request.body.email, request.ip, locale);
      return ok(null);
    },
  );
};
