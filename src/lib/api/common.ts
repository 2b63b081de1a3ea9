/**
 * Calls of the common domain (/api/common): the image captcha and the visitor's approximate
 * location (the sign-in pages), QR codes (sharing an article, a proxy client link). One typed function per endpoint, resolving the envelope's `data`.
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

/** GET /api/common/qrcode?data=… — a QR code of the text (an article's URL, a client link) as a PNG data URL. */
export function getQrCode(data: string): Promise<string> {
  return request<string>('get', 'common/qrcode', { searchParams: { data } });
}
