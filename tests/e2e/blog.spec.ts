import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { Role } from '../../src/lib/shared/permissions.ts';
import { mailTo, newAccount, signInAs, typeCaptcha, uniqueName, whenHydrated } from './fixtures.ts';
import { E2E_PORTS } from './ports.ts';

/** The owner's address (ADMIN_EMAIL in playwright.config.ts). */
const OWNER_EMAIL = 'owner@example.test';
/** A rebuild (Astro, then Pagefind) on this 2-core machine, with margin. */
const REBUILD_MS = 150_000;

test.use({ locale: 'en-US' });

/** Waits until `/blog/{id}` is the prebuilt page (not the shell) and holds `text`. */
async function waitForPrebuilt(request: APIRequestContext, id: string, text: string) {
  await expect
    .poll(
      async () => {
        const html = await (await request.get(`/blog/${id}`)).text();
        return html.includes(text) && !html.includes('<meta name="robots" content="noindex"');
      },
      { timeout: REBUILD_MS, intervals: [500] },
    )
    .toBe(true);
}

async function firstDemoArticle(
  request: APIRequestContext,
): Promise<{ id: string; title: string }> {
  const res = await request.get('/api/blog/article?pageNum=1&pageSize=10');
  const body = (await res.json()) as { data: { records: { id: string; title: string }[] } };
  const first = body.data.records[0];
  if (!first) throw new Error('the demo articles are missing');
  return first;
}

async function smtp(up: boolean) {
  const res = await fetch(`http://127.0.0.1:${E2E_PORTS.services}/smtp/${up ? 'start' : 'stop'}`, {
    method: 'POST',
  });
  expect(res.ok).toBe(true);
}

test('a blog manager publishes an article with an image; readers see it before and after the rebuild, in search and in the feeds', async ({
  page,
  request,
}) => {
  test.setTimeout(REBUILD_MS + 90_000);
  const { token } = await newAccount([Role.BLOG_ADMIN]);
  await signInAs(page, token);
  const word = uniqueName('zebrafish');
  const title = `Salamanders ${word}`;
  const chinese = '蝾螈栖息地';

  await page.goto('/blog/manage/article/add');
  const titleBox = page.getByRole('textbox', { name: 'Title', exact: true });
  await whenHydrated(titleBox);
  await titleBox.fill(title);
  const markdown = page.getByRole('textbox', { name: 'Markdown', exact: true });
  await markdown.fill(
    `## ${chinese}\n\n${chinese}的水质与温度。The ${word} notes.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n`,
  );
  const picture = await sharp({
    create: { width: 640, height: 360, channels: 3, background: '#2a6' },
  })
    .png()
    .toBuffer();
  await page
    .getByLabel('Insert image', { exact: true })
    .setInputFiles({ name: 'pond.png', mimeType: 'image/png', buffer: picture });
  await expect(markdown).toHaveValue(/!\[[^\]]*\]\(\/uploads\/article\/[^)]+\)/);
  // The preview renders as the page will: the table and the uploaded image.
  await expect(page.locator('.prose-article table').first()).toBeVisible();

  await page.getByRole('combobox', { name: 'Category', exact: true }).selectOption({ index: 1 });
  await page.getByRole('radio', { name: /Publish now/ }).check();
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText('Published.', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/blog\/manage\/article\/edit\/[\w-]+$/);
  const id = new URL(page.url()).pathname.split('/').pop() ?? '';

  // Before the rebuild lands, the shell renders the article from the API.
  const early = await request.get(`/blog/${id}`);
  expect(early.status()).toBe(200);
  await page.goto(`/blog/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.locator('.prose-article img[src^="/uploads/article/"]')).toBeVisible();

  // After it, the prebuilt page holds the article, image and all.
  await waitForPrebuilt(request, id, title);
  await page.goto(`/blog/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const image = page.locator('.prose-article img[src^="/uploads/article/"]');
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);

  // Pagefind finds it by a Chinese and by an English word (its index follows the pages, in seconds).
  for (const term of [chinese, word]) {
    await expect(async () => {
      await page.goto(`/blog/search?q=${encodeURIComponent(term)}`);
      await expect(page.getByRole('link', { name: title }).first()).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 60_000 });
    await expect(page.getByText('these results come from the database')).toHaveCount(0);
  }

  // The feeds carry it, with its HTML.
  const rss = await (await request.get('/api/blog/feed/rss.xml')).text();
  expect(rss).toContain(title);
  expect(rss).toContain(`/blog/${id}`);
  const atom = await request.get('/api/blog/feed/atom.xml');
  expect(atom.headers()['content-type']).toContain('application/atom+xml');
  expect(await atom.text()).toContain(title);
});

async function postComment(page: Page, text: string) {
  const box = page.getByRole('textbox', { name: 'Your comment', exact: true });
  await whenHydrated(box);
  await box.fill(text);
  await page.getByRole('button', { name: 'Post comment', exact: true }).click();
  await expect(page.getByText(text, { exact: true })).toBeVisible();
}

test('readers comment, reply and vote on an article', async ({ browser, request }) => {
  const article = await firstDemoArticle(request);
  const alice = await newAccount();
  const bob = await newAccount();
  const first = `First thoughts ${uniqueName('c')}`;
  const reply = `A reply ${uniqueName('r')}`;

  const alicePage = await (await browser.newContext({ locale: 'en-US' })).newPage();
  await signInAs(alicePage, alice.token);
  await alicePage.goto(`/blog/${article.id}`);
  await alicePage.getByRole('heading', { name: 'Comments' }).scrollIntoViewIfNeeded();
  await postComment(alicePage, first);

  const bobPage = await (await browser.newContext({ locale: 'en-US' })).newPage();
  await signInAs(bobPage, bob.token);
  await bobPage.goto(`/blog/${article.id}`);
  await bobPage.getByRole('heading', { name: 'Comments' }).scrollIntoViewIfNeeded();
  const aliceComment = bobPage.locator('li, article', { hasText: first }).last();
  await whenHydrated(aliceComment.getByRole('button', { name: /Thumbs up/ }));
  await aliceComment.getByRole('button', { name: /Thumbs up/ }).click();
  await expect(aliceComment.getByRole('button', { name: /Thumbs up/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await aliceComment.getByRole('button', { name: 'Reply', exact: true }).click();
  await bobPage.getByRole('textbox', { name: /Reply to/ }).fill(reply);
  await bobPage.getByRole('button', { name: 'Post reply', exact: true }).click();
  await expect(bobPage.getByText(reply, { exact: true })).toBeVisible();

  // Switching the vote moves it; a reload shows the counts and Bob's own vote.
  await aliceComment.getByRole('button', { name: /Thumbs down/ }).click();
  await expect(aliceComment.getByRole('button', { name: /Thumbs down/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await bobPage.reload();
  await bobPage.getByRole('heading', { name: 'Comments' }).scrollIntoViewIfNeeded();
  const again = bobPage.locator('li, article', { hasText: first }).last();
  await expect(again.getByRole('button', { name: /Thumbs down/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(again.getByRole('button', { name: /Thumbs up/ })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expect(bobPage.getByText(reply, { exact: true })).toBeVisible();

  // Alice sees Bob's reply under her comment.
  await alicePage.reload();
  await alicePage.getByRole('heading', { name: 'Comments' }).scrollIntoViewIfNeeded();
  await expect(alicePage.getByText(reply, { exact: true })).toBeVisible();
});

test('the contact form stores a message while the mail server is down and mails it once it is back', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const subject = `Hello owner ${uniqueName('m')}`;
  await smtp(false);
  try {
    await page.goto('/blog/contact');
    // The form loads its code on first use: what is typed meanwhile is kept.
    await expect(page.locator('astro-island[ssr][client="interaction"]')).toHaveCount(1);
    const email = page.getByRole('textbox', { name: 'Your email', exact: true });
    await email.pressSequentially('reader@example.test');
    await page.getByRole('textbox', { name: 'Subject', exact: true }).fill(subject);
    await page
      .getByRole('textbox', { name: 'Message', exact: true })
      .fill('The mail server is down right now, yet this must not be lost.');
    await typeCaptcha(page);
    await expect(email).toHaveValue('reader@example.test');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByText('Your message is stored; the owner will read it.')).toBeVisible();

    // The owner reads it in the inbox although no mail went out.
    const owner = await newAccount([Role.SUPER_ADMIN]);
    const inbox = await (
      await page.context().browser()?.newContext({ locale: 'en-US' })
    )?.newPage();
    if (!inbox) throw new Error('no browser');
    await signInAs(inbox, owner.token);
    await inbox.goto('/blog/manage/contact/list');
    await expect(inbox.getByText(subject).first()).toBeVisible();
  } finally {
    await smtp(true);
  }
  // The queue retries after its first backoff (30 s).
  const mail = await mailTo(OWNER_EMAIL, /must not be lost/, 100_000);
  expect(mail.subject).toContain(subject);
});
