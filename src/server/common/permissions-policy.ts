/**
 * The Permissions-Policy of every answer, pages and API alike: the powerful browser features the
 * site never uses are off for it and for anything it embeds; geolocation (the register form's
 * "nickname from where I am") and fullscreen stay for the site's own pages.
 */
import type { FastifyInstance } from 'fastify';

export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'fullscreen=(self)',
  'geolocation=(self)',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/** Adds the policy to every answer Fastify sends (the site's stored pages carry it already). */
export function permissionsPolicy(app: FastifyInstance): void {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
}
