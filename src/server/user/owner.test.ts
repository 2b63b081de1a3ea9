import { afterEach, describe, expect, test } from 'vitest';
import pino from 'pino';
import { Role } from '../../lib/shared/permissions.ts';
import { createTestDb, DIALECTS, type TestDb } from '../../../tests/helpers/test-db.ts';
import { ensureOwner, OwnerSetupError } from './owner.ts';
import { findAuthorities, findUserByUsername } from './user.repo.ts';
import { verifyPassword } from './password.ts';

const log = pino({ level: 'silent' });
let testDb: TestDb;
afterEach(() => testDb.cleanup());
const app = () => ({ db: testDb.db, now: Date.now });

describe.each(DIALECTS)('the owner account on %s', (dialect) => {
  test('is created on first start from ADMIN_USERNAME and ADMIN_PASSWORD, with every role', async () => {
    testDb = await createTestDb(dialect);
    const db = testDb.db.kysely;
    const settings = {
      adminUsername: 'owner',
      adminPassword: 'correct horse battery staple',
      adminEmail: null,
    };
    await ensureOwner(app(), settings, log);
    const row = await findUserByUsername(db, 'OWNER');
    expect(row).toBeDefined();
    expect(await verifyPassword('correct horse battery staple', row?.password_hash ?? '')).toBe(
      true,
    );
    expect(await verifyPassword('wrong horse battery staple', row?.password_hash ?? '')).toBe(
      false,
    );
    expect(await findAuthorities(db, row?.id ?? '')).toEqual(
      expect.arrayContaining([
        `ROLE_${Role.SUPER_ADMIN}`,
        `ROLE_${Role.BLOG_ADMIN}`,
        `ROLE_${Role.PROXY_ADMIN}`,
        'sys:user:manage',
      ]),
    );
    // A second start changes nothing, even with other settings.
    await ensureOwner(app(), { ...settings, adminUsername: 'someone' }, log);
    expect(await findUserByUsername(db, 'someone')).toBeUndefined();
  });

  test('a weak password stops the start', async () => {
    testDb = await createTestDb(dialect);
    const settings = { adminUsername: 'owner', adminPassword: 'password1', adminEmail: null };
    await expect(ensureOwner(app(), settings, log)).rejects.toThrow(OwnerSetupError);
    await expect(ensureOwner(app(), settings, log)).rejects.toThrow(/too common/);
    await expect(ensureOwner(app(), { ...settings, adminPassword: 'short' }, log)).rejects.toThrow(
      /at least 8/,
    );
  });

  test('without settings no account exists and nothing has a default password', async () => {
    testDb = await createTestDb(dialect);
    await ensureOwner(app(), { adminUsername: null, adminPassword: null, adminEmail: null }, log);
    const users = await testDb.db.kysely.selectFrom('users').select('id').execute();
    expect(users).toEqual([]);
  });
});
