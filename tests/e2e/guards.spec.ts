import { expect, test } from '@playwright/test';
import { Role } from '../../src/lib/shared/permissions.ts';
import { newAccount, signInAs } from './fixtures.ts';

test('an anonymous visit to /pic lands on the login page and remembers /pic', async ({ page }) => {
  await page.goto('/pic');
  await expect(page).toHaveURL(/\/auth\/login\/?$/);
  expect(await page.evaluate(() => localStorage.getItem('pre-route'))).toBe('/pic');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('a visit to /kill lands on /require-desktop', async ({ page }) => {
    await page.goto('/kill');
    await expect(page).toHaveURL(/\/require-desktop\/?$/);
  });
});

test('a signed-in desktop visit to /kill lands on /maintenance', async ({ page }) => {
  const { token } = await newAccount();
  await signInAs(page, token);
  await page.goto('/kill');
  await expect(page).toHaveURL(/\/maintenance\/?$/);
});

test('a signed-in user without ROLE_super_admin visiting /admin/user/list lands on /403', async ({
  page,
}) => {
  const { token } = await newAccount([Role.BLOG_ADMIN]);
  await signInAs(page, token);
  await page.goto('/admin/user/list');
  await expect(page).toHaveURL(/\/403\/?$/);
  expect(await page.evaluate(() => localStorage.getItem('pre-route'))).toBe('/admin/user/list');
});

test('a super admin sees the user pages, including a dynamic-id shell', async ({ page }) => {
  const { token } = await newAccount([Role.SUPER_ADMIN]);
  await signInAs(page, token);
  await page.goto('/admin/user/list');
  await expect(page).toHaveURL(/\/admin\/user\/list\/?$/);
  await expect(page.locator('main')).toBeVisible();
  const response = await page.goto('/admin/user/edit/some-user-id');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/admin\/user\/edit\/some-user-id$/);
  await expect(page.locator('main')).toBeVisible();
});

test('protected content stays hidden until the guard allows it', async ({ page }) => {
  const { token } = await newAccount([Role.BLOG_ADMIN]);
  await signInAs(page, token);
  // Hold the profile answer so the page sits in the "checking" state.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/user/info/private', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/admin/user/list', { waitUntil: 'domcontentloaded' });
  await expect(page.locator('main')).toBeHidden();
  release();
  await expect(page).toHaveURL(/\/403\/?$/);
});

test('an unknown path shows the 404 page with status 404', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/页面不存在|Page not found/);
});
