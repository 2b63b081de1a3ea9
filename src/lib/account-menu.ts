/**
 * The header's account area (src/components/SiteHeader.astro), in plain DOM. It is prebuilt as a
 * "Sign in" link and a <template> of the signed-in menu, with every text in both languages; with a
 * stored token, src/lib/session-page.ts calls `showAccount` whenever the session is known: a user
 * gets the menu (avatar and nickname opening the profile link and sign-out), nobody the link.
 * While a stored token is being checked the area stays hidden (CSS on html[data-has-token] until
 * `data-settled`), so signed-in visitors see no "Sign in" flash.
 */
import type { User } from '@/server/user/user.schema.ts';
import { avatarUrl } from './avatar.ts';
import { DEFAULT_AVATAR, paths } from './shared/paths.ts';

type SignOut = () => Promise<void>;

function parts(menu: HTMLElement) {
  const find = <T extends HTMLElement>(selector: string) => menu.querySelector<T>(selector);
  return {
    toggle: find<HTMLButtonElement>('[data-account-toggle]'),
    list: find<HTMLElement>('[data-account-list]'),
    signOut: find<HTMLButtonElement>('[data-account-sign-out]'),
    failed: find<HTMLElement>('[data-account-failed]'),
  };
}

function setOpen(menu: HTMLElement, open: boolean): void {
  const { toggle, list } = parts(menu);
  if (!toggle || !list) return;
  toggle.setAttribute('aria-expanded', String(open));
  list.hidden = !open;
}

function isOpen(menu: HTMLElement): boolean {
  return menu.isConnected && parts(menu).toggle?.getAttribute('aria-expanded') === 'true';
}

/** Whether this page's route has rules (the layout marks it; src/lib/guard-runtime.ts reads it too). */
function onGuardedPage(): boolean {
  return document.documentElement.hasAttribute('data-guarded-route');
}

/** Busy while signing out: the button says so and waits; a failure shows below it. */
function bindSignOut(menu: HTMLElement, signOut: SignOut): void {
  const { signOut: button, failed } = parts(menu);
  if (!button) return;
  button.addEventListener('click', () => {
    button.disabled = true;
    button.dataset.busy = '';
    if (failed) failed.hidden = true;
    signOut().then(
      () => {
        if (onGuardedPage()) window.location.replace(paths.home());
      },
      () => {
        button.disabled = false;
        delete button.dataset.busy;
        if (failed) failed.hidden = false;
      },
    );
  });
}

/** Opens and closes on its button; Escape (focus back to the button) or a click outside closes. */
function bindMenu(menu: HTMLElement, signOut: SignOut): void {
  const { toggle } = parts(menu);
  toggle?.addEventListener('click', () => setOpen(menu, !isOpen(menu)));
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !isOpen(menu)) return;
    setOpen(menu, false);
    toggle?.focus();
  });
  document.addEventListener('click', (event) => {
    if (isOpen(menu) && !menu.contains(event.target as Node)) setOpen(menu, false);
  });
  bindSignOut(menu, signOut);
}

function fill(menu: HTMLElement, user: User): void {
  for (const element of menu.querySelectorAll('[data-account-nickname]')) {
    element.textContent = user.nickname;
  }
  for (const element of menu.querySelectorAll('[data-account-username]')) {
    element.textContent = user.username;
  }
  const avatar = menu.querySelector<HTMLImageElement>('[data-account-avatar]');
  if (avatar) {
    avatar.onerror = () => {
      if (!avatar.src.endsWith(DEFAULT_AVATAR)) avatar.src = DEFAULT_AVATAR;
    };
    const src = avatarUrl(user.avatar);
    if (avatar.getAttribute('src') !== src) avatar.src = src;
  }
}

/** Shows the account area for `user` (null: nobody signed in). */
export function showAccount(root: Document, user: User | null, signOut: SignOut): void {
  const area = root.querySelector<HTMLElement>('[data-account]');
  const link = area?.querySelector<HTMLElement>('[data-account-sign-in]');
  const template = area?.querySelector<HTMLTemplateElement>('template');
  if (!area || !link || !template) return;
  let menu = area.querySelector<HTMLElement>('[data-account-menu]');

  if (!user) {
    const hadFocus = menu?.contains(root.activeElement) ?? false;
    menu?.remove();
    link.hidden = false;
    if (hadFocus) link.focus();
  } else {
    if (!menu) {
      const clone = template.content.firstElementChild?.cloneNode(true);
      if (!(clone instanceof HTMLElement)) return;
      menu = clone;
      bindMenu(menu, signOut);
      area.append(menu);
    }
    fill(menu, user);
    link.hidden = true;
  }
  area.dataset.settled = '';
}
