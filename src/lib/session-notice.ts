/**
 * "You were signed out, and why". When an answer says the session is gone (-1/-2), src/lib/http.ts
 * notes the reason here just before it reloads the page; the page guard then shows the notice once,
 * on the first page that stays (after any redirect to the login page), in the layout's
 * `#session-notice`. Plain DOM: the notice is on every page, reader pages included.
 */
import { en, zhCN } from './i18n/session-notice.ts';
import { isSessionEndReason, type SessionEndReason } from './shared/session-end.ts';
import { SESSION_ENDED_KEY } from './storage.ts';

export type SessionEndedNotice = SessionEndReason | 'unknown';

// Only this notice's messages: the guard loads this module on any page where a notice waits.
const TEXTS = { 'zh-CN': zhCN, en } as const;
const LOCALES = Object.keys(TEXTS) as (keyof typeof TEXTS)[];

function tabStorage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/** Notes that the session ended (`null`: the server named no reason) for the next page. */
export function noteSessionEnded(reason: SessionEndReason | null): void {
  try {
    tabStorage()?.setItem(SESSION_ENDED_KEY, reason ?? 'unknown');
  } catch {
    // Storage refused: the visitor is signed out all the same, only without the notice.
  }
}

function takeSessionEnded(): SessionEndedNotice | null {
  try {
    const storage = tabStorage();
    const value = storage?.getItem(SESSION_ENDED_KEY) ?? null;
    storage?.removeItem(SESSION_ENDED_KEY);
    if (value === null) return null;
    return isSessionEndReason(value) ? value : 'unknown';
  } catch {
    return null;
  }
}

function textIn(notice: SessionEndedNotice): HTMLElement[] {
  return LOCALES.map((locale) => {
    const span = document.createElement('span');
    span.dataset.i18n = locale;
    span.lang = locale;
    span.textContent = TEXTS[locale][`sessionEnded.${notice}`];
    return span;
  });
}

/**
 * Shows the noted notice, if any, in `#session-notice` (its `[role=status]` gets the text in both
 * languages; <html data-lang> shows one) and forgets it, so it shows once. Its button dismisses it.
 * True when shown.
 */
export function showSessionEndedNotice(root: Document = document): boolean {
  const box = root.getElementById('session-notice');
  const text = box?.querySelector<HTMLElement>('[role="status"]');
  const dismiss = box?.querySelector<HTMLButtonElement>('button');
  if (!box || !text || !dismiss) return false;
  const notice = takeSessionEnded();
  if (notice === null) return false;

  text.replaceChildren(...textIn(notice));
  box.dataset.shown = notice;
  dismiss.hidden = false;
  dismiss.addEventListener(
    'click',
    () => {
      text.replaceChildren();
      delete box.dataset.shown;
      dismiss.hidden = true;
      // The button that had focus is gone: keep keyboard users in the page, not on <body>.
      root.getElementById('main')?.focus();
    },
    { once: true },
  );
  return true;
}
