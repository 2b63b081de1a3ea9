import { expect, test } from '@playwright/test';
import { whenPageReady } from './fixtures.ts';

test('the language choice persists across pages', async ({ page }) => {
  await page.goto('/');
  const html = page.locator('html');
  const start = await html.getAttribute('data-lang');
  await whenPageReady(page);
  await page
    .getByRole('button', { name: /English|中文/ })
    .first()
    .click();
  const chosen = start === 'en' ? 'zh-CN' : 'en';
  await expect(html).toHaveAttribute('data-lang', chosen);
  await expect(html).toHaveAttribute('lang', chosen);
  await page.goto('/practice');
  await expect(html).toHaveAttribute('data-lang', chosen);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toContainText(chosen === 'en' ? /[A-Za-z]/ : /[\u4e00-\u9fff]/);
});

test('the theme follows the system and a manual choice persists across pages', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html).toHaveAttribute('data-theme', 'light');

  // The first click always picks the opposite of what shows.
  await whenPageReady(page);
  await page
    .getByRole('button', { name: /主题|Theme/ })
    .first()
    .click();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await page.goto('/blog');
  await expect(html).toHaveAttribute('data-theme', 'dark');
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
    background,
  );
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  for (const path of [
    '/',
    '/blog',
    '/practice',
    '/nav',
    '/resume',
    '/404',
    '/auth/login',
    '/blog/contact',
  ]) {
    test(`${path} has no horizontal scroll`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('main')).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
});

test('every page carries a content security policy and no console errors on the index', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/');
  await expect(page.locator('main')).toBeVisible();
  const csp = await page
    .locator('meta[http-equiv="content-security-policy"]')
    .getAttribute('content');
  expect(csp).toContain('script-src');
  expect(errors).toEqual([]);
});

test('a reader gets the header without React and loads no island before using the page', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.setViewportSize({ width: 375, height: 740 });
  for (const path of ['/', '/blog', '/blog/contact']) {
    await page.goto(path);
    await whenPageReady(page);
    await page.waitForLoadState('networkidle');
  }
  expect(scripts.filter((s) => /\/_astro\/(client|react|session-page|http)\./.test(s))).toEqual([]);

  // The section menu (a disclosure) opens, leads somewhere and closes on Escape.
  const menu = page.locator('details[data-section-menu]');
  await menu.locator('summary').click();
  await expect(menu.getByRole('link', { name: /博客|Blog/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).not.toHaveAttribute('open');
  await expect(page.getByRole('link', { name: /登录|Sign in/ }).first()).toBeVisible();
});
