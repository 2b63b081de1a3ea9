/** Device classes for the desktop-only guard (spec §6, §9). Pure: the caller passes the inputs. */

export type Device = 'phone' | 'tablet' | 'desktop';

/** Viewports narrower than this are phones (spec §9: 600 px). */
export const PHONE_MAX_WIDTH = 600;

// iPad (incl. iPadOS Safari, whose UA also says "Mobile/…"), Android without "Mobile" (Android
// tablets), Firefox's "Tablet" token, Kindle / Silk (Amazon Fire), BlackBerry PlayBook.
const TABLET_UA = /iPad|Tablet|Kindle|Silk|PlayBook|Android(?!.*Mobi)/i;
// iPhone / iPod, Android phones ("Android … Mobile"), Windows Phone, IEMobile, BlackBerry, Opera
// Mini, webOS, and the generic "Mobi" token (MDN's advice for phone detection).
const PHONE_UA =
  /iPhone|iPod|Android.*Mobi|Windows Phone|IEMobile|BlackBerry|BB10|Opera Mini|webOS|Mobi/i;
// iPadOS 13+ "desktop" Safari presents itself as a Mac; only touch support gives it away.
const MAC_UA = /Macintosh/i;

/**
 * Phone when the viewport is narrower than 600 px or the user agent is a phone's; tablet by user
 * agent (or a "Mac" with a touch screen, i.e. an iPad in desktop mode); otherwise desktop.
 * `maxTouchPoints` is `navigator.maxTouchPoints` (optional; 0 when unknown).
 */
export function detectDevice(width: number, userAgent: string, maxTouchPoints = 0): Device {
  if (width < PHONE_MAX_WIDTH) return 'phone';
  if (TABLET_UA.test(userAgent)) return 'tablet';
  if (PHONE_UA.test(userAgent)) return 'phone';
  if (MAC_UA.test(userAgent) && maxTouchPoints > 1) return 'tablet';
  return 'desktop';
}

export function isDesktop(width: number, userAgent: string, maxTouchPoints = 0): boolean {
  return detectDevice(width, userAgent, maxTouchPoints) === 'desktop';
}
