import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { Role } from '../../src/lib/shared/permissions.ts';
import { newAccount, signInAs } from './fixtures.ts';

async function violations(page: Page) {
  // Wait for the islands that hydrate on their own, then check the page as a visitor meets it.
  // An island that waits for its first use (`client:interaction`, the contact form) is checked as
  // prebuilt; the search page's, opened with ?q=, hydrates at once.
  const waiting = new URL(page.url()).searchParams.has('q')
    ? 'astro-island[ssr]'
    : 'astro-island[ssr]:not([client="interaction"])';
  await expect(page.locator(waiting)).toHaveCount(0);
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
      '/blog/search?q=Markdown',
      '/blog/contact',
    ]) {
      test(`${path} has no axe violations`, async ({ page }) => {
        await page.goto(path);
        expect(await violations(page)).toEqual([]);
      });
    }

    test('an article page, its share bar and comments included, has no axe violations', async ({
      page,
      request,
    }) => {
      const list = await (await request.get('/api/blog/article?pageNum=1&pageSize=1')).json();
      await page.goto(`/blog/${list.data.records[0].id}`);
      // The share bar and comments hydrate when they scroll into view.
      await page.getByRole('heading', { name: /评论|Comments/ }).scrollIntoViewIfNeeded();
      expect(await violations(page)).toEqual([]);
    });

    test('the signed-in pages have no axe violations', async ({ page }) => {
      const { token } = await newAccount([Role.SUPER_ADMIN, Role.BLOG_ADMIN]);
      await signInAs(page, token);
      for (const path of [
        '/auth/profile',
        '/admin/user/list',
        '/blog/manage',
        '/blog/manage/article/list',
        '/blog/manage/article/add',
        '/blog/manage/category/list',
        '/blog/manage/contact/list',
      ]) {
        await page.goto(path);
        await expect(page.locator('main')).toBeVisible();
        expect(await violations(page), path).toEqual([]);
      }
    });
  });
}
