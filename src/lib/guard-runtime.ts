/**
 * The browser side of the guards, run by every page's layout as early as possible (a module
 * script in the head): it gathers the inputs, asks `decideGuard` and acts on the answer. Pages
 * keep protected content hidden, and their islands (`client:guarded`) unhydrated, until
 * `<html data-guard="ok">` is set here, so nothing flashes and nothing calls the API before.
 */
import { publicConfig } from './config.ts';
import { detectDevice, type Device } from './device.ts';
import { allowPage } from './guard-state.ts';
import { decideGuard, type AuthState, type GuardDecision } from './guards.ts';
import { rememberOnEnteringAuth, rememberRoute, takeRememberedRoute } from './pre-route.ts';
import { showSessionEndedNotice } from './session-notice.ts';
import { findRoute } from './shared/routes.ts';
import { $auth, startSession } from './stores/session.ts';

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

/**
 * Where a user who has just signed in goes: the remembered route when the guard would let them
 * (`auth`, default: the current session) open it on this device, else '/'. The remembered route is
 * used up either way, so it never outlives the sign-in it was for.
 */
export function routeAfterSignIn(auth: AuthState = $auth.get()): string {
  return takeRememberedRoute((pathname) => guardDecisionFor(pathname, auth).kind === 'allow');
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
    allowPage();
    // On the page that stays: after a redirect to the login page, the notice shows there.
    showSessionEndedNotice();
  } else if (decision.kind === 'redirect') {
    if (decision.remember) {
      rememberRoute(pathname + window.location.search + window.location.hash);
    }
    window.location.replace(decision.to);
  }
}

/**
 * Guards the current page: on entering /auth remembers the previous page (if none is stored),
 * starts the session, then allows the page (showing the "signed out" notice if one is waiting),
 * redirects (remembering the target when the decision says so) or — while the session is loading —
 * waits for `$auth` and decides again.
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
