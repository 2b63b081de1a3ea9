/** The one image pipeline for avatars: any accepted picture → a centre-cropped 256 px WebP square. */
import { AppError } from '../common/app-error.ts';
import { loadSharp } from '../common/load-sharp.ts';

export const AVATAR_SIZE = 256;
export const ACCEPTED_FORMATS: readonly string[] = ['png', 'jpeg', 'webp', 'gif'];
/** Refuses decompression bombs: a 5 MB file may not unpack into more pixels than this. */
const MAX_INPUT_PIXELS = 40_000_000;

function unsupported(): AppError {
  return AppError.badRequest(
    'file: 仅支持 PNG、JPEG、WebP 或 GIF 图片 / must be a PNG, JPEG, WebP or GIF image',
  );
}

/** The avatar for an uploaded file; -400 when the bytes are not an accepted image. */
export async function toAvatarWebp(input: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    throw unsupported();
  }
  if (!format || !ACCEPTED_FORMATS.includes(format)) throw unsupported();
  try {
    return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate() // honour the EXIF orientation before cropping
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'centre' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    // Truncated or corrupt data that still had a readable header.
    throw unsupported();
  }
}
