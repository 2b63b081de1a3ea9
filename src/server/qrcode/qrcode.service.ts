/** QR codes for sharing: a 300 px PNG with a 3-module margin and error correction H. */
import QRCode from 'qrcode';
import { AppError } from '../common/app-error.ts';

export const QR_SIZE = 300;

/** A `data:image/png;base64,…` URL; -400 when the text does not fit in a QR code. */
export async function qrcodeDataUrl(data: string): Promise<string> {
  try {
    return await QRCode.toDataURL(data, {
      errorCorrectionLevel: 'H',
      margin: 3,
      width: QR_SIZE,
      type: 'image/png',
    });
  } catch {
    // The only failure for a string of bounded length is a text too long for the largest code.
    throw AppError.badRequest(
      'querystring/data: 内容太长，无法生成二维码 / too long for a QR code',
    );
  }
}
