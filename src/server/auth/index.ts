/** What other folders may use of the auth domain (its routes are registered by app.ts). */
export { SessionService, type DeviceSession, type SessionPolicy } from './session.service.ts';
export { memoryPresence, redisPresence, type Presence } from './presence.ts';
export { seedRolesAndPermissions } from './seed.ts';
export { sendRecoveryLink } from './recovery.service.ts';
export { githubCredentials } from './github.service.ts';
export { hashToken, newToken } from './token.ts';
export type {
  AuthResult,
  GithubAuthorize,
  GithubMode,
  GithubSignInResult,
  RecoveryCheck,
} from './auth.schema.ts';
