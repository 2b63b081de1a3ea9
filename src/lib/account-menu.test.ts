import { afterEach, expect, test, vi } from 'vitest';
import { showAccount } from './account-menu.ts';
import { testUser } from './test-user.ts';

const alice = testUser();

/** The account area as src/components/header/AccountArea.astro prebuilds it (its hooks only). */
function prebuilt(): void {
  document.body.innerHTML = `
    <div data-account>
      <a href="/auth/login" data-account-sign-in>Sign in</a>
      <template>
        <div data-account-menu>
          <button type="button" aria-expanded="false" data-account-toggle>
            <img src="/avatar.svg" alt="" data-account-avatar /><span data-account-nickname></span>
          </button>
          <ul hidden data-account-list>
            <li><span data-account-nickname></span><span data-account-username></span></li>
            <li><button type="button" data-account-sign-out>Sign out</button></li>
            <li role="alert" hidden data-account-failed>Failed</li>
          </ul>
        </div>
      </template>
    </div>`;
}

const q = <T extends HTMLElement>(selector: string) => document.querySelector<T>(selector) as T;

afterEach(() => {
  document.body.innerHTML = '';
});

test('a user gets the menu in place of "Sign in"; nobody gets the link back', () => {
  prebuilt();
  const signOut = vi.fn(async () => {});
  showAccount(document, alice, signOut);
  expect(q('[data-account-sign-in]').hidden).toBe(true);
  expect(q('[data-account-username]').textContent).toBe('alice');
  expect(q('[data-account]').dataset.settled).toBe('');
  showAccount(document, alice, signOut); // a second call updates, never duplicates
  expect(document.querySelectorAll('[data-account-menu]')).toHaveLength(1);

  showAccount(document, null, signOut);
  expect(document.querySelector('[data-account-menu]')).toBeNull();
  expect(q('[data-account-sign-in]').hidden).toBe(false);
});

test('the menu opens on its button and closes on Escape, focus back on the button', () => {
  prebuilt();
  showAccount(document, alice, async () => {});
  const toggle = q<HTMLButtonElement>('[data-account-toggle]');
  toggle.click();
  expect(toggle.getAttribute('aria-expanded')).toBe('true');
  expect(q('[data-account-list]').hidden).toBe(false);
  document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
  expect(document.activeElement).toBe(toggle);
});

test('signing out waits busy, and a failure says so and frees the button', async () => {
  prebuilt();
  let fail: (error: Error) => void = () => {};
  showAccount(document, alice, () => new Promise((_, reject) => (fail = reject)));
  const button = q<HTMLButtonElement>('[data-account-sign-out]');
  button.click();
  expect(button.disabled).toBe(true);
  fail(new Error('offline'));
  await vi.waitFor(() => expect(button.disabled).toBe(false));
  expect(q('[data-account-failed]').hidden).toBe(false);
});
