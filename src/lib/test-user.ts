/** A user as the API answers it, for the browser modules' tests. */
import type { User } from '@/server/user/user.schema.ts';

export function testUser(fields: Partial<User> = {}): User {
  return {
    id: '1',
    username: 'alice',
    isLocked: false,
    email: null,
    permissions: [],
    nickname: 'Alice',
    avatar: null,
    createTime: '2026-01-01T00:00:00+00:00',
    updateTime: '2026-01-01T00:00:00+00:00',
    ...fields,
  };
}
