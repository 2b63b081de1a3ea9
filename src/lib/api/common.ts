/**
 * Calls of the common domain (/api/common) the sign-in pages use: the image captcha and the
 * visitor's approximate location. One typed function per endpoint, resolving the envelope's `data`.
 */
import type { ImageCaptcha } from '@/server/captcha/captcha.schema.ts';
import type { IpLocation } from '@/server/location/location.schema.ts';
import { request } from '../http.ts';

export type { ImageCaptcha, IpLocation };

/** GET /api/common/captcha/image — a new image captcha (5 minutes, used up by the first attempt). */
export function getImageCaptcha(): Promise<ImageCaptcha> {
  return request<ImageCaptcha>('get', 'common/captcha/image');
}

/** GET /api/common/ip-location — where the visitor's IP is; rejects with code 0 when not configured. */
export function getIpLocation(): Promise<IpLocation> {
  return request<IpLocation>('get', 'common/ip-location');
}
