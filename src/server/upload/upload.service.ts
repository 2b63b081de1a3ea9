/**
 * Uploads: one-time upload tokens (10 minutes, bound to the user who asked and to what the file
 * is for), the image pipelines, the storage, and for avatars a record of who uploaded each key so
 * that only they can use it. Article images are usable by their URL as soon as they are stored.
 */
import { randomBytes } from 'node:crypto';
import type { AppContext } from '../context.ts';
import { toArticleWebp } from './article-image.ts';
import { toAvatarWebp } from './avatar-image.ts';
import { storageFor } from './storage.ts';
import {
  MAX_ARTICLE_IMAGE_BYTES,
  MAX_UPLOAD_BYTES,
  type UploadKind,
  type UploadTicket,
} from './upload.schema.ts';

export const UPLOAD_TOKEN_TTL_MS = 10 * 60_000;
/** How long an uploaded avatar can be claimed by its uploader (PATCH /api/user/info/avatar). */
export const UPLOAD_CLAIM_TTL_MS = 24 * 3_600_000;
export const FETCH_TIMEOUT_MS = 10_000;

type UploadContext = Pick<AppContext, 'config' | 'kv'>;

const tokenKey = (token: string) => `upload:token:${token}`;
const ownerKey = (key: string) => `upload:owner:${key}`;

/** The largest file of each kind of upload. */
export const MAX_BYTES: Readonly<Record<UploadKind, number>> = {
  avatar: MAX_UPLOAD_BYTES,
  article: MAX_ARTICLE_IMAGE_BYTES,
};

/** Where a stored file of each kind is served (the folder of `/uploads/<folder>/<key>`). */
export function uploadedFileUrl(kind: UploadKind, key: string): string {
  return `/uploads/${kind}/${key}`;
}

/** Who may upload, and what. */
export interface UploadGrant {
  readonly userId: string;
  readonly kind: UploadKind;
}

export async function issueUploadTicket(
  ctx: UploadContext,
  userId: string,
  kind: UploadKind = 'avatar',
): Promise<UploadTicket> {
  const token = randomBytes(32).toString('base64url');
  const grant: UploadGrant = { userId, kind };
  await ctx.kv.set(tokenKey(token), JSON.stringify(grant), UPLOAD_TOKEN_TTL_MS);
  return { uploadUrl: `/api/common/upload/${token}`, token, maxBytes: MAX_BYTES[kind] };
}

/** Whom an upload token was issued to and for what; the token is used up. Null when unknown or used. */
export async function takeUploadToken(
  ctx: UploadContext,
  token: string,
): Promise<UploadGrant | null> {
  const stored = await ctx.kv.take(tokenKey(token));
  if (stored === null) return null;
  try {
    const grant = JSON.parse(stored) as Partial<UploadGrant>;
    if (typeof grant.userId === 'string' && (grant.kind === 'avatar' || grant.kind === 'article')) {
      return { userId: grant.userId, kind: grant.kind };
    }
  } catch {
    // A token stored by an older version holds the bare user id: an avatar upload.
  }
  return { userId: stored, kind: 'avatar' };
}

/** Turns an image into an article picture and stores it; returns its key. Throws -400 for non-images. */
export async function storeArticleImage(ctx: UploadContext, image: Buffer): Promise<string> {
  const webp = await toArticleWebp(image);
  const key = `${randomBytes(16).toString('hex')}.webp`;
  await storageFor(ctx.config).put('article', key, webp, 'image/webp');
  return key;
}

export async function readArticleImage(ctx: UploadContext, key: string): Promise<Buffer | null> {
  return storageFor(ctx.config).get('article', key);
}

/** Turns an image into an avatar and stores it; returns its key. Throws -400 for non-images. */
export async function storeAvatar(ctx: UploadContext, image: Buffer): Promise<string> {
  const webp = await toAvatarWebp(image);
  const key = `${randomBytes(16).toString('hex')}.webp`;
  await storageFor(ctx.config).put('avatar', key, webp, 'image/webp');
  return key;
}

/** Stores an uploaded avatar for `userId`, who alone may then set it as their avatar. */
export async function storeUploadedAvatar(
  ctx: UploadContext,
  userId: string,
  image: Buffer,
): Promise<string> {
  const key = await storeAvatar(ctx, image);
  await ctx.kv.set(ownerKey(key), userId, UPLOAD_CLAIM_TTL_MS);
  return key;
}

/** Whether `userId` uploaded `key` (and has not used it yet); true uses the claim up. */
export async function claimUploadedAvatar(
  ctx: UploadContext,
  userId: string,
  key: string,
): Promise<boolean> {
  if ((await ctx.kv.get(ownerKey(key))) !== userId) return false;
  await ctx.kv.del(ownerKey(key));
  return true;
}

export async function readAvatar(ctx: UploadContext, key: string): Promise<Buffer | null> {
  return storageFor(ctx.config).get('avatar', key);
}

export async function removeAvatar(ctx: UploadContext, key: string): Promise<void> {
  await storageFor(ctx.config).remove('avatar', key);
}

/** The body, or null (and the download stopped) once it exceeds `maxBytes`. */
async function readCapped(response: Response, maxBytes: number): Promise<Buffer | null> {
  if (!response.body) return null;
  if (Number(response.headers.get('content-length')) > maxBytes) {
    await response.body.cancel();
    return null;
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  // Leaving the loop early cancels the stream.
  for await (const chunk of response.body) {
    total += chunk.byteLength;
    if (total > maxBytes) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * Fetches a picture (e.g. a GitHub avatar) and stores it through the avatar pipeline; returns the
 * key, or null when anything goes wrong (bad URL, timeout, too big, not an image). Never throws.
 */
export async function storeAvatarFromUrl(
  ctx: UploadContext,
  url: string,
  options: { timeoutMs?: number } = {},
): Promise<string | null> {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
    const signal = AbortSignal.timeout(options.timeoutMs ?? FETCH_TIMEOUT_MS);
    const response = await fetch(parsed, { signal, headers: { accept: 'image/*' } });
    if (!response.ok) {
      await response.body?.cancel();
      return null;
    }
    const image = await readCapped(response, MAX_UPLOAD_BYTES);
    return image ? await storeAvatar(ctx, image) : null;
  } catch {
    return null;
  }
}
