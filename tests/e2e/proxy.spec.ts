/**
 * The proxy area in the browser: nodes pasted as links and edited, a subscription synced from a
 * local upstream (the server runs with PROXY_ALLOW_PRIVATE_UPSTREAMS=true, playwright.config.ts),
 * a token's link shown once and opened by a browser and by each client, its access log; axe in
 * both themes and no sideways scroll at 375 px.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { parse as parseYaml } from 'yaml';
import { Role } from '../../src/lib/shared/permissions.ts';
import { newAccount, signInAs, uniqueName, whenHydrated } from './fixtures.ts';

test.use({ locale: 'en-US' });

const UUID = 'b831381d-6324-4d53-ad4f-8cda48b30811';
const GiB = 1024 ** 3;
/** A subscription's first sync, with margin (the server allows ~15 s). */
const SYNC_MS = 30_000;

const vlessLink = (name: string, host = 'hk.example.com') =>
  `vless://${UUID}@${host}:443?type=ws&host=cdn.example.com&path=%2Fray&security=tls&sni=cdn.example.com#${encodeURIComponent(name)}`;
const ssLink = (name: string) =>
  `ss://${Buffer.from('aes-128-gcm:secret-pw').toString('base64url')}@jp.example.com:8388#${encodeURIComponent(name)}`;

async function proxyAdmin(page: Page): Promise<string> {
  const { token } = await newAccount([Role.PROXY_ADMIN]);
  await signInAs(page, token);
  return token;
}

/** A call of the proxy API as the signed-in admin; its data. */
async function api<T>(
  request: APIRequestContext,
  token: string,
  path: string,
  data: unknown,
): Promise<T> {
  const response = await request.post(`/api/proxy/${path}`, {
    headers: { authorization: `Bearer ${token}` },
    data,
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

/** Nodes added through the API, as the add page would; their ids. */
async function addNodes(request: APIRequestContext, token: string, links: string[]) {
  const created = await api<{ nodes: { id: string }[] }>(request, token, 'node', {
    links: links.join('\n'),
  });
  return created.nodes.map((n) => n.id);
}

/**
 * The pages of each kind (lists, forms, and edit pages of records made through the API: a node,
 * a token, and a subscription whose upstream refuses, so it shows a failed sync).
 */
async function proxyPages(request: APIRequestContext, admin: string): Promise<string[]> {
  const [nodeId] = await addNodes(request, admin, [vlessLink(uniqueName('page'))]);
  const { token } = await api<{ token: { id: string } }>(request, admin, 'token', {
    name: uniqueName('page'),
    scope: { mode: 'all' },
    expireTime: null,
    dailyLimit: 100,
    notes: '',
  });
  const { subscription } = await api<{ subscription: { id: string } }>(request, admin, 'sub', {
    name: uniqueName('down'),
    url: 'http://127.0.0.1:9/sub',
    intervalHours: 6,
    prefix: '',
    include: '',
    exclude: '',
  });
  return [
    '/proxy/node/list',
    '/proxy/sub/list',
    '/proxy/token/list',
    '/proxy/node/add',
    '/proxy/sub/add',
    '/proxy/token/add',
    `/proxy/node/edit/${nodeId ?? ''}`,
    `/proxy/sub/edit/${subscription.id}`,
    `/proxy/token/edit/${token.id}`,
  ];
}

/** A provider's subscription on a local port: base64 share links and its quota header. */
async function startUpstream(links: string[], userinfo: string): Promise<Server> {
  const server = createServer((_request, response) => {
    response.setHeader('content-type', 'text/plain; charset=utf-8');
    response.setHeader('subscription-userinfo', userinfo);
    response.end(Buffer.from(links.join('\n')).toString('base64'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

test('a proxy admin pastes links, previews the good and bad lines, saves and edits a node', async ({
  page,
}) => {
  await proxyAdmin(page);
  const name = uniqueName('paste');
  await page.goto('/proxy/node/add');
  const links = await whenHydrated(page.getByRole('textbox', { name: 'Share links' }));
  await links.fill(
    [vlessLink(`🇭🇰 ${name} 01`), ssLink(`Japan ${name} 02`), 'this is not a link'].join('\n'),
  );
  await page.getByRole('button', { name: 'Preview', exact: true }).click();

  const preview = page.getByRole('region', { name: 'Preview (nothing saved yet)' });
  await expect(preview.getByRole('heading', { name: '2 nodes can be saved' })).toBeVisible();
  await expect(preview.getByText(`🇭🇰 ${name} 01`, { exact: true })).toBeVisible();
  await expect(preview.getByText('jp.example.com:8388', { exact: true })).toBeVisible();
  await expect(preview.getByRole('heading', { name: '1 line could not be read' })).toBeVisible();
  await expect(preview.getByText('Line 3', { exact: true })).toBeVisible();
  await expect(preview.getByText('this is not a link', { exact: true })).toBeVisible();
  await expect(preview.getByText(/not a share link/)).toBeVisible();

  await page.getByRole('button', { name: 'Save 2 nodes' }).click();
  await expect(page.getByRole('heading', { name: '2 nodes saved' })).toBeVisible();
  await page.getByRole('link', { name: `🇭🇰 ${name} 01` }).click();

  await expect(page).toHaveURL(/\/proxy\/node\/edit\/[\w-]+$/);
  const path = await whenHydrated(page.getByRole('textbox', { name: 'Path', exact: true }));
  await expect(path).toHaveValue('/ray');
  await expect(page.getByText('Saving your changes detaches it')).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`${name} renamed`);
  await path.fill('/new');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Node saved.')).toBeVisible();
  const link = page.locator('code', { hasText: 'vless://' });
  await expect(link).toContainText('path=%2Fnew');
  await expect(link).toContainText(encodeURIComponent(`${name} renamed`));

  await page.goto(`/proxy/node/list?q=${name}`);
  const table = page.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('link', { name: `${name} renamed`, exact: true })).toBeVisible();
  await expect(table.getByText('Added by hand').first()).toBeVisible();
});

test('a subscription served by a local upstream syncs its nodes and quota', async ({ page }) => {
  test.setTimeout(SYNC_MS * 3);
  await proxyAdmin(page);
  const name = uniqueName('provider');
  const expire = Math.floor(Date.now() / 1000) + 30 * 86_400;
  const upstream = await startUpstream(
    [vlessLink(`${name} HK`, 'a.example.com'), ssLink(`${name} JP`)],
    `upload=${GiB}; download=${2 * GiB}; total=${100 * GiB}; expire=${expire}`,
  );
  try {
    const { port } = upstream.address() as AddressInfo;
    await page.goto('/proxy/sub/add');
    await whenHydrated(page.getByRole('textbox', { name: 'Name', exact: true }));
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await page
      .getByRole('textbox', { name: 'Subscription URL' })
      .fill(`http://127.0.0.1:${port}/sub?token=abc`);
    await page.getByRole('textbox', { name: 'Keep only names matching' }).fill('(');
    await page.getByRole('button', { name: 'Add and sync' }).click();
    await expect(page.getByText('This is not a valid regular expression.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Keep only names matching' }).fill('');
    await page.getByRole('button', { name: 'Add and sync' }).click();

    const result = page.getByRole('region', { name: `Subscription “${name}” added` });
    await expect(result).toBeVisible({ timeout: SYNC_MS });
    await expect(result.getByText('OK · 2 nodes found')).toBeVisible();
    await expect(result.getByText('3 GB used of 100 GB')).toBeVisible();

    await result.getByRole('link', { name: 'See its nodes' }).click();
    await expect(page).toHaveURL(/\/proxy\/node\/list\?source=/);
    const table = page.getByRole('table');
    await expect(table.getByRole('link', { name: `${name} HK`, exact: true })).toBeVisible();
    await expect(table.getByRole('link', { name: `${name} JP`, exact: true })).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(3);

    // The node's editor says that a hand edit detaches it.
    await table.getByRole('link', { name: `Edit node “${name} HK”` }).click();
    await expect(page.getByText('Saving your changes detaches it')).toBeVisible();

    await page.goto(`/proxy/sub/list?q=${name}`);
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row.getByText('3 GB used of 100 GB')).toBeVisible();
    await expect(row.getByText('OK · 2 nodes found')).toBeVisible();
    await row.getByRole('button', { name: `Sync now “${name}”` }).click();
    await expect(page.getByText(new RegExp(`“${name}” synced`))).toBeVisible({ timeout: SYNC_MS });
  } finally {
    upstream.close();
  }
});

test('a token made to expire in 30 days shows its link once; browsers and clients open it; its log records them', async ({
  page,
  request,
}) => {
  const admin = await proxyAdmin(page);
  const name = uniqueName('phone');
  await addNodes(request, admin, [vlessLink(`${name} node`)]);

  await page.goto('/proxy/token/add');
  await whenHydrated(page.getByRole('textbox', { name: 'Name', exact: true }));
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByRole('button', { name: 'Create token' }).click();
  await expect(
    page.getByText('Choose an expiry date, or choose that it never expires.'),
  ).toBeVisible();
  await page.getByRole('radio', { name: 'Until a date' }).check();
  await page.getByRole('button', { name: '30 days' }).click();
  const in30 = new Date();
  in30.setDate(in30.getDate() + 30);
  const pad = (n: number) => String(n).padStart(2, '0');
  await expect(page.getByLabel('Expiry date')).toHaveValue(
    `${in30.getFullYear()}-${pad(in30.getMonth() + 1)}-${pad(in30.getDate())}`,
  );
  await page.getByRole('button', { name: 'Create token' }).click();

  const card = page.getByRole('region', { name: `The link of token “${name}”` });
  await expect(card).toBeVisible();
  await expect(card.getByText('the link is shown only this once')).toBeVisible();
  await expect(card.getByRole('img', { name: /QR code of the subscription link/ })).toBeVisible();
  const link = ((await card.locator('code').first().textContent()) ?? '').trim();
  expect(link).toMatch(/\/api\/proxy\/agg\/[\w-]+$/);
  await expect(card.locator('code').nth(1)).toHaveText(`${link}?target=clash`);
  const editHref = await page
    .getByRole('link', { name: /Open the page of token/ })
    .getAttribute('href');
  expect(editHref).toMatch(/^\/proxy\/token\/edit\//);

  // A browser gets the page with the QR codes.
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  expect(await page.locator('img').count()).toBeGreaterThan(0);

  // Each client gets its format.
  const clash = await request.get(`${link}?target=clash`, {
    headers: { 'user-agent': 'clash-verge/v2.2.3' },
  });
  expect(clash.status()).toBe(200);
  const config = parseYaml(await clash.text()) as { proxies?: { name: string }[] };
  expect(config.proxies?.some((p) => p.name.includes(name))).toBe(true);

  const singBox = await request.get(`${link}?target=sing-box`, {
    headers: { 'user-agent': 'SFA/1.11.0 (Android 14)' },
  });
  expect(singBox.status()).toBe(200);
  const profile = (await singBox.json()) as { outbounds?: { tag?: string }[] };
  expect(profile.outbounds?.some((o) => o.tag?.includes(name))).toBe(true);

  const plain = await request.get(link, { headers: { 'user-agent': 'v2rayN/7.10' } });
  expect(plain.status()).toBe(200);
  const shareLinks = Buffer.from(await plain.text(), 'base64').toString('utf8');
  expect(shareLinks).toContain('vless://');
  expect(shareLinks).toContain(encodeURIComponent(`${name} node`));

  // The token's page: its log has every request; the link is not shown again.
  await page.goto(editHref ?? '/');
  const log = page.getByRole('table', { name: /Requests made with this token/ });
  await expect(log.getByRole('row')).toHaveCount(5);
  for (const client of ['Clash Verge', 'sing-box', 'v2rayN']) {
    await expect(log.getByRole('cell', { name: client, exact: true }).first()).toBeVisible();
  }
  await expect(log.getByRole('cell', { name: 'Web page', exact: true })).toBeVisible();
  await expect(log.getByRole('cell', { name: 'Served', exact: true })).toHaveCount(4);
  await expect(page.getByText(link)).toHaveCount(0);

  // A new link is shown once and the old one stops; revoking stops the new one too.
  await page.getByRole('button', { name: 'Make a new link' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Make a new link' }).click();
  const rotated = page.getByRole('region', { name: `The new link of “${name}”` });
  await expect(rotated).toBeVisible();
  const newLink = ((await rotated.locator('code').first().textContent()) ?? '').trim();
  expect(newLink).not.toBe(link);
  expect((await request.get(link)).status()).toBe(404);
  expect((await request.get(newLink)).status()).toBe(200);

  await page.getByRole('button', { name: 'Revoke', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke', exact: true }).click();
  await expect(page.getByText('Token revoked.')).toBeVisible();
  await expect(page.getByText('This token is revoked: its link no longer works.')).toBeVisible();
  expect((await request.get(newLink)).status()).toBe(404);
});

async function violations(page: Page) {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ colorScheme: theme });

    test('the proxy pages have no axe violations', async ({ page, request }) => {
      const admin = await proxyAdmin(page);
      for (const path of await proxyPages(request, admin)) {
        await page.goto(path);
        await expect(page.locator('main')).toBeVisible();
        await expect(page.getByText('Loading…')).toHaveCount(0);
        expect(await violations(page), path).toEqual([]);
      }
    });
  });
}

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the proxy pages have no horizontal scroll (tables scroll in their own box)', async ({
    page,
    request,
  }) => {
    const admin = await proxyAdmin(page);
    for (const path of await proxyPages(request, admin)) {
      await page.goto(path);
      await expect(page.locator('main')).toBeVisible();
      await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
      await expect(page.getByText('Loading…')).toHaveCount(0);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});
