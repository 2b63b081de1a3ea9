import { expect, test } from '@playwright/test';
import { Role } from '../../src/lib/shared/permissions.ts';
import { newAccount, revokeSessions, signInAs } from './fixtures.ts';

test('the header shows the signed-in user, and admin entries only to their holders', async ({
  page,
}) => {
  const plain = await newAccount();
  await signInAs(page, plain.token);
  await page.goto('/');
  const main = page.locator('main');
  await expect(page.getByRole('button', { name: new RegExp(plain.user.nickname) })).toBeVisible();
  await expect(main.getByRole('link', { name: /博客|Blog/ }).first()).toBeVisible();
  // Prebuilt for everyone, shown only to holders of its permission.
  await expect(main.locator(`a[href="/admin/user/list"]`)).toBeHidden();

  const owner = await newAccount([Role.SUPER_ADMIN]);
  await page.evaluate((t) => localStorage.setItem('token', t), owner.token);
  await page.reload();
  await expect(main.locator(`a[href="/admin/user/list"]`)).toBeVisible();
});

test('a session revoked on the server clears itself and reloads the page at the next call', async ({
  page,
}) => {
  const { user, token } = await newAccount();
  await signInAs(page, token);
  await page.goto('/pic');
  await expect(page).toHaveURL(/\/pic\/?$/);
  await expect(page.getByRole('button', { name: new RegExp(user.nickname) })).toBeVisible();

  await revokeSessions(user.id);
  // The next heartbeat (every 10 s) answers -2: the token goes, the page reloads, and /pic,
  // which needs a signed-in user, sends the visitor to the login page.
  await expect(page).toHaveURL(/\/auth\/login\/?$/, { timeout: 20_000 });
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('pre-route'))).toBe('/pic');
});

test('signing out ends the session on the server', async ({ page, request }) => {
  const { user, token } = await newAccount();
  await signInAs(page, token);
  await page.goto('/');
  await page.getByRole('button', { name: new RegExp(user.nickname) }).click();
  await page.getByRole('button', { name: /退出登录|Sign out/ }).click();
  await expect(page.getByRole('link', { name: /登录|Sign in/ })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  const answer = await request.get('/api/user/info/private', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect((await answer.json()).code).toBe(-2);
});
