import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { Role } from '../../src/lib/shared/permissions.ts';
import { newAccount, signInAs } from './fixtures.ts';

async function violations(page: Page) {
  // Wait for the islands, then check the page as a visitor meets it.
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ colorScheme: theme });

    for (const path of [
      '/',
      '/auth/login',
      '/auth/register',
      '/auth/recover/initiate',
      '/404',
      '/practice',
      '/blog',
    ]) {
      test(`${path} has no axe violations`, async ({ page }) => {
        await page.goto(path);
        expect(await violations(page)).toEqual([]);
      });
    }

    test('the signed-in pages have no axe violations', async ({ page }) => {
      const { token } = await newAccount([Role.SUPER_ADMIN]);
      await signInAs(page, token);
      for (const path of ['/auth/profile', '/admin/user/list']) {
        await page.goto(path);
        await expect(page.locator('main')).toBeVisible();
        expect(await violations(page), path).toEqual([]);
      }
    });
  });
}
