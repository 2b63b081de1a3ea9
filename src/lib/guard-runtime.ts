/**
 * The browser side of the guards, run by every page's layout as early as possible (a module
 * script in the head): it gathers the inputs, asks `decideGuard` and acts on the answer. Pages
 * keep protected content hidden until `<html data-guard="ok">` is set here, so nothing flashes.
 */
import { publicConfig } from './config.ts';
import { detectDevice, type Device } from './device.ts';
import { decideGuard, type AuthState, type GuardDecision } from './guards.ts';
import { rememberOnEnteringAuth, rememberRoute } from './pre-route.ts';
import { findRoute } from './shared/routes.ts';
import { $auth, startSession } from './stores/session.ts';

/** The value of `document.documentElement.dataset.guard` once the page may show itself. */
export const GUARD_OK = 'ok';

/** This browser's device class, from the viewport width and the user agent. */
export function currentDevice(): Device {
  return detectDevice(window.innerWidth, navigator.userAgent, navigator.maxTouchPoints ?? 0);
}

/** The decision for a path in this browser, with the given (default: current) auth state. */
export function guardDecisionFor(pathname: string, auth: AuthState = $auth.get()): GuardDecision {
  return decideGuard(findRoute(pathname), {
    device: currentDevice(),
    maintenanceEnabled: publicConfig.killMaintenance,
    auth,
  });
}

/** The path + search + hash of a same-origin referrer, else null. */
export function referrerPath(
  referrer: string = document.referrer,
  origin: string = window.location.origin,
): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    return url.origin === origin ? url.pathname + url.search + url.hash : null;
  } catch {
    return null;
  }
}

function isAuthPath(pathname: string): boolean {
  return pathname === '/auth' || pathname.startsWith('/auth/');
}

function act(decision: GuardDecision, pathname: string): void {
  if (decision.kind === 'allow') {
    document.documentElement.dataset.guard = GUARD_OK;
  } else if (decision.kind === 'redirect') {
    if (decision.remember) {
      rememberRoute(pathname + window.location.search + window.location.hash);
    }
    window.location.replace(decision.to);
  }
}

/**
 * Guards the current page: on entering /auth remembers the previous page (if none is stored),
 * starts the session, then allows the page, redirects (remembering the target when the decision
 * says so) or — while the session is loading — waits for `$auth` and decides again.
 * Returns the first decision.
 */
export function runPageGuard(pathname: string = window.location.pathname): GuardDecision {
  if (isAuthPath(pathname)) rememberOnEnteringAuth(referrerPath());
  void startSession();

  const decision = guardDecisionFor(pathname);
  if (decision.kind !== 'pending') {
    act(decision, pathname);
    return decision;
  }
  const unbind = $auth.listen((auth) => {
    const next = guardDecisionFor(pathname, auth);
    if (next.kind === 'pending') return;
    unbind();
    act(next, pathname);
  });
  return decision;
}
