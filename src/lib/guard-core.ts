/**
 * What the page guard decides in this browser, and what it does about it — loaded by its cheap
 * half (src/lib/guard-runtime.ts) on a guarded route only, and by its session half
 * (src/lib/session-page.ts, only when a token is stored). No session store here: callers pass the
 * auth state.
 */
import { publicConfig } from './config.ts';
import { detectDevice, type Device } from './device.ts';
import { decideGuard, type AuthState, type GuardDecision } from './guards.ts';
import { rememberRoute, takeRememberedRoute } from './pre-route.ts';
import { openPage } from './page-open.ts';
import { findRoute } from './shared/routes.ts';

/** This browser's device class, from the viewport width and the user agent. */
export function currentDevice(): Device {
  return detectDevice(window.innerWidth, navigator.userAgent, navigator.maxTouchPoints ?? 0);
}

/** The decision for a path in this browser, for the given auth state. */
export function guardDecisionFor(pathname: string, auth: AuthState): GuardDecision {
  return decideGuard(findRoute(pathname), {
    device: currentDevice(),
    maintenanceEnabled: publicConfig.killMaintenance,
    auth,
  });
}

/**
 * Where a user who has just signed in goes: the remembered route when the guard would let them
 * (`auth`) open it on this device, else '/'. The remembered route is used up either way, so it
 * never outlives the sign-in it was for.
 */
export function routeAfterSignIn(auth: AuthState): string {
  return takeRememberedRoute((pathname) => guardDecisionFor(pathname, auth).kind === 'allow');
}

/**
 * Acts on a decision: opens the page (src/lib/page-open.ts), or redirects, remembering the target
 * when the decision says so. Resolves once done.
 */
export async function actOn(decision: GuardDecision, pathname: string): Promise<void> {
  if (decision.kind === 'allow') {
    await openPage();
  } else if (decision.kind === 'redirect') {
    if (decision.remember) {
      rememberRoute(pathname + window.location.search + window.location.hash);
    }
    window.location.replace(decision.to);
  }
}
