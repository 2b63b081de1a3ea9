import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import type { AuthState } from '@/lib/guards.ts';
import { paths } from '@/lib/shared/paths.ts';
import { findRoute, isProtected } from '@/lib/shared/routes.ts';
import { $auth, $user, signOut } from '@/lib/stores/session.ts';
import Icon from './Icon.tsx';
import Msg from './Msg.tsx';
import UserAvatar from './UserAvatar.tsx';

const ANONYMOUS: AuthState = { kind: 'anonymous' };

/** Closes an open menu on Escape (focus back to its button) or on a click outside it. */
function useDismiss(
  open: boolean,
  setOpen: (open: boolean) => void,
  root: RefObject<HTMLElement | null>,
  button: RefObject<HTMLButtonElement | null>,
) {
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onClick = (event: Event) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('click', onClick);
    };
  }, [open, setOpen, root, button]);
}

/**
 * The header's account control. Signed out: a link to sign in. Signed in: avatar and nickname
 * opening a menu with the profile and sign-out. While a stored token is being checked, the
 * prebuilt "Sign in" stays hidden (CSS on html[data-has-token]) so signed-in visitors see no flash.
 */
export default function AccountMenu() {
  const auth = useStore($auth, { ssr: () => ANONYMOUS });
  const user = useStore($user, { ssr: 'initial' });
  const [mounted, setMounted] = useState(false);
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => setMounted(true), []);
  useDismiss(open, setOpen, root, button);

  const settled = mounted && auth.kind !== 'loading';

  if (!user) {
    return (
      <div className="account" data-settled={settled ? '' : undefined}>
        <a href={paths.login()} className="btn min-h-10 whitespace-nowrap">
          <Msg k="account.signIn" />
        </a>
      </div>
    );
  }

  const onSignOut = () => {
    setState('busy');
    signOut().then(
      () => {
        setOpen(false);
        setState('idle');
        if (isProtectedPage()) window.location.replace(paths.home());
      },
      () => setState('failed'),
    );
  };

  return (
    <div ref={root} className="account relative" data-settled="">
      <button
        ref={button}
        type="button"
        className="icon-btn w-auto gap-2 px-1.5 sm:px-2"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((v) => !v)}
      >
        <UserAvatar avatar={user.avatar} size={32} />
        <span className="hidden max-w-32 truncate text-sm font-medium xl:inline">
          {user.nickname}
        </span>
        <span className="sr-only">
          <span className="xl:hidden">{user.nickname} </span>
          <Msg k="account.menu" />
        </span>
        <Icon name="chevron" className="size-4" />
      </button>
      <ul
        id={menuId}
        hidden={!open}
        className="absolute right-0 top-full z-30 mt-2 w-52 rounded-lg border border-line bg-surface p-1.5 shadow-lg"
      >
        <li className="border-b border-line px-3 pt-1 pb-2">
          <span className="block truncate text-sm font-medium">{user.nickname}</span>
          <span className="block truncate text-xs text-muted">{user.username}</span>
        </li>
        <li>
          <a
            href={paths.profile()}
            className="block rounded-md px-3 py-2 text-sm hover:bg-accent-soft hover:text-accent"
          >
            <Msg k="account.profile" />
          </a>
        </li>
        <li>
          <button
            type="button"
            onClick={onSignOut}
            disabled={state === 'busy'}
            className="block w-full rounded-md px-3 py-2 text-left text-sm hover:bg-accent-soft hover:text-accent disabled:opacity-60"
          >
            <Msg k={state === 'busy' ? 'account.signingOut' : 'account.signOut'} />
          </button>
        </li>
        {state === 'failed' && (
          <li role="alert" className="px-3 py-2 text-sm text-warn-fg">
            <Msg k="account.signOutFailed" />
          </li>
        )}
      </ul>
    </div>
  );
}

function isProtectedPage(): boolean {
  const route = findRoute(window.location.pathname);
  return Boolean(route && isProtected(route));
}
