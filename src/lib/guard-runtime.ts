/**
 * The page guard, run by every page's layout as early as possible (a module script in the head).
 * This half is what an anonymous reader loads, so it is a few hundred bytes: on a page every
 * visitor may see (the layout marks the others `<html data-guarded-route>`) it only opens the
 * page. On a guarded route it loads the decision (src/lib/guard-core.ts: the route table, the
 * device, the maintenance switch). Only when a token is stored does it load the session half
 * (src/lib/session-page.ts: the session store, the HTTP client, the timers, the header's account
 * menu), which finishes a pending decision once the user is known. Pages keep protected content
 * hidden, and their islands (`client:guarded`) unhydrated, until `<html data-guard="ok">` is set,
 * so nothing flashes and nothing calls the API before.
 */
import type { AuthState, GuardDecision } from './guards.ts';
import { openPage } from './page-open.ts';
import { TOKEN_KEY, readItem } from './storage.ts';

const ALLOW: GuardDecision = { kind: 'allow' };
const ANONYMOUS: AuthState = { kind: 'anonymous' };
const LOADING: AuthState = { kind: 'loading' };

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

export interface GuardRun {
  /** The first decision, once made (at once on a page every visitor may see). */
  decision: Promise<GuardDecision>;
  /** Settles once the session half has started (at once without a token). */
  session: Promise<void>;
}

async function decide(pathname: string, hasToken: boolean): Promise<GuardDecision> {
  if (isAuthPath(pathname)) {
    (await import('./pre-route.ts')).rememberOnEnteringAuth(referrerPath());
  }
  if (!document.documentElement.hasAttribute('data-guarded-route')) {
    await openPage();
    return ALLOW;
  }
  const core = await import('./guard-core.ts');
  const decision = core.guardDecisionFor(pathname, hasToken ? LOADING : ANONYMOUS);
  if (decision.kind !== 'pending') await core.actOn(decision, pathname);
  return decision;
}

/**
 * Guards the current page: on entering /auth remembers the previous page (if none is stored),
 * then opens the page or redirects — or, with a token stored on a guarded route, leaves the
 * decision pending until the session half has loaded the user. With a token the session half is
 * loaded either way (it shows the user and runs the session timers).
 */
export function runPageGuard(pathname: string = window.location.pathname): GuardRun {
  const hasToken = readItem(TOKEN_KEY) !== null;
  const decision = decide(pathname, hasToken);
  const session = hasToken
    ? decision.then(async (first) => {
        (await import('./session-page.ts')).startSignedIn(pathname, first);
      })
    : Promise.resolve();
  return { decision, session };
}
