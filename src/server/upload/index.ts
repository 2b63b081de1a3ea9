export {
  claimUploadedAvatar,
  removeAvatar,
  storeAvatarFromUrl,
  UPLOAD_TOKEN_TTL_MS,
} from './upload.service.ts';
export { diskStorage, storageFor, type Folder, type Storage } from './storage.ts';
export {
  ARTICLE_IMAGE_KEY_PATTERN,
  AVATAR_KEY_PATTERN,
  MAX_ARTICLE_IMAGE_BYTES,
  MAX_UPLOAD_BYTES,
  UploadResultSchema,
  UploadTicketSchema,
  type UploadResult,
  type UploadTicket,
} from './upload.schema.ts';
