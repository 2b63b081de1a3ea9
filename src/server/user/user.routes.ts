/** /api/user: the signed-in user's own info (a user only ever reads and changes their own) and nicknames. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { rateLimited } from '../common/rate-limit.ts';
import { Type } from 'typebox';
import { currentAuth, requireUser } from '../guard/index.ts';
import { ok } from '../common/envelope.ts';
import { Envelope, ErrorEnvelope } from '../common/envelope.schema.ts';
import { AppError } from '../common/app-error.ts';
import { randomNickname } from './nickname.ts';
import {
  AvatarBodySchema,
  EmailChangeBodySchema,
  NicknameBodySchema,
  PasswordChangeBodySchema,
  RandomNicknameQuerySchema,
  UserExtraSchema,
  UserSchema,
} from './user.schema.ts';
import {
  changeAvatar,
  changeEmail,
  changeNickname,
  changePassword,
  getUserExtra,
} from './user.service.ts';

const security = [{ bearer: [] }];

export const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/info/private',
    {
      onRequest: requireUser,
      schema: {
        tags: ['user'],
        summary: 'The signed-in user',
        security,
        response: { 200: Envelope(UserSchema) },
      },
    },
    async (request) => ok(currentAuth(request).user),
  );

  app.get(
    '/info/extra',
    {
      onRequest: requireUser,
      schema: {
        tags: ['user'],
        summary: 'What the profile page needs beyond the user: password set, GitHub link',
        security,
        response: { 200: Envelope(UserExtraSchema) },
      },
    },
    async (request) => ok(await getUserExtra(app.ctx, currentAuth(request).user.id)),
  );

  app.patch(
    '/info/nickname',
    {
      onRequest: requireUser,
      schema: {
        tags: ['user'],
        summary: 'Changes the nickname (1–32 characters, trimmed)',
        security,
        body: NicknameBodySchema,
        response: { 200: Envelope(UserSchema), 400: ErrorEnvelope },
      },
    },
    async (request) =>
      ok(await changeNickname(app.ctx, currentAuth(request).user.id, request.body.nickname)),
  );

  app.patch(
    '/info/password',
    {
      onRequest: [
        requireUser,
        rateLimited(app, 'password-change', { max: 10, windowMs: 15 * 60_000, per: 'user' }),
      ],
      schema: {
        tags: ['user'],
        summary:
          'Changes the password (the current one is required when set); every other session ends',
        security,
        body: PasswordChangeBodySchema,
        response: { 200: Envelope(Type.Null()), 400: ErrorEnvelope, 403: ErrorEnvelope },
      },
    },
    async (request) => {
      const { user, sessionId } = currentAuth(request);
      await changePassword(app.ctx, { userId: user.id, sessionId }, request.body);
      return ok(null);
    },
  );

  app.patch(
    '/info/email',
    {
      onRequest: [
        requireUser,
        rateLimited(app, 'email-change', { max: 10, windowMs: 3_600_000, per: 'user' }),
      ],
      schema: {
        tags: ['user'],
        summary: 'Changes the email address, proven by the code mailed to the new address',
        security,
        body: EmailChangeBodySchema,
        response: { 200: Envelope(UserSchema), 400: ErrorEnvelope, 409: ErrorEnvelope },
      },
    },
    async (request) => ok(await changeEmail(app.ctx, currentAuth(request).user.id, request.body)),
  );

  app.patch(
    '/info/avatar',
    {
      onRequest: requireUser,
      schema: {
        tags: ['user'],
        summary: 'Sets the avatar to a key this user uploaded (POST /api/common/upload/{token})',
        security,
        body: AvatarBodySchema,
        response: { 200: Envelope(UserSchema), 400: ErrorEnvelope, 403: ErrorEnvelope },
      },
    },
    async (request) =>
      ok(await changeAvatar(app.ctx, currentAuth(request).user.id, request.body.avatar)),
  );

  app.get(
    '/random/nickname',
    {
      onRequest: rateLimited(app, 'random-nickname', { max: 60, windowMs: 60_000 }),
      schema: {
        tags: ['user'],
        summary:
          'A Three-Kingdoms place and a random Chinese name; with coordinates, the nearest place',
        querystring: RandomNicknameQuerySchema,
        response: { 200: Envelope(Type.String()), 400: ErrorEnvelope },
      },
    },
    async (request) => {
      const { latitude, longitude } = request.query;
      if ((latitude === undefined) !== (longitude === undefined)) {
        throw AppError.badRequest(
          'querystring: 经纬度须同时提供 / give latitude and longitude together',
        );
      }
      const at =
        latitude !== undefined && longitude !== undefined ? { latitude, longitude } : undefined;
      return ok(await randomNickname(at));
    },
  );
};
