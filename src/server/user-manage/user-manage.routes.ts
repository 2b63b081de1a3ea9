/** /api/user/manage: user management by the owner; every route needs sys:user:manage. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { rateLimited } from '../common/rate-limit.ts';
import { Type } from 'typebox';
import { Permission } from '../../lib/shared/permissions.ts';
import { sendRecoveryLink } from '../auth/index.ts';
import { requirePermission } from '../guard/index.ts';
import { ok } from '../common/envelope.ts';
import { Envelope, ErrorEnvelope } from '../common/envelope.schema.ts';
import {
  getManagedUser,
  listManagedUsers,
  listRoles,
  setLocked,
  setRoles,
} from './user-manage.service.ts';
import {
  LockBodySchema,
  ManagedUserQuerySchema,
  ManagedUserSchema,
  PageOf,
  RecoverBodySchema,
  RoleInfoSchema,
  RoleUpdateBodySchema,
  UserIdParamsSchema,
} from '../user/user.schema.ts';

const security = [{ bearer: [] }];
const denied = { 401: ErrorEnvelope, 403: ErrorEnvelope };

export const userManageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Before the body is read or validated: strangers learn nothing about the inputs.
  app.addHook('onRequest', requirePermission(Permission.USER_MANAGE));

  app.get(
    '/info',
    {
      schema: {
        tags: ['user-manage'],
        summary: 'A page of users: search (username, nickname, email), filters and sorting',
        security,
        querystring: ManagedUserQuerySchema,
        response: { 200: Envelope(PageOf(ManagedUserSchema)), 400: ErrorEnvelope, ...denied },
      },
    },
    async (request) => ok(await listManagedUsers(app.ctx, request.query)),
  );

  app.get(
    '/info/:id',
    {
      schema: {
        tags: ['user-manage'],
        summary: 'One user',
        security,
        params: UserIdParamsSchema,
        response: { 200: Envelope(ManagedUserSchema), 404: ErrorEnvelope, ...denied },
      },
    },
    async (request) => ok(await getManagedUser(app.ctx, request.params.id)),
  );

  app.post(
    '/lock',
    {
      schema: {
        tags: ['user-manage'],
        summary:
          "Locks or unlocks a user; locking ends the user's sessions (the last super admin cannot be locked)",
        security,
        body: LockBodySchema,
        response: {
          200: Envelope(ManagedUserSchema),
          400: ErrorEnvelope,
          404: ErrorEnvelope,
          409: ErrorEnvelope,
          ...denied,
        },
      },
    },
    async (request) => ok(await setLocked(app.ctx, request.body.id, request.body.isLocked)),
  );

  app.post(
    '/recover',
    {
      onRequest: rateLimited(app, 'manage-recover', { max: 10, windowMs: 60_000 }),
      schema: {
        tags: ['user-manage'],
        summary: "Mails a recovery link to the user's own email address",
        security,
        body: RecoverBodySchema,
        response: {
          200: Envelope(Type.Null()),
          400: ErrorEnvelope,
          404: ErrorEnvelope,
          409: ErrorEnvelope,
          ...denied,
        },
      },
    },
    async (request) => {
      await sendRecoveryLink(app.ctx, request.body.id);
      return ok(null);
    },
  );

  app.get(
    '/role',
    {
      schema: {
        tags: ['user-manage'],
        summary: 'Every role with its title and permissions',
        security,
        response: { 200: Envelope(Type.Array(RoleInfoSchema)), ...denied },
      },
    },
    async () => ok(await listRoles(app.ctx)),
  );

  app.put(
    '/role',
    {
      schema: {
        tags: ['user-manage'],
        summary:
          "Sets a user's roles (effective at their next request; the last super admin keeps the role)",
        security,
        body: RoleUpdateBodySchema,
        response: {
          200: Envelope(ManagedUserSchema),
          400: ErrorEnvelope,
          404: ErrorEnvelope,
          409: ErrorEnvelope,
          ...denied,
        },
      },
    },
    async (request) => ok(await setRoles(app.ctx, request.body.userId, request.body.roles)),
  );
};
