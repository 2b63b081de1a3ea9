import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ok } from '../common/envelope.ts';
import { Envelope } from '../common/envelope.schema.ts';
import { localeOf } from '../mail/index.ts';
import { login, register, type Client } from './account.service.ts';
import {
  AuthResultSchema,
  CaptchaStateSchema,
  Failure,
  LoginBodySchema,
  RecoverCheckBodySchema,
  RecoverCompleteBodySchema,
  RecoverInitiateBodySchema,
  RecoveryCheckSchema,
  RegisterBodySchema,
  RetryAfterSchema,
} from './auth.schema.ts';
import { authRateLimit } from './rate-limits.ts';
import { checkRecovery, completeRecovery, initiateRecovery } from './recovery.service.ts';

export function clientOf(request: FastifyRequest): Client {
  return {
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? '',
    locale: localeOf(request.headers['accept-language']),
  };
}

const tags = ['auth'];
const TooMany = Failure(RetryAfterSchema);

/** Registration, password sign-in and password recovery. */
export const accountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/register',
    {
      preHandler: authRateLimit(app, 'register'),
      schema: {
        tags,
        summary: 'Creates an account and signs it in (image captcha checked first)',
        body: RegisterBodySchema,
        response: {
          200: Envelope(AuthResultSchema),
          400: Failure(),
          409: Failure(),
          429: TooMany,
        },
      },
    },
    async (request) => ok(await register(app.ctx, request.body, clientOf(request))),
  );

  app.post(
    '/login',
    {
      preHandler: authRateLimit(app, 'login'),
      schema: {
        tags,
        summary: 'Signs in with a username or email and a password',
        description:
          'One answer (code 0, HTTP 401) for an unknown account and a wrong password. After 3 failures for the account or the IP within 15 minutes an image captcha is required (-4 without one); from the 5th, -429 with a delay that doubles per failure up to 15 minutes.',
        body: LoginBodySchema,
        response: {
          200: Envelope(AuthResultSchema),
          400: Failure(CaptchaStateSchema),
          401: Failure(CaptchaStateSchema),
          403: Failure(),
          429: TooMany,
        },
      },
    },
    async (request) => ok(await login(app.ctx, request.body, clientOf(request))),
  );

  app.post(
    '/recover/initiate',
    {
      preHandler: authRateLimit(app, 'recoverInitiate'),
      schema: {
        tags,
        summary: 'Mails a recovery link (30 minutes, one use) if the address belongs to an account',
        description: 'The answer is the same whether or not the address is known.',
        body: RecoverInitiateBodySchema,
        response: { 200: Envelope(Type.Null()), 400: Failure(), 429: TooMany },
      },
    },
    async (request) => {
      await initiateRecovery(app.ctx, request.body, request.log);
      return ok(null);
    },
  );

  app.post(
    '/recover/check',
    {
      preHandler: authRateLimit(app, 'recoverCheck'),
      schema: {
        tags,
        summary: 'Whose password a recovery link resets (-4 when expired, used or unknown)',
        body: RecoverCheckBodySchema,
        response: { 200: Envelope(RecoveryCheckSchema), 400: Failure(), 429: TooMany },
      },
    },
    async (request) => ok(await checkRecovery(app.ctx, request.body.token)),
  );

  app.post(
    '/recover/complete',
    {
      preHandler: authRateLimit(app, 'recoverComplete'),
      schema: {
        tags,
        summary: 'Sets a new password with a recovery link, ends every other session, signs in',
        body: RecoverCompleteBodySchema,
        response: {
          200: Envelope(AuthResultSchema),
          400: Failure(),
          403: Failure(),
          429: TooMany,
        },
      },
    },
    async (request) => ok(await completeRecovery(app.ctx, request.body, clientOf(request))),
  );
};
