import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { Role } from '../../src/lib/shared/permissions.ts';
import { newAccount, signInAs, whenHydrated } from './fixtures.ts';

const PASSWORD = 'a long enough passphrase';
test.use({ locale: 'en-US' });

const remembered = (page: Page) => page.evaluate(() => localStorage.getItem('pre-route'));

async function signIn(page: Page, account: string): Promise<void> {
  await page.goto('/auth/login');
  await whenHydrated(page.getByRole('button', { name: 'Sign in', exact: true }));
  await page.getByRole('textbox', { name: 'Username or email', exact: true }).fill(account);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function signOut(page: Page, nickname: string): Promise<void> {
  const header = page.getByRole('banner');
  await header.getByRole('button', { name: new RegExp(nickname) }).click();
  await header.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(header.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
}

test('after a 403, every later sign-in lands home, not on "Access denied"', async ({ page }) => {
  const { user, token } = await newAccount();
  await signInAs(page, token);
  await page.goto('/admin/user/list');
  await expect(page).toHaveURL(/\/403\/?$/);
  expect(await remembered(page)).toBe('/admin/user/list');

  await page.goto('/blog');
  await signOut(page, user.nickname);
  for (let round = 0; round < 2; round += 1) {
    await signIn(page, user.username);
    // The header shows the user on the login page already: wait for where sign-in leads.
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(page.getByRole('banner').getByRole('button', { name: /测试用户/ })).toBeVisible();
    expect(await remembered(page)).toBeNull();
    await signOut(page, user.nickname);
  }
});

test('a remembered route the user may open is used once, by the sign-in it was for', async ({
  page,
}) => {
  const { user } = await newAccount();
  await page.goto('/pic');
  await expect(page).toHaveURL(/\/auth\/login\/?$/);
  await signIn(page, user.username);
  await expect(page).toHaveURL(/\/pic\/?$/);
  expect(await remembered(page)).toBeNull();

  await signOut(page, user.nickname);
  await signIn(page, user.username);
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('banner').getByRole('button', { name: /测试用户/ })).toBeVisible();
});

test('locked by an admin: the open page signs out and says why, once', async ({
  page,
  request,
}) => {
  const target = await newAccount();
  const owner = await newAccount([Role.SUPER_ADMIN]);
  await signInAs(page, target.token);
  await page.goto('/pic');
  await expect(page.getByRole('button', { name: new RegExp(target.user.nickname) })).toBeVisible();

  const locked = await request.post('/api/user/manage/lock', {
    headers: { authorization: `Bearer ${owner.token}` },
    data: { id: target.user.id, isLocked: true },
  });
  expect((await locked.json()).code).toBe(1);

  // The next heartbeat (every 10 s) answers -2 (locked): the page reloads, /pic sends the visitor
  // to the login page, and the notice is there.
  await expect(page).toHaveURL(/\/auth\/login\/?$/, { timeout: 20_000 });
  const notice = page.locator('#session-notice');
  await expect(notice.getByRole('status')).toHaveText(
    'You were signed out: your account has been locked. Contact the administrator if you think this is a mistake.',
    { useInnerText: true },
  );
  await expect(notice).toHaveCSS('border-top-style', 'solid');
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice.getByRole('status')).toBeEmpty();
  await expect(notice.getByRole('button')).toBeHidden();

  await page.reload();
  await whenHydrated(page.getByRole('button', { name: 'Sign in', exact: true }));
  await expect(notice.getByRole('status')).toBeEmpty();
});

test.describe('in Chinese', () => {
  test.use({ locale: 'zh-CN' });

  test('a password changed on another device: the notice says so in Chinese', async ({
    page,
    request,
  }) => {
    const { user, token } = await newAccount();
    await signInAs(page, token);
    await page.goto('/blog');
    await expect(page.getByRole('button', { name: new RegExp(user.nickname) })).toBeVisible();

    const other = await request.post('/api/user/auth/login', {
      data: { account: user.username, password: PASSWORD },
    });
    const otherToken = (await other.json()).data.token as string;
    const changed = await request.patch('/api/user/info/password', {
      headers: { authorization: `Bearer ${otherToken}` },
      data: {
        currentPassword: PASSWORD,
        newPassword: 'another long passphrase',
        confirmPassword: 'another long passphrase',
      },
    });
    expect((await changed.json()).code).toBe(1);

    // The next call of this page (here: the one that loads the user after a reload) answers -2.
    await page.reload();
    await expect(page).toHaveURL(/\/blog\/?$/);
    await expect(page.locator('#session-notice').getByRole('status')).toHaveText(
      '你的密码已在别处修改，已退出登录。请用新密码重新登录。',
      { useInnerText: true },
    );
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });
});

for (const theme of ['light', 'dark'] as const) {
  test.describe(`the notice in the ${theme} theme, on a phone`, () => {
    test.use({ colorScheme: theme, viewport: { width: 375, height: 740 } });

    test('is readable, fits the screen and passes axe', async ({ page }) => {
      await page.goto('/blog');
      await page.evaluate(() => sessionStorage.setItem('session-ended', 'revoked'));
      await page.reload();
      const notice = page.locator('#session-notice');
      await expect(notice.getByRole('status')).toHaveText(/ended from another device/, {
        useInnerText: true,
      });
      await expect(notice.getByRole('button', { name: 'Dismiss' })).toBeVisible();
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      ).toBe(true);
      await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
      const { violations } = await new AxeBuilder({ page }).include('#session-notice').analyze();
      expect(violations.map((v) => v.id)).toEqual([]);
    });
  });
}

test('guarded pages call nothing before their guard has allowed them', async ({ page }) => {
  const someone = await newAccount();
  const { token } = await newAccount([Role.PROXY_ADMIN]);
  await signInAs(page, token);

  const calls: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) calls.push(pathname);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));

  for (const path of [
    `/admin/user/edit/${someone.user.id}`,
    '/admin/user/list',
    '/blog/manage/article/list',
  ]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/403\/?$/);
    await expect(page.getByRole('button', { name: /测试用户/ })).toBeVisible();
  }

  // Only the session's own calls (loading the user, the heartbeat) were made.
  const session = new Set(['/api/user/info/private', '/api/user/auth/heartbeat']);
  expect(calls.filter((path) => !session.has(path))).toEqual([]);
  expect(errors).toEqual([]);
});
