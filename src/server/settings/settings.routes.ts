import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, ok } from '../common/index.ts';
import { SiteSettingsSchema } from './settings.schema.ts';
import { siteSettings } from './settings.service.ts';

/** /api/common/settings */
export const settingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/settings',
    {
      schema: {
        tags: ['common'],
        summary:
          'What the sign-in pages may offer on this site (e.g. whether GitHub sign-in is set up)',
        response: { 200: Envelope(SiteSettingsSchema) },
      },
    },
    async () => ok(siteSettings(app.ctx)),
  );
};
