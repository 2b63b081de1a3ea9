/**
 * The image pipeline for pictures in blog articles: any accepted picture → WebP at most 1600 px
 * wide, aspect ratio kept, never enlarged, EXIF orientation applied and metadata (camera, GPS)
 * dropped. An animated GIF or WebP stays animated (every frame resized); a still GIF becomes a
 * still WebP.
 */
import type { Metadata } from 'sharp';
import { AppError } from '../common/app-error.ts';
import { ACCEPTED_FORMATS } from './avatar-image.ts';
import { loadSharp } from '../common/load-sharp.ts';

export const ARTICLE_IMAGE_MAX_WIDTH = 1600;
/**
 * Refuses decompression bombs: a 10 MB file may not unpack into more pixels than this (a 50 MP
 * photo fits; for an animation the limit counts every frame).
 */
const MAX_INPUT_PIXELS = 100_000_000;

function unsupported(): AppError {
  return AppError.badRequest(
    'file: 仅支持 PNG、JPEG、WebP 或 GIF 图片 / must be a PNG, JPEG, WebP or GIF image',
  );
}

/** The stored form of an uploaded article image; -400 when the bytes are not an accepted image. */
export async function toArticleWebp(input: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    metadata = await sharp(input, {
      limitInputPixels: MAX_INPUT_PIXELS,
      animated: true,
    }).metadata();
  } catch {
    throw unsupported();
  }
  if (!metadata.format || !ACCEPTED_FORMATS.includes(metadata.format)) throw unsupported();
  const animated = (metadata.pages ?? 1) > 1;
  try {
    let image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated });
    // EXIF orientation (photos); animations carry none.
    if (!animated) image = image.rotate();
    return await image
      .resize({ width: ARTICLE_IMAGE_MAX_WIDTH, withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    // Truncated or corrupt data that still had a readable header.
    throw unsupported();
  }
}
