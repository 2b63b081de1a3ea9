import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { Role } from '../../src/lib/shared/permissions.ts';
import {
  mailTo,
  newAccount,
  setEmail,
  signInAs,
  typeCaptcha,
  uniqueName,
  whenHydrated,
} from './fixtures.ts';

test.use({ locale: 'en-US' });

function section(page: Page, heading: string) {
  return page.locator('section', {
    has: page.getByRole('heading', { name: heading, exact: true }),
  });
}

async function signOut(page: Page, nickname: string) {
  const header = page.getByRole('banner');
  await header.getByRole('button', { name: new RegExp(nickname) }).click();
  await header.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
}

async function signIn(page: Page, account: string, password: string) {
  await page.goto('/auth/login');
  await whenHydrated(page.getByRole('button', { name: 'Sign in', exact: true }));
  await page.getByRole('textbox', { name: 'Username or email', exact: true }).fill(account);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test('register, edit the profile (avatar, nickname, password, email), sign out and in again', async ({
  page,
}) => {
  const username = uniqueName('reg');
  const first = 'first passphrase 1';
  const second = 'second passphrase 2';
  const email = `${username}@example.test`;

  await page.goto('/auth/register');
  await whenHydrated(page.getByRole('button', { name: 'Create account' }));
  await page.getByRole('textbox', { name: 'Username', exact: true }).fill(username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(first);
  await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill(first);
  await page.getByRole('textbox', { name: 'Nickname', exact: true }).fill('注册用户');
  await typeCaptcha(page);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: /注册用户/ })).toBeVisible();

  await page.goto('/auth/profile');
  await whenHydrated(section(page, 'Nickname').getByRole('button', { name: 'Save', exact: true }));

  // Avatar: pick, crop (the default square), upload; the header shows the stored picture.
  const picture = await sharp({
    create: { width: 400, height: 300, channels: 3, background: '#3a7' },
  })
    .png()
    .toBuffer();
  const avatar = section(page, 'Avatar');
  await avatar
    .locator('input[type="file"]')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: picture });
  await avatar.getByRole('button', { name: 'Upload avatar' }).click();
  await expect(avatar.getByText('Your avatar is updated.')).toBeVisible();
  await expect(page.locator('header img[src*="/uploads/avatar/"]').first()).toBeVisible();

  const nickname = section(page, 'Nickname');
  await nickname.getByRole('textbox', { name: 'Nickname', exact: true }).fill('改过的昵称');
  await nickname.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(nickname.getByText('Nickname saved.')).toBeVisible();
  await expect(page.getByRole('button', { name: /改过的昵称/ })).toBeVisible();

  const password = section(page, 'Change password');
  await password.getByRole('textbox', { name: 'Current password', exact: true }).fill(first);
  await password.getByRole('textbox', { name: 'New password', exact: true }).fill(second);
  await password.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(second);
  await password.getByRole('button', { name: 'Save password' }).click();
  await expect(password.getByText(/Password saved/)).toBeVisible();

  const mail = section(page, 'Email');
  await mail.getByRole('textbox', { name: 'New email', exact: true }).fill(email);
  await mail.getByRole('button', { name: 'Send code' }).click();
  const message = await mailTo(email, /\b\d{6}\b/);
  const code = /\b(\d{6})\b/.exec(message.text)?.[1] ?? '';
  await mail.getByRole('textbox', { name: 'Code', exact: true }).fill(code);
  await mail.getByRole('button', { name: 'Change email' }).click();
  await expect(mail.getByText(`Your email is now ${email}.`)).toBeVisible();

  await signOut(page, '改过的昵称');
  await signIn(page, email, second);
  await expect(page.getByRole('button', { name: /改过的昵称/ })).toBeVisible();
});

test('recover an account through the mailed link', async ({ page }) => {
  const { user } = await newAccount();
  const email = `${user.username}@example.test`;
  await setEmail(user.id, email);

  await page.goto('/auth/recover/initiate');
  await whenHydrated(page.getByRole('button', { name: 'Send the link' }));
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await typeCaptcha(page);
  await page.getByRole('button', { name: 'Send the link' }).click();
  const message = await mailTo(email, /\/auth\/recover\/complete\?token=/);
  const link = /(https?:\/\/\S+\/auth\/recover\/complete\?token=\S+)/.exec(message.text)?.[1] ?? '';

  await page.goto(link);
  await expect(page.getByText(user.username).filter({ visible: true })).toBeVisible();
  await page
    .getByRole('textbox', { name: 'New password', exact: true })
    .fill('recovered passphrase 3');
  await page
    .getByRole('textbox', { name: 'Confirm password', exact: true })
    .fill('recovered passphrase 3');
  await page.getByRole('button', { name: 'Save and sign in' }).click();
  await expect(page.getByRole('button', { name: new RegExp(user.nickname) })).toBeVisible();

  await signOut(page, user.nickname);
  await page.goto(link);
  await expect(page.getByText(/expired, has been used already/)).toBeVisible();
  await signIn(page, user.username, 'recovered passphrase 3');
  await expect(page.getByRole('button', { name: new RegExp(user.nickname) })).toBeVisible();
});

test('sign in with GitHub', async ({ page }) => {
  await page.goto('/auth/login');
  const github = page
    .getByRole('link', { name: 'Continue with GitHub' })
    .or(page.getByRole('button', { name: 'Continue with GitHub' }));
  await (await whenHydrated(github)).click();
  // The fake GitHub approves at once for octocat and sends the browser back.
  await expect(page.getByRole('button', { name: /The Octocat/ })).toBeVisible({ timeout: 15_000 });
  const user = await page.evaluate(async () => {
    const response = await fetch('/api/user/info/private', {
      headers: { authorization: `Bearer ${localStorage.getItem('token') ?? ''}` },
    });
    return (await response.json()).data as {
      username: string;
      email: string | null;
      avatar: string | null;
    };
  });
  expect(user.username).toMatch(/^octocat/);
  expect(user.email).toBe('octocat@example.com');
  expect(user.avatar).not.toBeNull();
});

test('the owner locks a user whose page is open, and that page is signed out', async ({
  browser,
}) => {
  const target = await newAccount();
  const owner = await newAccount([Role.SUPER_ADMIN]);
  const userContext = await browser.newContext({ locale: 'en-US' });
  const ownerContext = await browser.newContext({ locale: 'en-US' });
  try {
    const userPage = await userContext.newPage();
    await signInAs(userPage, target.token);
    await userPage.goto('/pic');
    await expect(
      userPage.getByRole('button', { name: new RegExp(target.user.nickname) }),
    ).toBeVisible();

    const ownerPage = await ownerContext.newPage();
    await signInAs(ownerPage, owner.token);
    await ownerPage.goto(`/admin/user/edit/${target.user.id}`);
    await ownerPage.getByRole('button', { name: 'Lock account' }).click();
    await ownerPage.getByRole('dialog').getByRole('button', { name: 'Lock account' }).click();
    await expect(
      ownerPage
        .getByText(`${target.user.username} is locked.`)
        .or(ownerPage.getByText(`${target.user.nickname} is locked.`)),
    ).toBeVisible();

    // The open page's next heartbeat (every 10 s) answers -2: it clears its session and reloads.
    await expect(userPage).toHaveURL(/\/auth\/login\/?$/, { timeout: 20_000 });
    expect(await userPage.evaluate(() => localStorage.getItem('token'))).toBeNull();
  } finally {
    await userContext.close();
    await ownerContext.close();
  }
});
