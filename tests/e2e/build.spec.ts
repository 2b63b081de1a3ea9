import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_DIST_DIR } from './ports.ts';

// The e2e server builds its pages into its own data folder: by now that is the build under test.
const dist = E2E_DIST_DIR;

function filesUnder(dir: string, suffix: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return filesUnder(full, suffix);
    return full.endsWith(suffix) ? [full] : [];
  });
}

test('no client chunk carries server code', () => {
  const chunks = filesUnder(path.join(dist, '_astro'), '.js');
  expect(chunks.length).toBeGreaterThan(0);
  for (const chunk of chunks) {
    const source = readFileSync(chunk, 'utf8');
    expect(source, chunk).not.toMatch(/\bkysely\b|\bfastify\b|["']node:[a-z]/);
  }
});

test('every page has a content security policy', () => {
  const pages = filesUnder(dist, '.html');
  expect(pages.length).toBeGreaterThan(40);
  for (const page of pages) {
    expect(readFileSync(page, 'utf8'), page).toMatch(
      /<meta http-equiv="content-security-policy" content="[^"]*script-src/,
    );
  }
});

test('the build writes the CDN rewrite rules for every dynamic route', () => {
  const redirects = readFileSync(path.join(dist, '_redirects'), 'utf8');
  const nginx = readFileSync(path.join(dist, 'nginx-rewrites.conf'), 'utf8');
  for (const pattern of [
    '/admin/user/edit/',
    '/blog/',
    '/proxy/node/edit/',
    '/blog/manage/tag/edit/',
  ]) {
    expect(redirects).toContain(pattern);
    expect(nginx).toContain(`"^${pattern}`);
  }
  expect(nginx).toContain('error_page 404 /404.html');
});

test('pages are served with their policy as a header, and islands hydrate under it', async ({
  page,
}) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  for (const url of ['/', '/blog', '/404', '/auth/login', '/practice']) {
    const response = await page.goto(url);
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp, url).toContain("frame-ancestors 'none'");
    expect(csp, url).toMatch(/script-src 'self' 'sha256-/);
    // The theme script ran (it sets data-theme before paint) and the header's islands hydrated.
    await expect(page.locator('html')).toHaveAttribute('data-theme', /light|dark/);
    await expect(page.getByRole('button', { name: /主题|Theme/ }).first()).toBeEnabled();
  }
  expect(violations).toEqual([]);
});

test('the API reference renders at /api/docs', async ({ page }) => {
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /Atrium API/ })).toBeVisible();
  await expect(page.getByText('/api/user/info/private').first()).toBeVisible();
});
