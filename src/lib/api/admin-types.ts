/**
 * The accounts contract's shapes that the profile and user-management pages read, as the server's
 * `*.schema.ts` files declare them (types only: nothing of the server reaches the bundle).
 */
import type { Static } from 'typebox';
import type { DeviceSessionSchema } from '@/server/auth/auth.schema.ts';
import type { ManagedUserQuery } from '@/server/user/user.schema.ts';

export type { UploadResult, UploadTicket } from '@/server/upload/upload.schema.ts';
export type { ManagedUser, RoleInfo, UserExtra } from '@/server/user/user.schema.ts';

/** GET /api/user/auth/sessions: one signed-in device of the user (`current` = this one). */
export type DeviceSession = Static<typeof DeviceSessionSchema>;

/** The query of GET /api/user/manage/info. */
export type UserListQuery = ManagedUserQuery;
export type UserSort = ManagedUserQuery['sort'];
export type SortOrder = ManagedUserQuery['order'];
