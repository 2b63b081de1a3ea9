/** Accounts for the browser tests, made directly in the e2e server's database. */
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { ROLE_NAMES, type RoleName } from '../../src/lib/shared/permissions.ts';
import { SessionService } from '../../src/server/auth/index.ts';
import { connectDb } from '../../src/server/db/connect.ts';
import { createUser, type User } from '../../src/server/user/index.ts';
import { E2E_DATA_DIR, E2E_PORTS } from './ports.ts';

const sqlitePath = path.join(E2E_DATA_DIR, 'atrium.db');
let counter = 0;

async function withDb<T>(work: (db: ReturnType<typeof connectDb>) => Promise<T>): Promise<T> {
  const db = connectDb({ databaseUrl: null, sqlitePath });
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

const policy = { idleDays: 7, maxDays: 30, refreshGraceSeconds: 30 };

/** A new user with the roles, and a session token for it. */
export async function newAccount(roles: RoleName[] = []): Promise<{ user: User; token: string }> {
  counter += 1;
  return withDb(async (db) => {
    const ctx = { db, now: Date.now };
    const user = await createUser(ctx, {
      username: `e2e${counter}_${Date.now().toString(36)}`,
      nickname: `测试用户${counter}`,
      password: 'a long enough passphrase',
      roles: roles.filter((r) => ROLE_NAMES.includes(r)),
    });
    const token = await new SessionService(ctx, policy).create(user.id, {
      userAgent: 'playwright',
      ip: '127.0.0.1',
    });
    return { user, token };
  });
}

/** Ends every session of a user on the server, as a lock or password change would. */
export async function revokeSessions(userId: string): Promise<void> {
  await withDb(async (db) => {
    await db.kysely
      .updateTable('sessions')
      .set({ revoked_time: new Date().toISOString() })
      .where('user_id', '=', userId)
      .execute();
  });
}

/** Stores the token the way the site does after sign-in. */
export async function signInAs(page: Page, token: string): Promise<void> {
  await page.goto('/403');
  await page.evaluate((t) => localStorage.setItem('token', t), token);
}

interface Mail {
  to: string[];
  subject: string;
  text: string;
}

/** Waits for a mail to `address` (as the e2e SMTP server received it) whose text matches. */
export async function mailTo(address: string, match: RegExp, timeoutMs = 15_000): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`http://127.0.0.1:${E2E_PORTS.services}/mails`);
    const mails = (await response.json()) as Mail[];
    const found = mails.find((m) => m.to.includes(address.toLowerCase()) && match.test(m.text));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${address} matching ${match}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A unique name for this run. */
export function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

/** Sets an email on an account made by newAccount (recovery needs one). */
export async function setEmail(userId: string, email: string): Promise<void> {
  await withDb(async (db) => {
    await db.kysely.updateTable('users').set({ email }).where('id', '=', userId).execute();
  });
}

/** Waits for the page's own module (the guard, then the header's behaviour: no island). */
export async function whenPageReady(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-guard', 'ok');
}

/** Waits until the island holding `control` has hydrated (Astro drops its `ssr` attribute then). */
export async function whenHydrated(control: Locator): Promise<Locator> {
  await expect(control.page().locator('astro-island', { has: control }).last()).not.toHaveAttribute(
    'ssr',
  );
  return control;
}

/** The e2e server runs with CAPTCHA_TEST_MODE: every image captcha reads TEST. */
export const CAPTCHA = 'TEST';

/** Types the image captcha's code once its picture is shown, as a reader would. */
export async function typeCaptcha(page: Page): Promise<void> {
  await expect(page.getByRole('img', { name: 'Code picture' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Code', exact: true }).fill(CAPTCHA);
}
