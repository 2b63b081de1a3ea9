import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../common/envelope.ts';
import { Envelope } from '../common/envelope.schema.ts';
import { UserSchema } from '../user/user.schema.ts';
import { clientOf } from './account.routes.ts';
import { currentAuth, requireUser } from '../guard/index.ts';
import {
  Failure,
  GithubAuthorizeQuerySchema,
  GithubAuthorizeSchema,
  GithubCallbackQuerySchema,
  GithubSignInResultSchema,
  RetryAfterSchema,
} from './auth.schema.ts';
import { githubAuthorize, githubCallback, unlinkGithub } from './github.service.ts';
import { authRateLimit } from './rate-limits.ts';

const tags = ['auth'];
const security = [{ bearer: [] }];

/** GitHub sign-in, linking and unlinking. */
export const githubRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/oauth2/github/authorize',
    {
      preHandler: authRateLimit(app, 'githubAuthorize'),
      schema: {
        tags,
        summary: 'The GitHub URL to send the browser to (state and PKCE kept for 10 minutes)',
        description: 'mode=link needs a signed-in user, whom the state remembers.',
        querystring: GithubAuthorizeQuerySchema,
        response: {
          200: Envelope(GithubAuthorizeSchema),
          400: Failure(),
          401: Failure(),
          409: Failure(),
          429: Failure(RetryAfterSchema),
        },
      },
    },
    async (request) => {
      const url = await githubAuthorize(app.ctx, request.query.mode, request.auth);
      return ok({ url });
    },
  );

  app.get(
    '/oauth2/github',
    {
      preHandler: authRateLimit(app, 'githubCallback'),
      schema: {
        tags,
        summary: "Finishes GitHub's redirect: signs in (or creates) an account, or links GitHub",
        description:
          'Sign-in: the account linked to the GitHub id, else the one whose email is the verified primary email of GitHub (linked now), else a new account. Link mode: token null, linked true; refused when the GitHub account is linked to someone else. Unknown or used state: -401.',
        querystring: GithubCallbackQuerySchema,
        response: {
          200: Envelope(GithubSignInResultSchema),
          400: Failure(),
          401: Failure(),
          403: Failure(),
          409: Failure(),
          429: Failure(RetryAfterSchema),
          502: Failure(),
        },
      },
    },
    async (request) =>
      ok(await githubCallback(app.ctx, request.query, request.auth, clientOf(request))),
  );

  app.delete(
    '/oauth2/github',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Unlinks GitHub from the signed-in user (only while the account has a password)',
        security,
        response: { 200: Envelope(UserSchema), 401: Failure(), 409: Failure() },
      },
    },
    async (request) => ok(await unlinkGithub(app.ctx, currentAuth(request).user.id)),
  );
};
