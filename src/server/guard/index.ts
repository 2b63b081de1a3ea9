/** The one door to the request guard: every route file imports it from here. */
export {
  currentAuth,
  guardPlugin,
  requirePermission,
  requireUser,
  type Authenticated,
} from './request-guard.ts';
