/**
 * What readers see on the prebuilt blog, on the demo articles every new site has: summaries that
 * are plain text everywhere, counts that agree with the API, search marks for every term, tables
 * that fit a phone.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext } from '@playwright/test';

test.use({ locale: 'en-US' });

interface Listed {
  id: string;
  title: string;
  summary: string;
  views: number;
}

async function listed(request: APIRequestContext): Promise<Listed[]> {
  const res = await request.get('/api/blog/article?pageNum=1&pageSize=10');
  return ((await res.json()) as { data: { records: Listed[] } }).data.records;
}

async function demo(request: APIRequestContext, title: string): Promise<Listed> {
  const found = (await listed(request)).find((a) => a.title === title);
  if (!found) throw new Error(`the demo article "${title}" is missing`);
  return found;
}

/** What Markdown leaves behind when it is not read as a document. */
const MARKDOWN_RESIDUE = /\||\$|\[[ x]\]|```|\]\(|!\[|\\[a-z]/i;

test('a summary is the same plain text in the list, the API, the feeds and the meta description', async ({
  page,
  request,
}) => {
  const tour = await demo(request, 'A tour of Markdown in Atrium');
  expect(tour.summary).not.toMatch(MARKDOWN_RESIDUE);
  expect(tour.summary).toContain('Write the first article Publish it');

  await page.goto('/blog');
  const card = page.locator(`article[data-article-id="${tour.id}"]`);
  await expect(card.locator('p').first()).toHaveText(tour.summary);

  await page.goto(`/blog/${tour.id}`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', tour.summary);
  await expect(page.locator('meta[property="og:description"]')).toHaveAttribute(
    'content',
    tour.summary,
  );

  const json = (await (await request.get('/api/blog/feed/feed.json')).json()) as {
    items: { url: string; summary?: string }[];
  };
  expect(json.items.find((item) => item.url.endsWith(`/blog/${tour.id}`))?.summary).toBe(
    tour.summary,
  );
  const rss = await (await request.get('/api/blog/feed/rss.xml')).text();
  expect(rss).toContain('Write the first article Publish it Math Inline math such as, and blocks:');
  expect(rss).not.toContain('Feature Supported');
});

test('the static search shows no TeX source in its excerpts', async ({ page }) => {
  await page.goto(`/blog/search?q=${encodeURIComponent('Inline math')}`);
  const result = page.locator('ol li', { hasText: 'A tour of Markdown in Atrium' });
  await expect(result).toBeVisible();
  await expect(page.getByText('these results come from the database')).toHaveCount(0);
  await expect(result.locator('p')).not.toContainText('\\pi');
  await expect(result.locator('p')).not.toContainText('e^{');
});

test('the static search marks every term of a Chinese query, even far apart', async ({ page }) => {
  // In the welcome article 编辑 is near the start and 邮箱 near the end: one window holds one.
  await page.goto(`/blog/search?q=${encodeURIComponent('编辑邮箱')}`);
  const result = page.locator('ol li', { hasText: '欢迎来到 Atrium' });
  await expect(result).toBeVisible();
  await expect(page.getByText('these results come from the database')).toHaveCount(0);
  await expect(result.locator('p mark', { hasText: '编辑' })).toHaveCount(1);
  await expect(result.locator('p mark', { hasText: '邮箱' })).toHaveCount(1);
});

test('an article page shows no view count that disagrees with the API', async ({
  page,
  request,
}) => {
  const welcome = await demo(request, 'Hello from Atrium');
  // A read through the API counts a view the build never saw.
  await request.get(`/api/blog/article/detail/${welcome.id}`);
  const { views } = await demo(request, 'Hello from Atrium');
  expect(views).toBeGreaterThan(0);

  await page.goto(`/blog/${welcome.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Hello from Atrium' })).toBeVisible();
  const header = await page.locator('article header').innerText();
  for (const shown of header.matchAll(/(\d+) views?\b/g)) expect(Number(shown[1])).toBe(views);
  expect(header).not.toMatch(/\b1 views\b/);

  await page.goto('/blog');
  const cards = await page.locator('main').innerText();
  for (const shown of cards.matchAll(/(\d+) views?\b/g)) expect(Number(shown[1])).toBe(views);
});

test.describe('on a phone (375 px)', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('a Markdown table stays in its own scrolling box; its columns keep room for words', async ({
    page,
    request,
  }) => {
    const article = await demo(request, '同一套迁移跑在 SQLite 与 PostgreSQL 上');
    await page.goto(`/blog/${article.id}`);
    const box = page.getByRole('region', { name: '方面, SQLite, PostgreSQL' });
    await expect(box).toBeVisible();

    const width = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(width.scroll).toBeLessThanOrEqual(width.client);

    // The first column holds 自增主键, 全文搜索, 布尔值: each on one line, not one character a line.
    const cells = box.locator('tbody td:first-child');
    await expect(cells).toHaveCount(3);
    for (const cell of await cells.all()) {
      const lines = await cell.evaluate((td) => {
        const range = document.createRange();
        range.selectNodeContents(td);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      });
      expect(lines, await cell.innerText()).toBe(1);
    }

    // At 320 px (the narrowest width WCAG asks to reflow to) the table is wider than the page:
    // the page still does not scroll, the box does, by keyboard too.
    await page.setViewportSize({ width: 320, height: 740 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(320);
    const overflow = await box.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeGreaterThan(0);
    await box.focus();
    await expect(box).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => box.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`the article with a table has no axe violations (${theme} theme)`, async ({
      page,
      request,
    }) => {
      await page.emulateMedia({ colorScheme: theme });
      const article = await demo(request, '同一套迁移跑在 SQLite 与 PostgreSQL 上');
      await page.goto(`/blog/${article.id}`);
      await expect(page.getByRole('region', { name: '方面, SQLite, PostgreSQL' })).toBeVisible();
      const result = await new AxeBuilder({ page }).include('.prose-article').analyze();
      expect(result.violations.map((v) => v.id)).toEqual([]);
    });
  }
});
