/** The user as the API shows it: the spec's session record (spec §3, design.md §4). */
import { Type, type Static } from 'typebox';

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
