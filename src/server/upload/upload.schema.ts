/** Shapes of the upload endpoints; the islands import these types with `import type`. */
import { Type, type Static } from 'typebox';

/** An avatar key as the storage makes them: 32 hex digits and `.webp`. */
export const AVATAR_KEY_PATTERN = '^[0-9a-f]{32}\\.webp$';
/** An article image key: 32 hex digits and `.webp` (every accepted picture becomes WebP). */
export const ARTICLE_IMAGE_KEY_PATTERN = '^[0-9a-f]{32}\\.webp$';
/** The largest avatar upload. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** The largest article image upload. */
export const MAX_ARTICLE_IMAGE_BYTES = 10 * 1024 * 1024;

/** What an upload is for: a user's avatar, or an image in a blog article (article managers). */
export const UPLOAD_KINDS = ['avatar', 'article'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

export const UploadTicketQuerySchema = Type.Object(
  {
    kind: Type.Union([Type.Literal('avatar'), Type.Literal('article')], {
      default: 'avatar',
      description:
        'avatar (any signed-in user; cropped to a 256 px WebP square, at most 5 MB) or article ' +
        '(blog:article:manage; WebP at most 1600 px wide, at most 10 MB)',
    }),
  },
  { additionalProperties: false },
);
export type UploadTicketQuery = Static<typeof UploadTicketQuerySchema>;

/** What the browser needs to upload one file (GET /api/common/qiniu/upload). */
export const UploadTicketSchema = Type.Object(
  {
    uploadUrl: Type.String({
      description: 'POST the file here as multipart field `file`; works once, for 10 minutes',
    }),
    token: Type.String(),
    maxBytes: Type.Integer(),
  },
  { $id: 'UploadTicket', additionalProperties: false },
);
export type UploadTicket = Static<typeof UploadTicketSchema>;

export const UploadResultSchema = Type.Object(
  {
    key: Type.String({
      description: 'The stored file key (an avatar: PATCH /api/user/info/avatar with it)',
    }),
    url: Type.String({
      description: 'Where the file is served, below this site: /uploads/<avatar|article>/<key>',
    }),
  },
  { $id: 'UploadResult', additionalProperties: false },
);
export type UploadResult = Static<typeof UploadResultSchema>;

export const UploadTokenParamsSchema = Type.Object(
  { token: Type.String({ pattern: '^[A-Za-z0-9_-]{43}$' }) },
  { additionalProperties: false },
);

export const AvatarKeyParamsSchema = Type.Object(
  { key: Type.String({ pattern: AVATAR_KEY_PATTERN }) },
  { additionalProperties: false },
);

export const ArticleImageKeyParamsSchema = Type.Object(
  { key: Type.String({ pattern: ARTICLE_IMAGE_KEY_PATTERN }) },
  { additionalProperties: false },
);
