/**
 * Showing a page the guard has allowed — shared by the guard's halves (src/lib/guard-runtime.ts,
 * src/lib/guard-core.ts), and small, because every page loads it: marks <html data-guard="ok">
 * and shows the "signed out" notice when one is waiting (on the page that stays, so after a
 * redirect to the login page it shows there). The notice's code loads only then.
 */
import { allowPage } from './guard-state.ts';
import { SESSION_ENDED_KEY } from './storage.ts';

function noticeWaiting(): boolean {
  try {
    return sessionStorage.getItem(SESSION_ENDED_KEY) !== null;
  } catch {
    return false;
  }
}

export async function openPage(): Promise<void> {
  allowPage();
  if (noticeWaiting()) (await import('./session-notice.ts')).showSessionEndedNotice();
}
