/**
 * The user as the API shows it (the spec's session record, spec §3, design.md §4) and the shapes of
 * the user-info and user-management endpoints. The islands import these types with `import type`.
 */
import { Type, type Static } from 'typebox';
import { EmailSchema } from '../captcha/index.ts';
import { AVATAR_KEY_PATTERN } from '../upload/upload.schema.ts';
import { pageQuery } from '../common/envelope.schema.ts';
import { NICKNAME_MAX, USER_SEARCH_MAX } from '../../lib/shared/limits.ts';

export const UserSchema = Type.Object(
  {
    id: Type.String(),
    username: Type.String(),
    isLocked: Type.Boolean(),
    email: Type.Union([Type.String(), Type.Null()]),
    permissions: Type.Array(Type.String()),
    nickname: Type.String(),
    avatar: Type.Union([Type.String(), Type.Null()]),
    createTime: Type.String({ format: 'date-time' }),
    updateTime: Type.String({ format: 'date-time' }),
  },
  { $id: 'User', additionalProperties: false },
);

export type User = Static<typeof UserSchema>;

// ---- The signed-in user's own info (/api/user/info/*) ----

export const NicknameBodySchema = Type.Object(
  {
    nickname: Type.String({
      minLength: 1,
      maxLength: NICKNAME_MAX,
      pattern: '\\S',
      description: '1–32 characters, trimmed',
    }),
  },
  { additionalProperties: false },
);
export type NicknameBody = Static<typeof NicknameBodySchema>;

export const PasswordChangeBodySchema = Type.Object(
  {
    currentPassword: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 1024,
        description: 'Required when the account has a password',
      }),
    ),
    newPassword: Type.String({ minLength: 1, maxLength: 1024, description: '8–128 characters' }),
    confirmPassword: Type.String({ minLength: 1, maxLength: 1024 }),
  },
  { additionalProperties: false },
);
export type PasswordChangeBody = Static<typeof PasswordChangeBodySchema>;

export const EmailChangeBodySchema = Type.Object(
  {
    email: EmailSchema,
    code: Type.String({
      minLength: 1,
      maxLength: 16,
      description: 'The code mailed to the new address by POST /api/common/captcha/email',
    }),
  },
  { additionalProperties: false },
);
export type EmailChangeBody = Static<typeof EmailChangeBodySchema>;

export const AvatarBodySchema = Type.Object(
  {
    avatar: Type.String({
      pattern: AVATAR_KEY_PATTERN,
      description: 'A key returned by POST /api/common/upload/{token} to this user',
    }),
  },
  { additionalProperties: false },
);
export type AvatarBody = Static<typeof AvatarBodySchema>;

/** What the profile page needs beyond the User record. */
export const UserExtraSchema = Type.Object(
  {
    hasPassword: Type.Boolean(),
    githubLinked: Type.Boolean(),
    githubLogin: Type.Union([Type.String(), Type.Null()]),
  },
  { $id: 'UserExtra', additionalProperties: false },
);
export type UserExtra = Static<typeof UserExtraSchema>;

export const RandomNicknameQuerySchema = Type.Object(
  {
    latitude: Type.Optional(Type.Number({ minimum: -90, maximum: 90 })),
    longitude: Type.Optional(Type.Number({ minimum: -180, maximum: 180 })),
  },
  { additionalProperties: false },
);
export type RandomNicknameQuery = Static<typeof RandomNicknameQuerySchema>;

// ---- User management (/api/user/manage/*, permission sys:user:manage) ----

/** A user as the owner sees them in the admin. */
export const ManagedUserSchema = Type.Object(
  {
    ...UserSchema.properties,
    isOnline: Type.Boolean(),
    hasPassword: Type.Boolean(),
    githubLinked: Type.Boolean(),
  },
  { $id: 'ManagedUser', additionalProperties: false },
);
export type ManagedUser = Static<typeof ManagedUserSchema>;

export const ManagedUserQuerySchema = Type.Object(
  {
    ...pageQuery(20),
    search: Type.Optional(
      Type.String({
        maxLength: USER_SEARCH_MAX,
        description: 'Part of the username, nickname or email (case-insensitive)',
      }),
    ),
    locked: Type.Optional(Type.Boolean()),
    role: Type.Optional(
      Type.String({ minLength: 1, maxLength: 64, description: 'A role name, e.g. blog_admin' }),
    ),
    sort: Type.Union(
      [Type.Literal('createTime'), Type.Literal('username'), Type.Literal('updateTime')],
      { default: 'createTime' },
    ),
    order: Type.Union([Type.Literal('asc'), Type.Literal('desc')], { default: 'desc' }),
  },
  { additionalProperties: false },
);
export type ManagedUserQuery = Static<typeof ManagedUserQuerySchema>;

export const UserIdParamsSchema = Type.Object(
  { id: Type.String({ minLength: 1, maxLength: 64 }) },
  { additionalProperties: false },
);

export const LockBodySchema = Type.Object(
  { id: Type.String({ minLength: 1, maxLength: 64 }), isLocked: Type.Boolean() },
  { additionalProperties: false },
);
export type LockBody = Static<typeof LockBodySchema>;

export const RecoverBodySchema = Type.Object(
  { id: Type.String({ minLength: 1, maxLength: 64 }) },
  { additionalProperties: false },
);
export type RecoverBody = Static<typeof RecoverBodySchema>;

export const RoleInfoSchema = Type.Object(
  {
    name: Type.String({ description: 'The role name, e.g. super_admin (authority ROLE_<name>)' }),
    title: Type.String(),
    permissions: Type.Array(Type.String()),
  },
  { $id: 'RoleInfo', additionalProperties: false },
);
export type RoleInfo = Static<typeof RoleInfoSchema>;

export const RoleUpdateBodySchema = Type.Object(
  {
    userId: Type.String({ minLength: 1, maxLength: 64 }),
    roles: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
      uniqueItems: true,
      maxItems: 32,
      description: 'Role names; the user ends up with exactly these',
    }),
  },
  { additionalProperties: false },
);
export type RoleUpdateBody = Static<typeof RoleUpdateBodySchema>;

export { PageOf } from '../common/envelope.schema.ts';
