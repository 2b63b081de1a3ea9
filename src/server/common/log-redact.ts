/**
 * The request as the log shows it, without secrets a URL can carry: the proxy client link's
 * token (`/api/proxy/agg/<secret>`, `?token=<secret>`) and the text of a QR code (which may be
 * that link) are written as `[secret]`.
 */
import type { FastifyRequest } from 'fastify';

export function redactUrl(url: string): string {
  return url
    .replace(/(\/api\/proxy\/agg\/)[^/?#]+/i, '$1[secret]')
    .replace(/([?&]token=)[^&#]*/gi, '$1[secret]')
    .replace(/^(\/api\/common\/qrcode\?(?:[^#]*&)?data=)[^&#]*/i, '$1[secret]');
}

export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket.remotePort,
  };
}
