/** GET /api/common/qrcode: a QR code for sharing a link, as a PNG data URL. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../common/envelope.ts';
import { Envelope, ErrorEnvelope } from '../common/envelope.schema.ts';
import { rateLimited } from '../common/rate-limit.ts';
import { QrcodeQuerySchema } from './qrcode.schema.ts';
import { qrcodeDataUrl } from './qrcode.service.ts';

export const qrcodeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/qrcode',
    {
      onRequest: rateLimited(app, 'qrcode', { max: 60, windowMs: 60_000 }),
      schema: {
        tags: ['common'],
        summary: 'A 300×300 PNG QR code (error correction H) of the text, as a data URL',
        querystring: QrcodeQuerySchema,
        response: {
          200: Envelope(Type.String({ description: 'data:image/png;base64,…' })),
          400: ErrorEnvelope,
          429: ErrorEnvelope,
        },
      },
    },
    async (request) => ok(await qrcodeDataUrl(request.query.data)),
  );
};
