/**
 * The session half of the page guard (src/lib/guard-runtime.ts loads it only when a token is
 * stored): starts the session (the user is fetched; the heartbeat and refresh timers run while a
 * user is set), finishes a pending guard decision once the user is known, and shows the user in
 * the page — the header's account menu and the markup that depends on permissions.
 */
import { showAccount } from './account-menu.ts';
import { actOn, guardDecisionFor } from './guard-core.ts';
import type { AuthState, GuardDecision } from './guards.ts';
import { $auth, $user, signOut, startSession } from './stores/session.ts';
import { showForUser } from './user-markup.ts';

export function startSignedIn(pathname: string, first: GuardDecision): void {
  void startSession();
  if (first.kind === 'pending') {
    const decide = (auth: AuthState): boolean => {
      const next = guardDecisionFor(pathname, auth);
      if (next.kind === 'pending') return false;
      void actOn(next, pathname);
      return true;
    };
    if (!decide($auth.get())) {
      const unbind = $auth.listen((auth) => {
        if (decide(auth)) unbind();
      });
    }
  }
  $auth.subscribe((auth) => {
    if (auth.kind === 'loading') return;
    const user = $user.get();
    showAccount(document, user, signOut);
    showForUser(document, user?.permissions ?? null);
  });
}
