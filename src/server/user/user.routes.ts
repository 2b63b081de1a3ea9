import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { currentAuth, requireUser } from '../auth/auth.plugin.ts';
import { ok } from '../common/envelope.ts';
import { Envelope } from '../common/envelope.schema.ts';
import { UserSchema } from './user.schema.ts';

export const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/info/private',
    {
      preHandler: requireUser,
      schema: {
        tags: ['user'],
        summary: 'The signed-in user',
        security: [{ bearer: [] }],
        response: { 200: Envelope(UserSchema) },
      },
    },
    async (request) => ok(currentAuth(request).user),
  );
};
