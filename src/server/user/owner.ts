/** The first owner account, created on first start from ADMIN_USERNAME / ADMIN_PASSWORD. */
import type { FastifyBaseLogger } from 'fastify';
import { ROLE_NAMES, Role } from '../../lib/shared/permissions.ts';
import type { AppContext } from '../context.ts';
import { passwordProblem } from './password-policy.ts';
import { countUsersWithRole, findUserByUsername } from './user.repo.ts';
import { createUser } from './user.service.ts';

export interface OwnerSettings {
  readonly adminUsername: string | null;
  readonly adminPassword: string | null;
  readonly adminEmail: string | null;
}

export class OwnerSetupError extends Error {
  override name = 'OwnerSetupError';
}

/** Creates the owner (holding every role) when no super admin exists yet. */
export async function ensureOwner(
  ctx: Pick<AppContext, 'db' | 'now'>,
  settings: OwnerSettings,
  log: FastifyBaseLogger,
) {
  const db = ctx.db.kysely;
  if ((await countUsersWithRole(db, Role.SUPER_ADMIN)) > 0) return;
  const { adminUsername: username, adminPassword: password } = settings;
  if (!username || !password) {
    log.warn(
      'No owner account yet: set ADMIN_USERNAME and ADMIN_PASSWORD and restart, or run `npm run user:create -- --username <name> --role super_admin`',
    );
    return;
  }
  const problem = await passwordProblem(password, username);
  if (problem) throw new OwnerSetupError(`ADMIN_PASSWORD is refused: ${problem}`);
  if (await findUserByUsername(db, username)) {
    throw new OwnerSetupError(
      `ADMIN_USERNAME "${username}" already exists without the super admin role`,
    );
  }
  await createUser(ctx, { username, password, email: settings.adminEmail, roles: ROLE_NAMES });
  log.info({ username }, 'owner account created');
}
