/**
 * Route guards as one pure function (design.md §5, spec §6; style.md point 18). No DOM: the caller
 * (src/lib/guard-runtime.ts) gathers the inputs and acts on the decision.
 */
import type { Device } from './device.ts';
import { paths } from './shared/paths.ts';
import { meetsPermissions, type RouteMeta } from './shared/routes.ts';

export type AuthState =
  { kind: 'anonymous' } | { kind: 'loading' } | { kind: 'user'; permissions: readonly string[] };

export type GuardDecision =
  { kind: 'allow' } | { kind: 'pending' } | { kind: 'redirect'; to: string; remember: boolean };

export interface GuardContext {
  device: Device;
  /** Whether the maintenance switch is on for routes flagged `maintenance`. */
  maintenanceEnabled: boolean;
  auth: AuthState;
}

const ALLOW: GuardDecision = { kind: 'allow' };
const PENDING: GuardDecision = { kind: 'pending' };

function redirect(to: string, remember: boolean): GuardDecision {
  return { kind: 'redirect', to, remember };
}

/**
 * The guards in the spec's order: (1) desktop-only route on a phone or tablet → /require-desktop;
 * (2) maintenance route while the switch is on → /maintenance; (3) login-required route:
 * anonymous → login (remembering the target), session still loading → pending; (4) permission
 * route: anonymous → login, loading → pending, signed in without the permissions → /403
 * (remembering the target). An unknown route is allowed (the 404 page handles it).
 */
export function decideGuard(route: RouteMeta | undefined, ctx: GuardContext): GuardDecision {
  if (!route) return ALLOW;
  if (route.desktopOnly && ctx.device !== 'desktop') return redirect(paths.requireDesktop(), false);
  if (route.maintenance && ctx.maintenanceEnabled) return redirect(paths.maintenance(), false);

  const needsPermissions = (route.permissions?.length ?? 0) > 0;
  if (!route.login && !needsPermissions) return ALLOW;

  const { auth } = ctx;
  if (auth.kind === 'anonymous') return redirect(paths.login(), true);
  if (auth.kind === 'loading') return PENDING;
  if (needsPermissions && !meetsPermissions(route, auth.permissions)) {
    return redirect(paths.forbidden(), true);
  }
  return ALLOW;
}
