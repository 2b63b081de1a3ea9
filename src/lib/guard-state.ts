/**
 * Whether the page's guard has allowed the page: `<html data-guard="ok">`, set by
 * src/lib/guard-runtime.ts. Tiny on purpose: the `client:guarded` directive
 * (src/lib/guarded-directive.ts) is inlined into every guarded page.
 */

/** The value of `document.documentElement.dataset.guard` once the page may show itself. */
export const GUARD_OK = 'ok';

export function isPageAllowed(root: HTMLElement = document.documentElement): boolean {
  return root.dataset.guard === GUARD_OK;
}

/** Marks the page allowed: its protected content shows and its guarded islands hydrate. */
export function allowPage(root: HTMLElement = document.documentElement): void {
  root.dataset.guard = GUARD_OK;
}

/** Resolves once the page is allowed; never, when the guard sends the visitor elsewhere. */
export function whenPageAllowed(root: HTMLElement = document.documentElement): Promise<void> {
  if (isPageAllowed(root)) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!isPageAllowed(root)) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(root, { attributes: true, attributeFilter: ['data-guard'] });
  });
}
