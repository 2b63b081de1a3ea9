import { afterEach, beforeEach, expect, test } from 'vitest';
import { noteSessionEnded, showSessionEndedNotice } from './session-notice.ts';
import { SESSION_ENDED_KEY } from './storage.ts';

/** The notice's markup as src/layouts/BaseLayout.astro writes it. */
function layout(): void {
  document.body.innerHTML = `
    <div id="session-notice">
      <p role="status"></p>
      <button type="button" hidden>Dismiss</button>
    </div>
    <main id="main" tabindex="-1"></main>`;
}

const box = () => document.getElementById('session-notice') as HTMLElement;
const status = () => box().querySelector('[role="status"]') as HTMLElement;
const dismiss = () => box().querySelector('button') as HTMLButtonElement;
const textIn = (locale: string) =>
  status().querySelector(`[data-i18n="${locale}"]`)?.textContent ?? null;

beforeEach(() => {
  sessionStorage.clear();
  layout();
});

afterEach(() => {
  document.body.innerHTML = '';
});

test('nothing noted: nothing shown', () => {
  expect(showSessionEndedNotice()).toBe(false);
  expect(status().textContent).toBe('');
  expect(dismiss().hidden).toBe(true);
  expect(box().dataset.shown).toBeUndefined();
});

test.each([
  ['locked', /锁定/, /account has been locked/],
  ['passwordChanged', /密码已在别处修改/, /password was changed elsewhere/],
  ['revoked', /其他设备上或由管理员结束/, /another device or by an administrator/],
  ['expired', /过期/, /session expired/],
] as const)('a noted reason (%s) is named in both languages, once', (reason, zh, en) => {
  noteSessionEnded(reason);
  expect(sessionStorage.getItem(SESSION_ENDED_KEY)).toBe(reason);
  expect(showSessionEndedNotice()).toBe(true);
  expect(textIn('zh-CN')).toMatch(zh);
  expect(textIn('en')).toMatch(en);
  expect(status().querySelector('[data-i18n="en"]')?.getAttribute('lang')).toBe('en');
  expect(box().dataset.shown).toBe(reason);
  expect(dismiss().hidden).toBe(false);
  expect(sessionStorage.getItem(SESSION_ENDED_KEY)).toBeNull();

  layout();
  expect(showSessionEndedNotice()).toBe(false);
});

test('no reason from the server, or one this client does not know: the general notice', () => {
  noteSessionEnded(null);
  expect(showSessionEndedNotice()).toBe(true);
  expect(textIn('en')).toMatch(/no longer valid/);

  layout();
  sessionStorage.setItem(SESSION_ENDED_KEY, '<img src=x onerror=alert(1)>');
  expect(showSessionEndedNotice()).toBe(true);
  expect(textIn('en')).toMatch(/no longer valid/);
  expect(status().querySelector('img')).toBeNull();
});

test('dismissing empties and hides it, and keeps focus in the page', () => {
  noteSessionEnded('locked');
  showSessionEndedNotice();
  dismiss().focus();
  dismiss().click();
  expect(status().textContent).toBe('');
  expect(dismiss().hidden).toBe(true);
  expect(box().dataset.shown).toBeUndefined();
  expect(document.activeElement?.id).toBe('main');
});

test('a page without the notice element leaves the note for the next page', () => {
  document.body.innerHTML = '';
  noteSessionEnded('expired');
  expect(showSessionEndedNotice()).toBe(false);
  expect(sessionStorage.getItem(SESSION_ENDED_KEY)).toBe('expired');
});
