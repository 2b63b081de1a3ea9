/**
 * Sign-in throttling (issue 3 point 3, docs/security.md). Failures are counted per account and per
 * IP; they are forgotten after 15 minutes without a failure (LOGIN_WINDOW_MS, counted from the end
 * of any delay the last failure started). From the 3rd an image captcha is required; from the 5th
 * each failure starts a delay (30 s, doubling per failure, capped at 15 minutes) during which every
 * attempt is refused with -429, even with the right password. Nothing is permanent: delays and
 * counters end on their own, and a successful sign-in clears the account's. State lives in the Kv
 * store, so it holds across instances when Redis is configured.
 */
import { tooManyRequests } from '../common/rate-limit.ts';
import type { AppContext } from '../context.ts';

export const LOGIN_WINDOW_MS = 15 * 60_000;
export const CAPTCHA_AFTER_FAILURES = 3;
export const DELAY_FROM_FAILURE = 5;
export const FIRST_DELAY_MS = 30_000;
export const MAX_DELAY_MS = 15 * 60_000;
/** How long one attempt may hold its account's turn (a crashed attempt frees it after this). */
const TURN_MS = 10_000;
/** A counter lives at most this long, even under a failure every 15 minutes. */
const COUNTER_MAX_MS = 24 * 3_600_000;

/** The delay that the nth failure within the window starts (0 before DELAY_FROM_FAILURE). */
export function delayAfter(failures: number): number {
  if (failures < DELAY_FROM_FAILURE) return 0;
  return Math.min(FIRST_DELAY_MS * 2 ** (failures - DELAY_FROM_FAILURE), MAX_DELAY_MS);
}

/** The -429 refusal of an attempt made too soon. */
export const tooManyAttempts = tooManyRequests;

/** The two subjects an attempt is counted against. */
export interface LoginSubject {
  /** The user id when the account exists, else the name as typed (so both behave the same). */
  readonly account: string;
  readonly ip: string;
}

type ThrottleContext = Pick<AppContext, 'kv' | 'now'>;

function keysOf(subject: LoginSubject) {
  return [`login:account:${subject.account}`, `login:ip:${subject.ip}`] as const;
}

/**
 * Takes the account's turn: one attempt at a time per account, so a burst of parallel guesses
 * cannot all pass before the first failure is counted. Throws -429 while another attempt runs;
 * resolves with the function that gives the turn back.
 */
export async function takeTurn(
  ctx: ThrottleContext,
  subject: LoginSubject,
): Promise<() => Promise<void>> {
  const turn = `login:turn:${subject.account}`;
  if (!(await ctx.kv.setIfAbsent(turn, '1', TURN_MS))) throw tooManyAttempts(1000);
  return () => ctx.kv.del(turn);
}

/** The failures a key remembers: none once its window has passed without a failure. */
async function failuresOf(ctx: ThrottleContext, key: string): Promise<number> {
  if ((await ctx.kv.get(`${key}:recent`)) === null) return 0;
  return Number((await ctx.kv.get(`${key}:failures`)) ?? 0);
}

/** Throws -429 while a delay runs; otherwise tells whether a captcha is required. */
export async function checkThrottle(
  ctx: ThrottleContext,
  subject: LoginSubject,
): Promise<{ captchaRequired: boolean }> {
  const now = ctx.now();
  let waitMs = 0;
  let failures = 0;
  for (const key of keysOf(subject)) {
    const until = Number((await ctx.kv.get(`${key}:until`)) ?? 0);
    waitMs = Math.max(waitMs, until - now);
    failures = Math.max(failures, await failuresOf(ctx, key));
  }
  if (waitMs > 0) throw tooManyAttempts(waitMs);
  return { captchaRequired: failures >= CAPTCHA_AFTER_FAILURES };
}

/** Counts a failure against the account and the IP; tells whether the next attempt needs a captcha. */
export async function countFailure(
  ctx: ThrottleContext,
  subject: LoginSubject,
): Promise<{ captchaRequired: boolean }> {
  const now = ctx.now();
  let failures = 0;
  for (const key of keysOf(subject)) {
    // A window that passed in quiet starts the count over.
    if ((await ctx.kv.get(`${key}:recent`)) === null) await ctx.kv.del(`${key}:failures`);
    const count = await ctx.kv.incr(`${key}:failures`, COUNTER_MAX_MS);
    failures = Math.max(failures, count);
    const delay = delayAfter(count);
    if (delay > 0) await ctx.kv.set(`${key}:until`, String(now + delay), delay);
    await ctx.kv.set(`${key}:recent`, '1', delay + LOGIN_WINDOW_MS);
  }
  return { captchaRequired: failures >= CAPTCHA_AFTER_FAILURES };
}

/** A successful sign-in clears the account's counters (not the IP's). */
export async function clearFailures(ctx: ThrottleContext, subject: LoginSubject): Promise<void> {
  const [account] = keysOf(subject);
  for (const part of ['failures', 'until', 'recent']) await ctx.kv.del(`${account}:${part}`);
}
