import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type * as Common from '@/lib/api/common.ts';
import type * as Proxy from '@/lib/api/proxy.ts';
import type { TokenBody, TokenDto, TokenSecret } from '@/lib/api/proxy.ts';
import { DEFAULT_LOCALE } from '@/lib/i18n/index.ts';
import { $locale } from '@/lib/stores/prefs.ts';
import TokenForm from './TokenForm.tsx';
import { button, click, field, settle, type } from './dom.test-helpers.ts';
import { endOfDay, pickedDate } from './token-draft.ts';

const api = vi.hoisted(() => ({
  createToken: vi.fn<(body: TokenBody) => Promise<TokenSecret>>(),
  getQrCode: vi.fn<(data: string) => Promise<string>>(),
  listSubscriptions: vi.fn(),
  listNodes: vi.fn(),
}));
vi.mock('@/lib/api/proxy.ts', async (original) => ({
  ...(await original<typeof Proxy>()),
  createToken: api.createToken,
  listSubscriptions: api.listSubscriptions,
  listNodes: api.listNodes,
}));
vi.mock('@/lib/api/common.ts', async (original) => ({
  ...(await original<typeof Common>()),
  getQrCode: api.getQrCode,
}));

const time = '2026-05-01T08:00:00.000Z';
const LINK = 'https://atrium.example/api/proxy/agg/SECRET';

function tokenOf(body: TokenBody): TokenDto {
  return {
    id: 't1',
    name: body.name,
    scope: body.scope,
    expireTime: body.expireTime,
    dailyLimit: body.dailyLimit || null,
    notes: body.notes,
    status: 'active',
    usesToday: 0,
    lastUseTime: null,
    createTime: time,
    updateTime: time,
  };
}

let root: Root;
let host: HTMLDivElement;

beforeEach(async () => {
  $locale.set('en');
  api.createToken.mockImplementation(async (body) => ({
    token: tokenOf(body),
    secret: 'SECRET',
    link: LINK,
  }));
  api.getQrCode.mockResolvedValue('data:image/png;base64,AAAA');
  const empty = { records: [], totalRecordNum: 0, totalPageNum: 0, pageNum: 1, pageSize: 20 };
  api.listSubscriptions.mockResolvedValue(empty);
  api.listNodes.mockResolvedValue(empty);
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root.render(<TokenForm />));
});

afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
  vi.clearAllMocks();
  $locale.set(DEFAULT_LOCALE);
});

test('the expiry is an explicit choice: nothing is sent until a date or "never" is chosen', async () => {
  await type(field(host, 'Name'), 'Phone');
  await click(button(host, 'Create token'));
  expect(api.createToken).not.toHaveBeenCalled();
  expect(host.textContent).toContain('Choose an expiry date, or choose that it never expires.');

  const untilDate = [...host.querySelectorAll<HTMLInputElement>('input[type="radio"]')].find((r) =>
    r.closest('label')?.textContent?.includes('Until a date'),
  );
  if (!untilDate) throw new Error('no date choice');
  await click(untilDate);
  await click(button(host, '30 days'));
  await click(button(host, 'Create token'));
  await settle();

  expect(api.createToken).toHaveBeenCalledWith({
    name: 'Phone',
    scope: { mode: 'all' },
    expireTime: endOfDay(pickedDate('days30', new Date())),
    dailyLimit: 0,
    notes: '',
  });
});

test('a new token shows its link once, for each client, with a QR code and the warning', async () => {
  await type(field(host, 'Name'), 'Laptop');
  const never = [...host.querySelectorAll<HTMLInputElement>('input[type="radio"]')].find((r) =>
    r.closest('label')?.textContent?.includes('Never expires'),
  );
  if (!never) throw new Error('no never choice');
  await click(never);
  await click(button(host, 'Create token'));
  await settle();

  expect(api.createToken.mock.calls[0]?.[0]).toMatchObject({ expireTime: null });
  expect(host.textContent).toContain('shown only this once');
  const codes = [...host.querySelectorAll('code')].map((c) => c.textContent);
  expect(codes).toEqual([LINK, `${LINK}?target=clash`, `${LINK}?target=sing-box`]);
  expect(api.getQrCode).toHaveBeenCalledWith(LINK);
  expect(host.querySelector('img')?.getAttribute('src')).toBe('data:image/png;base64,AAAA');
  expect(host.querySelector('a[href="/proxy/token/edit/t1"]')).not.toBeNull();
});

test('picking nodes needs at least one subscription or node', async () => {
  await type(field(host, 'Name'), 'Picky');
  const pick = [...host.querySelectorAll<HTMLInputElement>('input[type="radio"]')].find((r) =>
    r.closest('label')?.textContent?.includes('Chosen subscriptions and nodes'),
  );
  if (!pick) throw new Error('no pick choice');
  await click(pick);
  await settle();
  await click(button(host, 'Create token'));
  expect(host.textContent).toContain('No subscriptions yet.');
  expect(host.textContent).toContain('Choose at least one subscription or node.');
  expect(api.createToken).not.toHaveBeenCalled();
});
