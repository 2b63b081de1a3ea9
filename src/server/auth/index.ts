export { authPlugin, requireUser, requirePermission, currentAuth } from './auth.plugin.ts';
export { authRoutes } from './auth.routes.ts';
export {
  SessionService,
  type Authenticated,
  type DeviceSession,
  type SessionPolicy,
} from './session.service.ts';
export { memoryPresence, redisPresence, type Presence } from './presence.ts';
export { seedRolesAndPermissions } from './seed.ts';
export { sendRecoveryLink } from './recovery.service.ts';
export { githubCredentials } from './github.service.ts';
export type {
  AuthResult,
  GithubAuthorize,
  GithubMode,
  GithubSignInResult,
  RecoveryCheck,
} from './auth.schema.ts';
