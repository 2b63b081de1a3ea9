import multipart from '@fastify/multipart';
import { rateLimited } from '../common/rate-limit.ts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Code } from '../../lib/shared/codes.ts';
import { currentAuth, requireUser } from '../auth/auth.plugin.ts';
import { AppError, Envelope, ErrorEnvelope, ok } from '../common/index.ts';
import {
  AvatarKeyParamsSchema,
  MAX_UPLOAD_BYTES,
  UploadResultSchema,
  UploadTicketSchema,
  UploadTokenParamsSchema,
} from './upload.schema.ts';
import {
  issueUploadTicket,
  readAvatar,
  storeUploadedAvatar,
  takeUploadToken,
} from './upload.service.ts';

const MAX_MB = MAX_UPLOAD_BYTES / 1024 / 1024;
const TOO_LARGE = `file: 文件不能超过 ${MAX_MB} MB / at most ${MAX_MB} MB`;

/** The one file of a multipart upload, read into memory within the size cap. */
async function readUploadedFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new AppError(
      Code.BAD_REQUEST,
      415,
      '请以 multipart/form-data 上传 / Send the file as multipart/form-data',
    );
  }
  const { RequestFileTooLargeError } = request.server.multipartErrors;
  try {
    const file = await request.file();
    if (!file || file.fieldname !== 'file') {
      throw AppError.badRequest('file: 缺少文件字段 file / the multipart field `file` is missing');
    }
    return await file.toBuffer();
  } catch (error) {
    if (error instanceof RequestFileTooLargeError) {
      throw new AppError(Code.BAD_REQUEST, 413, TOO_LARGE);
    }
    throw error;
  }
}

/** /api/common: upload tickets and the upload itself. */
export const uploadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(multipart, {
    limits: {
      fileSize: MAX_UPLOAD_BYTES,
      files: 1,
      // A few form fields (e.g. a Qiniu-style `token`) are tolerated and ignored.
      fields: 5,
      fieldSize: 1024,
      parts: 6,
      fieldNameSize: 100,
      headerPairs: 50,
    },
  });

  app.get(
    '/qiniu/upload',
    {
      onRequest: [
        requireUser,
        rateLimited(app, 'upload-ticket', { max: 30, windowMs: 60_000, per: 'user' }),
      ],
      schema: {
        tags: ['common'],
        summary: 'Where and how to upload an avatar: a one-time URL valid for 10 minutes',
        security: [{ bearer: [] }],
        response: { 200: Envelope(UploadTicketSchema) },
      },
    },
    async (request) => ok(await issueUploadTicket(app.ctx, currentAuth(request).user.id)),
  );

  app.post(
    '/upload/:token',
    {
      onRequest: rateLimited(app, 'upload', { max: 30, windowMs: 60_000 }),
      schema: {
        tags: ['common'],
        summary:
          'Uploads an avatar (multipart field `file`: PNG, JPEG, WebP or GIF, at most 5 MB); it is cropped to a 256 px WebP square',
        consumes: ['multipart/form-data'],
        params: UploadTokenParamsSchema,
        response: {
          200: Envelope(UploadResultSchema),
          400: ErrorEnvelope,
          404: ErrorEnvelope,
          413: ErrorEnvelope,
          415: ErrorEnvelope,
        },
      },
    },
    async (request) => {
      const userId = await takeUploadToken(app.ctx, request.params.token);
      if (!userId) {
        throw AppError.notFound(
          '上传链接无效或已使用 / The upload link is unknown, used or expired',
        );
      }
      const image = await readUploadedFile(request);
      return ok({ key: await storeUploadedAvatar(app.ctx, userId, image) });
    },
  );
};

/** GET /uploads/avatar/<key>: the stored avatars, immutable (a new picture gets a new key). */
export const avatarFileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/uploads/avatar/:key',
    {
      schema: {
        tags: ['common'],
        summary: 'An avatar image (WebP), cacheable forever; -404 when there is none',
        params: AvatarKeyParamsSchema,
      },
    },
    async (request, reply) => {
      const { key } = request.params;
      const etag = `"${key.slice(0, 32)}"`;
      const fresh = request.headers['if-none-match'] === etag;
      const image = fresh ? null : await readAvatar(app.ctx, key);
      if (!fresh && !image) throw AppError.notFound('头像不存在 / No such avatar');
      reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        // Pages may show avatars from another origin (an image host in front of this server).
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('etag', etag);
      if (fresh) return reply.status(304).send();
      return reply.type('image/webp').send(image);
    },
  );
};
