/**
 * `npm run user:create -- --username NAME [--email E] [--nickname N] [--role super_admin]…
 * [--password-stdin]`: creates an account. Without --password-stdin a strong password is generated
 * and printed once, so no password ever sits in the shell history.
 */
import { randomBytes } from 'node:crypto';
import { text } from 'node:stream/consumers';
import { parseArgs } from 'node:util';
import { ROLE_NAMES, type RoleName } from '../src/lib/shared/permissions.ts';
import { seedRolesAndPermissions } from '../src/server/auth/index.ts';
import { connectDb, migrateToLatest } from '../src/server/db/index.ts';
import { createUser } from '../src/server/user/index.ts';
import { configOrExit, exitWith } from './cli.ts';

const { values } = parseArgs({
  options: {
    username: { type: 'string' },
    email: { type: 'string' },
    nickname: { type: 'string' },
    role: { type: 'string', multiple: true, default: [] },
    'password-stdin': { type: 'boolean', default: false },
  },
});

if (!values.username) exitWith('--username is required');
const roles = values.role ?? [];
const unknown = roles.filter((r) => !(ROLE_NAMES as readonly string[]).includes(r));
if (unknown.length) exitWith(`unknown role ${unknown.join(', ')}: use ${ROLE_NAMES.join(', ')}`);

const generated = !values['password-stdin'];
const password = generated
  ? randomBytes(18).toString('base64url')
  : (await text(process.stdin)).trim();

const db = connectDb(configOrExit());
const ctx = { db, now: Date.now };
try {
  await migrateToLatest(db.kysely);
  await seedRolesAndPermissions(db.kysely);
  const user = await createUser(ctx, {
    username: values.username,
    password,
    email: values.email ?? null,
    nickname: values.nickname,
    roles: roles as RoleName[],
  });
  console.log(
    `atrium: created ${user.username} (${user.id}) with ${user.permissions.join(', ') || 'no roles'}`,
  );
  if (generated) console.log(`atrium: password (shown once): ${password}`);
} catch (error) {
  exitWith(error);
} finally {
  await db.close();
}
