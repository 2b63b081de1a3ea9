import multipart from '@fastify/multipart';
import { rateLimited } from '../common/rate-limit.ts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Code } from '../../lib/shared/codes.ts';
import { hasAnyPermission, Permission } from '../../lib/shared/permissions.ts';
import { currentAuth, requireUser } from '../guard/index.ts';
import { AppError, Envelope, ErrorEnvelope, ok } from '../common/index.ts';
import {
  ArticleImageKeyParamsSchema,
  AvatarKeyParamsSchema,
  MAX_ARTICLE_IMAGE_BYTES,
  UploadResultSchema,
  UploadTicketQuerySchema,
  UploadTicketSchema,
  UploadTokenParamsSchema,
  type UploadKind,
} from './upload.schema.ts';
import {
  issueUploadTicket,
  MAX_BYTES,
  readArticleImage,
  readAvatar,
  storeArticleImage,
  storeUploadedAvatar,
  takeUploadToken,
  uploadedFileUrl,
} from './upload.service.ts';

const ARTICLE_MANAGE = Permission.BLOG_ARTICLE_MANAGE;
const NOT_STORED: Readonly<Record<UploadKind, string>> = {
  avatar: '头像不存在 / No such avatar',
  article: '图片不存在 / No such image',
};

const tooLarge = (maxBytes: number) => {
  const mb = maxBytes / 1024 / 1024;
  return `file: 文件不能超过 ${mb} MB / at most ${mb} MB`;
};

/** The one file of a multipart upload, read into memory within the size cap. */
async function readUploadedFile(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new AppError(
      Code.BAD_REQUEST,
      415,
      '请以 multipart/form-data 上传 / Send the file as multipart/form-data',
    );
  }
  const { RequestFileTooLargeError } = request.server.multipartErrors;
  try {
    const file = await request.file({ limits: { fileSize: maxBytes } });
    if (!file || file.fieldname !== 'file') {
      throw AppError.badRequest('file: 缺少文件字段 file / the multipart field `file` is missing');
    }
    return await file.toBuffer();
  } catch (error) {
    if (error instanceof RequestFileTooLargeError) {
      throw new AppError(Code.BAD_REQUEST, 413, tooLarge(maxBytes));
    }
    throw error;
  }
}

/** /api/common: upload tickets and the upload itself. */
export const uploadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(multipart, {
    limits: {
      // The largest kind; each upload reads its file within its own kind's cap.
      fileSize: MAX_ARTICLE_IMAGE_BYTES,
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
        summary:
          'Where and how to upload an avatar or (?kind=article, blog:article:manage) an article image: a one-time URL valid for 10 minutes',
        security: [{ bearer: [] }],
        querystring: UploadTicketQuerySchema,
        response: {
          200: Envelope(UploadTicketSchema),
          400: ErrorEnvelope,
          401: ErrorEnvelope,
          403: ErrorEnvelope,
        },
      },
    },
    async (request) => {
      const { user } = currentAuth(request);
      const { kind } = request.query;
      if (kind === 'article' && !hasAnyPermission(user.permissions, [ARTICLE_MANAGE])) {
        throw AppError.forbidden();
      }
      return ok(await issueUploadTicket(app.ctx, user.id, kind));
    },
  );

  app.post(
    '/upload/:token',
    {
      onRequest: rateLimited(app, 'upload', { max: 30, windowMs: 60_000 }),
      schema: {
        tags: ['common'],
        summary:
          'Uploads the file of a ticket (multipart field `file`: PNG, JPEG, WebP or GIF). An avatar (at most 5 MB) is cropped to a 256 px WebP square; an article image (at most 10 MB) becomes a WebP at most 1600 px wide, its aspect kept (animated GIFs stay animated). The answer gives its key and URL',
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
      const grant = await takeUploadToken(app.ctx, request.params.token);
      if (!grant) {
        throw AppError.notFound(
          '上传链接无效或已使用 / The upload link is unknown, used or expired',
        );
      }
      const image = await readUploadedFile(request, MAX_BYTES[grant.kind]);
      const key =
        grant.kind === 'article'
          ? await storeArticleImage(app.ctx, image)
          : await storeUploadedAvatar(app.ctx, grant.userId, image);
      return ok({ key, url: uploadedFileUrl(grant.kind, key) });
    },
  );
};

/**
 * GET /uploads/avatar/<key> and /uploads/article/<key>: the stored images, immutable (a new
 * picture always gets a new key).
 */
export const avatarFileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const serve =
    (kind: UploadKind, read: (key: string) => Promise<Buffer | null>) =>
    async (request: FastifyRequest<{ Params: { key: string } }>, reply: FastifyReply) => {
      const { key } = request.params;
      const etag = `"${key.slice(0, 32)}"`;
      const fresh = request.headers['if-none-match'] === etag;
      const image = fresh ? null : await read(key);
      if (!fresh && !image) throw AppError.notFound(NOT_STORED[kind]);
      reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        // Pages may show the images from another origin (an image host in front of this server).
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('etag', etag);
      if (fresh) return reply.status(304).send();
      return reply.type('image/webp').send(image);
    };

  app.get(
    '/uploads/avatar/:key',
    {
      schema: {
        tags: ['common'],
        summary: 'An avatar image (WebP), cacheable forever; -404 when there is none',
        params: AvatarKeyParamsSchema,
      },
    },
    serve('avatar', (key) => readAvatar(app.ctx, key)),
  );

  app.get(
    '/uploads/article/:key',
    {
      schema: {
        tags: ['common'],
        summary: 'An image of a blog article (WebP), cacheable forever; -404 when there is none',
        params: ArticleImageKeyParamsSchema,
      },
    },
    serve('article', (key) => readArticleImage(app.ctx, key)),
  );
};
