/** /api/contact: the contact form (captcha, rate limited) and the owner's inbox. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ROLE_SUPER_ADMIN } from '../../lib/shared/permissions.ts';
import { requirePermission } from '../guard/index.ts';
import { ok } from '../common/envelope.ts';
import { Envelope, ErrorEnvelope } from '../common/envelope.schema.ts';
import { rateLimited } from '../common/rate-limit.ts';
import {
  ContactBodySchema,
  ContactIdParamsSchema,
  ContactListQuerySchema,
  ContactMessageSchema,
  ContactPageSchema,
  ContactSentSchema,
} from './contact.schema.ts';
import { listMessages, markRead, sendContactMessage } from './contact.service.ts';

const security = [{ bearer: [] }];
const tags = ['contact'];

export const contactRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/email',
    {
      onRequest: rateLimited(app, 'contact', { max: 5, windowMs: 3_600_000 }),
      schema: {
        tags,
        summary: 'Writes to the site owner (image captcha); stored first, then mailed',
        body: ContactBodySchema,
        response: {
          200: Envelope(ContactSentSchema),
          400: ErrorEnvelope,
          429: ErrorEnvelope,
        },
      },
    },
    async (request) => {
      const sent = await sendContactMessage(app.ctx, {
        body: request.body,
        ip: request.ip,
        userId: request.auth?.user.id ?? null,
      });
      void app.ctx.mailQueue.kick();
      return ok(sent);
    },
  );

  app.get(
    '/messages',
    {
      onRequest: requirePermission(ROLE_SUPER_ADMIN),
      schema: {
        tags,
        summary: 'The messages received, newest first, with the state of their mail',
        security,
        querystring: ContactListQuerySchema,
        response: {
          200: Envelope(ContactPageSchema),
          400: ErrorEnvelope,
          401: ErrorEnvelope,
          403: ErrorEnvelope,
        },
      },
    },
    async (request) => ok(await listMessages(app.ctx, request.query)),
  );

  app.post(
    '/messages/:id/read',
    {
      onRequest: requirePermission(ROLE_SUPER_ADMIN),
      schema: {
        tags,
        summary: 'Marks a message read',
        security,
        params: ContactIdParamsSchema,
        response: {
          200: Envelope(ContactMessageSchema),
          401: ErrorEnvelope,
          403: ErrorEnvelope,
          404: ErrorEnvelope,
        },
      },
    },
    async (request) => ok(await markRead(app.ctx, request.params.id)),
  );
};
