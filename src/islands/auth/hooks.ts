import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import type { AuthState } from '@/lib/guards.ts';
import { routeAfterSignIn } from '@/lib/guard-core.ts';
import { $auth } from '@/lib/stores/session.ts';

const ANONYMOUS: AuthState = { kind: 'anonymous' };

let leaving = false;

/**
 * Leaves the sign-in pages for `to` (default: the remembered route if the signed-in user may open
 * it, else '/'), once. Every flow that ends signed in comes through here, so the remembered route
 * is used up even when `to` is given.
 */
export function leaveTo(to?: string): void {
  if (leaving) return;
  leaving = true;
  const remembered = routeAfterSignIn($auth.get());
  window.location.replace(to ?? remembered);
}

/**
 * A signed-in visitor has nothing to do on the login or register page: send them on to the
 * remembered route, or home. True once they are on their way (render nothing but a note then).
 */
export function useLeaveWhenSignedIn(): boolean {
  const auth = useStore($auth, { ssr: () => ANONYMOUS });
  const signedIn = auth.kind === 'user';
  useEffect(() => {
    if (signedIn) leaveTo();
  }, [signedIn]);
  return signedIn;
}

/**
 * A countdown in whole seconds: `start(seconds)` sets it, it ticks down to 0 and stops. Deadline
 * based, so a tab in the background comes back showing the right time.
 */
export function useCountdown(): { remaining: number; start: (seconds: number) => void } {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [remaining, setRemaining] = useState(0);

  useEffect(() => {
    if (deadline === null) return undefined;
    const tick = () => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setRemaining(left);
      if (left === 0) setDeadline(null);
    };
    tick();
    const id = setInterval(tick, 250);
    return () => clearInterval(id);
  }, [deadline]);

  const start = useCallback((seconds: number) => {
    setDeadline(Date.now() + seconds * 1000);
    setRemaining(Math.ceil(seconds));
  }, []);

  return { remaining, start };
}

/**
 * Remembers what had focus when a form was sent. Disabling the pressed button while sending drops
 * its focus to <body>; calling the returned function after a refusal puts focus back there (unless
 * something else took it meanwhile), so keyboard users keep their place.
 */
export function keepFocus(): () => void {
  const from = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  return () =>
    requestAnimationFrame(() => {
      const now = document.activeElement;
      if (from && from.isConnected && (now === null || now === document.body)) from.focus();
    });
}
