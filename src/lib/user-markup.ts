/**
 * Prebuilt markup that depends on who is signed in, for pages without React (the header's section
 * links, the index's grid): `data-needs-any="p q"` shows an element only to a user holding any of
 * those permissions or roles (it is prebuilt `hidden`); `data-anonymous-only` hides it once a user
 * is signed in. Applied by src/lib/session-page.ts, which loads only when a token is stored.
 */
import { hasAnyPermission } from './shared/permissions.ts';

/** `held`: the signed-in user's permissions, or null for nobody. */
export function showForUser(root: ParentNode, held: readonly string[] | null): void {
  for (const element of root.querySelectorAll<HTMLElement>('[data-needs-any]')) {
    const wanted = (element.dataset.needsAny ?? '').split(' ').filter(Boolean);
    element.hidden = held === null || wanted.length === 0 || !hasAnyPermission(held, wanted);
  }
  for (const element of root.querySelectorAll<HTMLElement>('[data-anonymous-only]')) {
    element.hidden = held !== null;
  }
}
