/** Shapes of the upload endpoints; the islands import these types with `import type`. */
import { Type, type Static } from 'typebox';

/** An avatar key as the storage makes them: 32 hex digits and `.webp`. */
export const AVATAR_KEY_PATTERN = '^[0-9a-f]{32}\\.webp$';
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

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
  { key: Type.String({ description: 'The avatar key: PATCH /api/user/info/avatar with it' }) },
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
